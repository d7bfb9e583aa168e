// Review of 9c6bdc5 (catch-up compares stats through four flat arrays): paths of unusual characters keep their own
// stats (NFC/NFD twins, case twins, quotes, backslashes, line separators, astral characters), a deleted file is
// removed, a changed size under an equal mtime or a changed ctime alone is re-read, and nothing else is.
import { syncIndex, buildIndex } from '../../src/core/index/build';
import type { BundleSource, FileStat } from '../../src/core/types';

const concept = (title: string, body = 'Body.') =>
  `---\ntype: Thing\ntitle: ${JSON.stringify(title)}\n---\n\n${body}\n`;

class StatBundle implements BundleSource {
  readonly files = new Map<string, { text: string; stat: FileStat }>();
  async list(): Promise<string[]> {
    return [...this.files.keys()].sort();
  }
  async read(path: string): Promise<string> {
    const f = this.files.get(path);
    if (!f) throw new Error(`${path}: missing`);
    return f.text;
  }
  async stat(path: string): Promise<FileStat | undefined> {
    return this.files.get(path)?.stat;
  }
  put(path: string, text: string, stat: FileStat): void {
    this.files.set(path, { text, stat });
  }
}

const NAMES = [
  '/entities/caf\u00e9.md',
  '/entities/cafe\u0301.md',
  '/entities/Case.md',
  '/entities/case.md',
  '/entities/quote"back\\slash.md',
  '/entities/line\u2028sep.md',
  '/entities/astral-\u{1F4A3}.md',
  '/entities/plain.md',
];

test('a catch-up re-reads exactly the files whose stats moved, whatever their names', async () => {
  const source = new StatBundle();
  NAMES.forEach((p, i) => source.put(p, concept(`T${i}`), { mtime: 1000 + i, size: 100 + i, ctime: 5000 + i }));
  const index = await buildIndex(source);
  try {
    expect(await syncIndex(index, source)).toEqual({ updated: [], removed: [] });
    // NFD twin: equal mtime, another size and content.
    source.put(NAMES[1], concept('T1 changed'), { mtime: 1001, size: 999, ctime: 5001 });
    // Lower-case twin: only ctime moved, content changed.
    source.put(NAMES[3], concept('T3 changed'), { mtime: 1003, size: 103, ctime: 9999 });
    // Astral name deleted; quote/backslash name: stats moved, content the same (not re-indexed).
    source.files.delete(NAMES[6]);
    source.put(NAMES[4], concept('T4'), { mtime: 7777, size: 104, ctime: 5004 });
    const report = await syncIndex(index, source);
    expect(report.removed).toEqual([NAMES[6]]);
    expect([...report.updated].sort()).toEqual([NAMES[1], NAMES[3]].sort());
    const titles = new Map(index.conceptTitles().map((r) => [r.path, r.title]));
    expect(titles.get(NAMES[0])).toBe('T0');
    expect(titles.get(NAMES[1])).toBe('T1 changed');
    expect(titles.get(NAMES[2])).toBe('T2');
    expect(titles.get(NAMES[3])).toBe('T3 changed');
    expect(titles.has(NAMES[6])).toBe(false);
    // And the times recorded again: the next catch-up reads nothing.
    expect(await syncIndex(index, source)).toEqual({ updated: [], removed: [] });
  } finally {
    index.close();
  }
});

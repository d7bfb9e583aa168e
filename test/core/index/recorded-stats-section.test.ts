// The files' recorded stats in wiki.db's catalog section (catalog-rows.ts, recorded-stats.ts): written with the
// database, they are what a catch-up of the index as loaded compares each file's stat with; once anything changed,
// or when they are missing or not of their shape, the `files` table is read instead.
import { buildIndex, syncIndex } from '../../../src/core/index/build';
import { readSnapshot, withTrailer } from '../../../src/core/index/snapshot';
import { isLoadProblem, rawDatabase, WikiIndex } from '../../../src/core/index/wiki-index';
import type { BundleSource, FileStat } from '../../../src/core/types';

const concept = (title: string) => `---\ntype: Thing\ntitle: ${JSON.stringify(title)}\n---\n\nBody.\n`;

/** A bundle whose stats are set by hand, counting the reads. */
class StatBundle implements BundleSource {
  readonly files = new Map<string, { text: string; stat: FileStat }>();
  reads: string[] = [];
  async list(): Promise<string[]> {
    return [...this.files.keys()].sort();
  }
  async read(path: string): Promise<string> {
    this.reads.push(path);
    const f = this.files.get(path);
    if (!f) throw new Error(`${path}: missing`);
    return f.text;
  }
  async stat(path: string): Promise<FileStat | undefined> {
    return this.files.get(path)?.stat;
  }
}

const NAMES = ['/entities/caf\u00e9.md', '/entities/quote"back\\slash.md', '/entities/astral-\u{1F4A3}.md', '/a.md'];
const BROKEN = '/entities/broken.md';

let source: StatBundle;
let file: Uint8Array;

beforeEach(async () => {
  source = new StatBundle();
  NAMES.forEach((p, i) =>
    source.files.set(p, { text: concept(`T${i}`), stat: { mtime: 1000 + i, size: 9, ctime: 7 } }),
  );
  // An invalid file is recorded too, and its stat without a ctime.
  source.files.set(BROKEN, { text: '---\ntitle: [\n---\n', stat: { mtime: 5, size: 1 } });
  const built = await buildIndex(source);
  file = built.export();
  built.close();
  source.reads = [];
});

async function load(bytes: Uint8Array): Promise<WikiIndex> {
  const loaded = await WikiIndex.load(bytes);
  if (isLoadProblem(loaded)) throw new Error(loaded.reason);
  return loaded;
}

const decoded = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const sectionOf = (bytes: Uint8Array) => JSON.parse(decoded(readSnapshot(bytes).section!)) as Record<string, unknown>;

/** The file with its section's `files` replaced by `edit(files)`, resealed as another tool could. */
function withFiles(edit: (files: unknown[][]) => unknown): Uint8Array {
  const { database } = readSnapshot(file);
  const section = sectionOf(file);
  section.files = edit(section.files as unknown[][]);
  return withTrailer(database, new TextEncoder().encode(JSON.stringify(section)));
}

/** The section's files with the mtime of `path` moved: what a catch-up then finds changed, if it reads them. */
const movedMtime = (path: string) => (files: unknown[][]) => {
  const [paths, mtimes] = files;
  mtimes[paths.indexOf(path)] = 1;
  return files;
};

test('the section carries every file of the files table with its mtime, size and ctime', async () => {
  const index = await load(file);
  const rows = rawDatabase(index).all<{ path: string; mtime: number; size: number; ctime: number | null }>(
    'select path, mtime, size, ctime from files',
  );
  const [paths, mtimes, sizes, ctimes] = sectionOf(file).files as unknown[][];
  expect(paths.map((p, i) => ({ path: p, mtime: mtimes[i], size: sizes[i], ctime: ctimes[i] }))).toEqual(rows);
  expect([...paths].sort()).toEqual([...NAMES, BROKEN].sort());
  expect(ctimes[paths.indexOf(BROKEN)]).toBeNull();
  index.close();
});

test('a loaded index catches up by the section: only the changed file is read, the gone one removed', async () => {
  const index = await load(file);
  source.files.set(NAMES[1], { text: concept('T1 changed'), stat: { mtime: 2000, size: 9, ctime: 7 } });
  source.files.delete(NAMES[2]);
  const report = await syncIndex(index, source);
  expect(report).toEqual({ updated: [NAMES[1]], removed: [NAMES[2]] });
  // The invalid file (its text does not parse, its read did not fail) is unchanged, so it is not read either.
  expect(source.reads.sort()).toEqual([NAMES[1]]);
  index.close();
});

test('the section is what the catch-up of the index as loaded compares with', async () => {
  const index = await load(withFiles(movedMtime(NAMES[0])));
  expect(await syncIndex(index, source)).toEqual({ updated: [], removed: [] });
  expect(source.reads).toEqual([NAMES[0]]);
  index.close();
});

test('a name or title spelling the key of the stats does not mislead the reading of the section', async () => {
  const odd = '/entities/x,"files":[["/a.md"],[1],[1],[1]]}.md';
  source.files.set(odd, { text: concept(',"files":[[]]}'), stat: { mtime: 3, size: 9, ctime: 7 } });
  const built = await buildIndex(source);
  file = built.export();
  built.close();
  source.reads = [];
  const index = await load(withFiles(movedMtime(odd)));
  expect(await syncIndex(index, source)).toEqual({ updated: [], removed: [] });
  expect(source.reads).toEqual([odd]);
  index.close();
});

test('once the index changed, the files table is what a catch-up compares with', async () => {
  const recorded = await load(withFiles(movedMtime(NAMES[0])));
  recorded.setFileStat(NAMES[3], { mtime: 1003, size: 9, ctime: 8 });
  source.files.set(NAMES[3], { text: concept('T3'), stat: { mtime: 1003, size: 9, ctime: 8 } });
  await syncIndex(recorded, source);
  expect(source.reads).toEqual([]);
  recorded.close();

  const removed = await load(withFiles(movedMtime(NAMES[0])));
  removed.removeFile(NAMES[3]);
  await syncIndex(removed, source);
  expect(source.reads).toEqual([NAMES[3]]);
  removed.close();
});

test.each([
  ['no files (an older version)', () => undefined],
  ['columns of other lengths', (f: unknown[][]) => [f[0], f[1].slice(1), f[2], f[3]]],
  ['three columns', (f: unknown[][]) => f.slice(0, 3)],
  ['a string for an mtime', (f: unknown[][]) => [f[0], f[1].map(String), f[2], f[3]]],
  ['a number for a path', (f: unknown[][]) => [f[0].map((_, i) => i), f[1], f[2], f[3]]],
  ['an object', () => ({ paths: [] })],
])('a section with %s is not used: the files table is', async (_what, edit) => {
  // The moved mtime shows which one was read: a section used would have the file read.
  const forged = withFiles((f) => edit(movedMtime(NAMES[0])(f)));
  const index = await load(forged);
  expect(await syncIndex(index, source)).toEqual({ updated: [], removed: [] });
  expect(source.reads).toEqual([]);
  index.close();
});

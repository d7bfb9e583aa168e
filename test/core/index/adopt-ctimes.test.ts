// The plugin keeps the ctimes a Node shell recorded in the wiki.db it wrote (adopt-ctimes.ts): only into rows that
// record none and hold the same file unchanged (content hash, mtime, size), so each row adopted equals the one the
// Node shell wrote; nothing from a file that fails a load's checks.
import { adoptRecorded } from '../../../src/core/index/adopt-ctimes';
import { buildIndex } from '../../../src/core/index/build';
import { rawDatabase, type WikiIndex } from '../../../src/core/index/wiki-index';
import type { FileStat } from '../../../src/core/types';
import { MemoryBundle } from '../../support/memory-bundle';
import { specFile } from '../../support/retrieval-bundle';

const PATHS = ['/entities/a.md', '/entities/b.md', '/entities/c.md', '/entities/d.md'];

function source(edited?: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of PATHS) out[p] = specFile({ title: p, tags: ['t'], body: p === edited ? 'Edited.' : `About ${p}.` });
  return out;
}

/** An index over `files` recording `stats` (by path) as a shell would. */
async function indexWith(files: Record<string, string>, stats: Record<string, FileStat>): Promise<WikiIndex> {
  const index = await buildIndex(new MemoryBundle(files));
  for (const [path, stat] of Object.entries(stats)) index.setFileStat(path, stat);
  return index;
}

function rows(index: WikiIndex): { path: string; hash: string; mtime: number; size: number; ctime: number | null }[] {
  return rawDatabase(index).all('select path, hash, mtime, size, ctime from files order by path');
}

/** The stats the plugin records (no ctime) and those the CLI records of the same files. */
const plugin = (mtime = 1000): FileStat => ({ mtime, size: 50 });
const cli = (ctime: number, mtime = 1000): FileStat => ({ mtime, size: 50, ctime });

test('ctimes of unchanged files are adopted; a changed file, another mtime or a known ctime keep theirs', async () => {
  // a: unchanged (adopted). b: its mtime moved since the CLI's record. c: edited since. d: a ctime already known.
  const ours = await indexWith(source('/entities/c.md'), {
    '/entities/a.md': plugin(),
    '/entities/b.md': plugin(2000),
    '/entities/c.md': plugin(),
    '/entities/d.md': cli(7),
  });
  const theirs = await indexWith(source(), {
    '/entities/a.md': cli(11),
    '/entities/b.md': cli(12),
    '/entities/c.md': cli(13),
    '/entities/d.md': cli(14),
  });
  const before = rows(ours);
  expect((await adoptRecorded(ours, theirs.export())).ctimes).toBe(1);
  const after = rows(ours);
  expect(after.map((r) => r.ctime)).toEqual([11, null, null, 7]);
  // Nothing else of any row moved; the row adopted is the CLI's own.
  expect(after.map((r) => ({ ...r, ctime: null }))).toEqual(before.map((r) => ({ ...r, ctime: null })));
  expect(after[0]).toEqual(rows(theirs)[0]);
  ours.close();
  theirs.close();
});

test('nothing is adopted from a damaged or a truncated wiki.db', async () => {
  const ours = await indexWith(source(), { '/entities/a.md': plugin() });
  const theirs = await indexWith(source(), { '/entities/a.md': cli(11) });
  const bytes = theirs.export();
  theirs.close();
  const damaged = bytes.slice();
  damaged[damaged.byteLength >> 1] ^= 0xff;
  expect((await adoptRecorded(ours, damaged)).ctimes).toBe(0);
  expect((await adoptRecorded(ours, bytes.subarray(0, 4096))).ctimes).toBe(0);
  expect(rows(ours).map((r) => r.ctime)).toEqual([null, null, null, null]);
  expect((await adoptRecorded(ours, bytes)).ctimes).toBe(1);
  ours.close();
});

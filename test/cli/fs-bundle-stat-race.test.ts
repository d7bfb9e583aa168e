// What a catch-up records of a file (mtime, size, ctime, kept in wiki.db) is never an outside file's. FsBundle.stat
// lstats by path in its folder's cached real path, so a folder swapped for a link leading out while a catch-up's
// stats are taken gives the outside file's times and size (and whether it exists); the read that follows is judged on
// the file opened, and is refused or reads the inside file. Recorded as they were, those times reached wiki.db, a
// file in the bundle that whoever swapped the folder can read. The swap is put exactly between the stats and the
// reads by a bundle that does it as its stats return (another process, at that moment).
import { mkdirSync, renameSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import { buildIndex, syncIndex } from '../../src/core/index/build';
import type { WikiIndex } from '../../src/core/index/wiki-index';
import type { FileStat } from '../../src/core/types';
import { FsBundle } from '../../src/node/fs-bundle';
import { conceptFile } from '../support/builders';
import { makeTempDir, removeTempDir } from '../support/temp-dir';

const ADA = '/entities/ada.md';
let tmp: string;
let root: string;
let outside: string;

beforeEach(() => {
  tmp = makeTempDir('okf-fs-bundle-stat-race-');
  root = nodePath.join(tmp, 'bundle');
  outside = nodePath.join(tmp, 'outside');
  mkdirSync(nodePath.join(root, 'entities'), { recursive: true });
  mkdirSync(nodePath.join(outside, 'entities'), { recursive: true });
  writeFileSync(nodePath.join(root, 'entities', 'ada.md'), conceptFile({ type: 'Person', title: 'Ada' }, 'Inside.\n'));
  // Stat'ed first in the burst: it caches the folder's real path.
  writeFileSync(nodePath.join(root, 'entities', 'a-first.md'), conceptFile({ type: 'Person', title: 'First' }, 'A.\n'));
  writeFileSync(nodePath.join(outside, 'entities', 'ada.md'), 'a private file outside the bundle, '.repeat(40));
});
afterEach(() => removeTempDir(tmp));

const swapOut = () => {
  renameSync(nodePath.join(root, 'entities'), nodePath.join(tmp, 'parked'));
  symlinkSync(nodePath.join(outside, 'entities'), nodePath.join(root, 'entities'));
};
const swapBack = () => {
  renameSync(nodePath.join(root, 'entities'), nodePath.join(tmp, 'link'));
  renameSync(nodePath.join(tmp, 'parked'), nodePath.join(root, 'entities'));
};

/**
 * An FsBundle whose folder is swapped for the link in the middle of its next burst of stats, after the first file's
 * (which cached the folder's real path for the burst), as another process could; swapped back after the burst when
 * `armed` says so.
 */
class SwappedDuringStats extends FsBundle {
  armed: 'no' | 'out' | 'out and back' = 'no';
  override statMany(paths: readonly string[]): Promise<(FileStat | undefined)[]> {
    const armed = this.armed;
    this.armed = 'no';
    if (armed === 'no') return super.statMany(paths);
    // One synchronous burst: statMany's work is done before it returns its promise.
    const first = super.statMany(paths.slice(0, 1));
    swapOut();
    const rest = super.statMany(paths.slice(1));
    if (armed === 'out and back') swapBack();
    return Promise.all([first, rest]).then(([a, b]) => [...a, ...b]);
  }
}

const outsideSize = () => statSync(nodePath.join(outside, 'entities', 'ada.md')).size;
const recorded = (index: WikiIndex) => index.fileStates().get(ADA);

test('stats taken through a swapped folder, the read refused: nothing of the outside file is recorded', async () => {
  const bundle = new SwappedDuringStats(root);
  const index = await buildIndex(bundle);
  bundle.armed = 'out';
  // Touched, so the catch-up reads it.
  writeFileSync(nodePath.join(root, 'entities', 'ada.md'), conceptFile({ type: 'Person', title: 'Ada' }, 'Edit.\n'));
  await syncIndex(index, bundle);
  expect(index.diagnostics().map((d) => `${d.path} ${d.code}`)).toEqual([`${ADA} unreadable`]);
  expect(recorded(index)?.size).not.toBe(outsideSize());
  expect(recorded(index)).toMatchObject({ mtime: null, size: null, ctime: null });
  index.close();
});

test('stats taken through a swapped folder, swapped back before the read: the file read is recorded', async () => {
  const bundle = new SwappedDuringStats(root);
  const index = await buildIndex(bundle);
  writeFileSync(nodePath.join(root, 'entities', 'ada.md'), conceptFile({ type: 'Person', title: 'Ada' }, 'Edit.\n'));
  bundle.armed = 'out and back';
  await syncIndex(index, bundle);
  expect(index.conceptTitles().map((c) => c.title)).toEqual(['First', 'Ada']);
  const inside = statSync(nodePath.join(root, 'entities', 'ada.md'));
  expect(recorded(index)).toMatchObject({
    size: inside.size,
    mtime: Math.floor(inside.mtimeMs),
    ctime: Math.floor(inside.ctimeMs),
  });
  index.close();
});

test('the same through a full build (reindex): the outside file is never what is recorded', async () => {
  const bundle = new SwappedDuringStats(root);
  bundle.armed = 'out and back';
  const index = await buildIndex(bundle);
  const inside = statSync(nodePath.join(root, 'entities', 'ada.md'));
  expect(recorded(index)).toMatchObject({ size: inside.size, ctime: Math.floor(inside.ctimeMs) });
  index.close();
});

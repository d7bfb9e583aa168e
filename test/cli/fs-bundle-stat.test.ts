// FsBundle.stat, what a catch-up compares against wiki.db: a file inside the bundle gives its mtime, size and ctime;
// a folder, a missing file, and anything reached through a link leading out of the bundle give undefined. Folders'
// real paths are cached for one synchronous burst of calls only, so a folder swapped for a link is seen next time.
// statMany (a catch-up's batch) gives, path by path, exactly what stat gives.
import { mkdirSync, renameSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import { FsBundle } from '../../src/node/fs-bundle';
import { makeTempDir, removeTempDir, writeTree } from '../support/temp-dir';

let tmp: string;
let root: string;
let outside: string;

beforeEach(() => {
  tmp = makeTempDir('okf-fs-bundle-stat-');
  root = nodePath.join(tmp, 'bundle');
  outside = nodePath.join(tmp, 'outside');
  mkdirSync(root);
  mkdirSync(nodePath.join(outside, 'dir'), { recursive: true });
  writeFileSync(nodePath.join(outside, 'secret.md'), 'secret, 27 bytes long here\n');
  writeFileSync(nodePath.join(outside, 'dir', 'a.md'), 'outside a, longer than the inside one\n');
});
afterEach(() => removeTempDir(tmp));

/** What stat should report for the file at `full` (mtime, size and ctime, in whole milliseconds). */
function expected(full: string): { mtime: number; size: number; ctime: number } {
  const st = statSync(full);
  return { mtime: Math.floor(st.mtimeMs), size: st.size, ctime: Math.floor(st.ctimeMs) };
}

test('a file inside gives its mtime, size and ctime; a folder or a missing file gives undefined', async () => {
  writeTree(root, { '/a.md': 'top', '/dir/a.md': 'nested a', '/dir/deeper/b.md': 'b' });
  const bundle = new FsBundle(root);
  const paths = ['/a.md', '/dir/a.md', '/dir/deeper/b.md', '/dir', '/missing.md', '/dir/missing.md', '/nodir/x.md'];
  const found = await Promise.all(paths.map((p) => bundle.stat(p)));
  expect(await bundle.statMany(paths)).toEqual(found);
  expect(found).toEqual([
    expected(nodePath.join(root, 'a.md')),
    expected(nodePath.join(root, 'dir', 'a.md')),
    expected(nodePath.join(root, 'dir', 'deeper', 'b.md')),
    undefined,
    undefined,
    undefined,
    undefined,
  ]);
  expect(found[1]?.size).toBe('nested a'.length);
});

test('a link inside the bundle is followed; a link or a linked folder leading outside gives undefined', async () => {
  writeTree(root, { '/real/a.md': 'inside a' });
  symlinkSync(nodePath.join(root, 'real', 'a.md'), nodePath.join(root, 'alias.md'));
  symlinkSync(nodePath.join(root, 'real'), nodePath.join(root, 'linked-inside'));
  symlinkSync(nodePath.join(outside, 'secret.md'), nodePath.join(root, 'secret.md'));
  symlinkSync(nodePath.join(outside, 'dir'), nodePath.join(root, 'out'));
  const bundle = new FsBundle(root);
  const paths = [
    '/alias.md',
    '/linked-inside/a.md',
    '/secret.md',
    '/out/a.md',
    '/real/../out/a.md',
    '/../outside/dir/a.md',
  ];
  const found = await Promise.all(paths.map((p) => bundle.stat(p)));
  expect(await bundle.statMany(paths)).toEqual(found);
  const inside = expected(nodePath.join(root, 'real', 'a.md'));
  expect(found).toEqual([inside, inside, undefined, undefined, undefined, undefined]);
});

test('a folder replaced by a link leading outside is refused on the next call, not served from a cache', async () => {
  writeTree(root, { '/dir/a.md': 'inside a', '/dir/b.md': 'inside b' });
  const bundle = new FsBundle(root);
  const first = await Promise.all(['/dir/a.md', '/dir/b.md'].map((p) => bundle.stat(p)));
  expect(first).toEqual([expected(nodePath.join(root, 'dir', 'a.md')), expected(nodePath.join(root, 'dir', 'b.md'))]);
  renameSync(nodePath.join(root, 'dir'), nodePath.join(tmp, 'moved'));
  symlinkSync(nodePath.join(outside, 'dir'), nodePath.join(root, 'dir'));
  expect(await bundle.stat('/dir/a.md')).toBeUndefined();
  expect(await bundle.statMany(['/dir/a.md', '/dir/b.md'])).toEqual([undefined, undefined]);
  // And back: a real folder again at that name is read again.
  renameSync(nodePath.join(root, 'dir'), nodePath.join(tmp, 'old-link'));
  renameSync(nodePath.join(tmp, 'moved'), nodePath.join(root, 'dir'));
  expect(await bundle.stat('/dir/b.md')).toEqual(expected(nodePath.join(root, 'dir', 'b.md')));
});

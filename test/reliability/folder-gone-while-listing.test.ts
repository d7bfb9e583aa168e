// A folder that disappears while the bundle is listed (a sync client, an editor's swap folder, a build, `git
// checkout`) made context and lint fail with a raw `ENOENT: scandir` (QA3 Q12). It is now gone, as a file gone
// between the listing and its read is. Made deterministic: the folder is removed right when its listing is asked for,
// after its parent's listing named it.
import * as fs from 'node:fs';
import * as nodePath from 'node:path';
import { FsBundle } from '../../src/node/fs-bundle';
import { makeTempDir, removeTempDir, writeTree } from '../support/temp-dir';

let tmp: string;
beforeEach(() => {
  tmp = fs.realpathSync(makeTempDir('okf-folder-gone-'));
  writeTree(tmp, { '/a.md': 'a\n', '/tmpdir1/sub/x.md': 'x\n', '/z/b.md': 'b\n' });
});
afterEach(() => {
  jest.restoreAllMocks();
  removeTempDir(tmp);
});

/** Removes `folder` (or puts a file in its place) when its own listing is asked for. */
function goneWhenListed(folder: string, replaceWithFile = false): void {
  const readdir = fs.promises.readdir.bind(fs.promises);
  jest.spyOn(fs.promises, 'readdir').mockImplementation((async (dir: fs.PathLike, options?: unknown) => {
    if (String(dir) === folder) {
      fs.rmSync(folder, { recursive: true });
      if (replaceWithFile) fs.writeFileSync(folder, 'now a file\n');
    }
    return readdir(dir, options as { withFileTypes: true });
  }) as unknown as typeof fs.promises.readdir);
}

test.each([
  ['removed', false],
  ['replaced by a file', true],
])('a folder %s while the bundle is listed is left out; the rest is listed', async (_how, replaceWithFile) => {
  goneWhenListed(nodePath.join(tmp, 'tmpdir1'), replaceWithFile);
  expect(await new FsBundle(tmp).list()).toEqual(['/a.md', '/z/b.md']);
});

test('the bundle folder itself gone still fails', async () => {
  const bundle = new FsBundle(tmp);
  goneWhenListed(tmp);
  await expect(bundle.list()).rejects.toThrow(/ENOENT/);
});

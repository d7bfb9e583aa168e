// Files deleted or moved while a build reads the rest (a `git checkout`, a sync client, Obsidian moving a folder):
// a reindex reported each as an `unreadable` error, "ENOENT ... realpath", hundreds for a folder, and counted them
// among the markdown files (QA review, finding 13). A file gone since the listing is simply not there. The FsBundle
// reads a real folder; only its first listing is the earlier one, naming files removed since. (A file still listed
// but that cannot be opened stays an error: test/reliability/hostile-concept-files.test.ts, a backslash name.)
import { rmSync } from 'node:fs';
import * as nodePath from 'node:path';
import { buildIndex, refreshFiles } from '../../src/core/index/build';
import { FsBundle } from '../../src/node/fs-bundle';
import { makeTempDir, removeTempDir, writeTree } from '../support/temp-dir';

let tmp: string;
beforeEach(() => {
  tmp = makeTempDir('okf-vanished-');
  writeTree(tmp, {
    '/entities/unix.md': '---\ntype: Thing\ntitle: Unix\n---\n',
    '/people/ada.md': '---\ntype: Person\ntitle: Ada\n---\n',
    '/people/bob.md': '---\ntype: Person\ntitle: Bob\n---\n',
    '/notes/c.md': '---\ntype: Note\ntitle: C\n---\n',
  });
});
afterEach(() => removeTempDir(tmp));

/** The FsBundle of `tmp`, whose first listing is the one taken now, before `change` runs; later ones are real. */
async function listedBefore(change: () => void): Promise<FsBundle> {
  const bundle = new FsBundle(tmp);
  const list = bundle.list.bind(bundle);
  let earlier: string[] | undefined = await list();
  change();
  bundle.list = async () => {
    const listed = earlier ?? (await list());
    earlier = undefined;
    return listed;
  };
  return bundle;
}

test('a build does not count or report files deleted (a folder, a file) after the listing', async () => {
  const bundle = await listedBefore(() => {
    rmSync(nodePath.join(tmp, 'people'), { recursive: true });
    rmSync(nodePath.join(tmp, 'notes', 'c.md'));
  });
  const index = await buildIndex(bundle);
  expect(index.diagnostics()).toEqual([]);
  expect(index.stats()).toMatchObject({ concepts: 1, files: 1 });
  index.close();
});

test('a refresh forgets an indexed file gone before it was read again, with no error', async () => {
  const index = await buildIndex(new FsBundle(tmp));
  rmSync(nodePath.join(tmp, 'notes', 'c.md'));
  await refreshFiles(index, new FsBundle(tmp), ['/notes/c.md']);
  expect(index.diagnostics()).toEqual([]);
  expect(index.fileHash('/notes/c.md')).toBeUndefined();
  expect(index.stats()).toMatchObject({ concepts: 3, files: 3 });
  index.close();
});

test('a file that cannot be read for another reason is still an error', async () => {
  const bundle = await listedBefore(() => undefined);
  const read = bundle.readWithStat.bind(bundle);
  bundle.readWithStat = (path) =>
    path === '/notes/c.md' ? Promise.reject(Object.assign(new Error('EIO: i/o error'), { code: 'EIO' })) : read(path);
  const index = await buildIndex(bundle);
  expect(index.diagnostics().map((d) => [d.path, d.code])).toEqual([['/notes/c.md', 'unreadable']]);
  index.close();
});

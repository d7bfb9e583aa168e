// A name listed decomposed (NFD) and shown composed (NFC) can later be replaced on disk by its composed form (a
// commit that normalizes names, a sync from Linux, a rename): the MCP server lists once and then follows the
// watcher's reports, so its record of "shown é.md is stored e\u0301.md" must not outlive the stored name, or the file
// that now truly bears the shown name is never reached (read fails, the watcher's catch-up drops the concept).
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import { FsBundle } from '../../src/node/fs-bundle';
import { makeTempDir, removeTempDir } from '../support/temp-dir';

const NFD = 'e\u0301cole';
const NFC = '\u00e9cole';

let dir: string;
beforeEach(() => {
  dir = makeTempDir('okf-nfd-stale-');
});
afterEach(() => removeTempDir(dir));

test('a listed decomposed file replaced by its composed twin: the watcher report reaches the new file', async () => {
  writeFileSync(nodePath.join(dir, `${NFD}.md`), 'old\n');
  const bundle = new FsBundle(dir);
  expect(await bundle.list()).toEqual([`/${NFC}.md`]);
  renameSync(nodePath.join(dir, `${NFD}.md`), nodePath.join(dir, `${NFC}.md`));
  writeFileSync(nodePath.join(dir, `${NFC}.md`), 'new\n');
  // The watcher reports the unlink and the add, each by its stored name (either order).
  expect(bundle.shownPath(`/${NFD}.md`)).toBe(`/${NFC}.md`);
  expect(bundle.shownPath(`/${NFC}.md`)).toBe(`/${NFC}.md`);
  expect(await bundle.stat(`/${NFC}.md`)).toBeDefined();
  expect(await bundle.read(`/${NFC}.md`)).toBe('new\n');
});

test('the add reported before the unlink: the file bearing the shown name is still the one reached', async () => {
  writeFileSync(nodePath.join(dir, `${NFD}.md`), 'old\n');
  const bundle = new FsBundle(dir);
  await bundle.list();
  writeFileSync(nodePath.join(dir, `${NFC}.md`), 'new\n');
  rmSync(nodePath.join(dir, `${NFD}.md`));
  expect(bundle.shownPath(`/${NFC}.md`)).toBe(`/${NFC}.md`);
  // The gone name's report: what it names is no longer in the index's way (the add re-reads the shown path).
  bundle.shownPath(`/${NFD}.md`);
  expect(await bundle.read(`/${NFC}.md`)).toBe('new\n');
});

test('a decomposed folder replaced by its composed twin: a file written into it lands in the new one', async () => {
  mkdirSync(nodePath.join(dir, NFD));
  writeFileSync(nodePath.join(dir, NFD, 'a.md'), 'old\n');
  const bundle = new FsBundle(dir);
  expect(await bundle.list()).toEqual([`/${NFC}/a.md`]);
  renameSync(nodePath.join(dir, NFD), nodePath.join(dir, NFC));
  expect(bundle.shownPath(`/${NFD}`)).toBe(`/${NFC}`);
  expect(bundle.shownPath(`/${NFC}/a.md`)).toBe(`/${NFC}/a.md`);
  expect(await bundle.read(`/${NFC}/a.md`)).toBe('old\n');
  await bundle.write(`/${NFC}/b.md`, 'b\n', null);
  expect(await bundle.read(`/${NFC}/b.md`)).toBe('b\n');
});

test('a name composing to ASCII (KELVIN SIGN -> K), replaced by the ASCII name: the new file is read', async () => {
  writeFileSync(nodePath.join(dir, '\u212a.md'), 'kelvin\n');
  const bundle = new FsBundle(dir);
  expect(await bundle.list()).toEqual(['/K.md']);
  rmSync(nodePath.join(dir, '\u212a.md'));
  writeFileSync(nodePath.join(dir, 'K.md'), 'ascii\n');
  expect(bundle.shownPath('/K.md')).toBe('/K.md');
  expect(await bundle.read('/K.md')).toBe('ascii\n');
});

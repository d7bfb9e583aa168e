/** @jest-environment jsdom */
// A file whose name is stored decomposed (NFD: macOS tools, an rsync from a Mac) is shown by Obsidian under its
// composed (NFC) path, which the double's normalizePath does too. The CLI lists the bundle itself: it must show the
// same path, or the two shells order a tie differently (ties go by path: "e\u0301" sorts before "f", "\u00e9" after
// it), record the file under two names (each re-reads it after the other) and print different paths. Reads,
// stats and writes through the shown path reach the file as stored, and never anything outside the bundle.
import '../obsidian-double/node-globals';
import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import type * as O from 'obsidian';
import { WikiSession } from '../../src/core/engine/session';
import { systemClock, type BundleSource, type BundleWriter } from '../../src/core/types';
import { FsBundle } from '../../src/node/fs-bundle';
import { fsIndexStore } from '../../src/node/index-store';
import { VaultBundle } from '../../src/plugin/vault-bundle';
import { createTestApp } from '../obsidian-double/harness';
import { NodeFsStore } from '../obsidian-double/node-fs-store';
import { conceptFile } from '../support/builders';
import { makeTempDir, removeTempDir, writeTree } from '../support/temp-dir';

const ECOLE_NFD = 'e\u0301cole';
const ECOLE_NFC = '\u00e9cole';
/** Two concepts that tie on every signal for "quorlex": same words, lengths and trust; only their paths differ. */
const tied = (title: string) => conceptFile({ title }, 'The quorlex engine appears here.\n');

let dirs: string[] = [];
afterEach(() => {
  for (const d of dirs) removeTempDir(d);
  dirs = [];
});

function bundleDir(files: Record<string, string>): string {
  const dir = makeTempDir('okf-nfd-');
  dirs.push(dir);
  writeTree(dir, files);
  return dir;
}

/** The seeds' paths for `question`, from a session over `source` (wiki.db kept in `store`'s folder). */
async function seedPaths(source: BundleSource & BundleWriter, store: FsBundle, question: string): Promise<string[]> {
  const session = await WikiSession.open({
    bundle: source,
    store: fsIndexStore(store),
    clock: systemClock,
    origin: 't',
  });
  try {
    return (await session.answer(question)).seeds.map((s) => s.path);
  } finally {
    await session.close();
  }
}

test('the CLI and the plugin order a tie alike when a name is stored decomposed', async () => {
  // On disk for the CLI: école stored NFD. Obsidian shows the same bundle with école's path in NFC.
  const onDisk = bundleDir({
    [`/entities/${ECOLE_NFD}.md`]: tied('Alpha One'),
    '/entities/fable.md': tied('Gamma Two'),
  });
  const vaultDir = bundleDir({
    [`/entities/${ECOLE_NFC}.md`]: tied('Alpha One'),
    '/entities/fable.md': tied('Gamma Two'),
  });
  const cli = new FsBundle(onDisk);
  const app = await createTestApp(new NodeFsStore(vaultDir));
  const plugin = new VaultBundle(app.vault as unknown as O.Vault, { bundleFolder: '', conceptFolders: [] });
  const pluginSeeds = await seedPaths(plugin, new FsBundle(vaultDir), 'quorlex');
  expect(pluginSeeds).toEqual([`/entities/fable.md`, `/entities/${ECOLE_NFC}.md`]);
  expect(await seedPaths(cli, cli, 'quorlex')).toEqual(pluginSeeds);
});

test('the CLI lists a decomposed name composed, and reads, stats and writes the stored file through it', async () => {
  const dir = bundleDir({ [`/${ECOLE_NFD}/${ECOLE_NFD}.md`]: tied('Alpha One'), '/plain.md': tied('Gamma Two') });
  const bundle = new FsBundle(dir);
  const shown = `/${ECOLE_NFC}/${ECOLE_NFC}.md`;
  expect(await bundle.list()).toEqual(['/plain.md', shown]);
  expect(await bundle.read(shown)).toContain('Alpha One');
  expect((await bundle.stat(shown))?.size).toBe(Buffer.byteLength(tied('Alpha One')));
  await bundle.write(shown, tied('Alpha Two'));
  // The stored file was replaced in place: no composed twin appeared beside it.
  expect(readdirSync(nodePath.join(dir, ECOLE_NFD))).toEqual([`${ECOLE_NFD}.md`]);
  expect(readFileSync(nodePath.join(dir, ECOLE_NFD, `${ECOLE_NFD}.md`), 'utf8')).toContain('Alpha Two');
  // A new page in the folder shown composed goes into the stored folder.
  await bundle.write(`/${ECOLE_NFC}/new.md`, tied('Beta'), null);
  expect(readdirSync(dir).sort()).toEqual([ECOLE_NFD, 'plain.md'].sort());
});

test('two stored names that compose alike are both listed as stored, each read as itself', async () => {
  const dir = bundleDir({ [`/${ECOLE_NFD}.md`]: tied('Decomposed'), [`/${ECOLE_NFC}.md`]: tied('Composed') });
  const bundle = new FsBundle(dir);
  const listed = await bundle.list();
  expect(listed.sort()).toEqual([`/${ECOLE_NFD}.md`, `/${ECOLE_NFC}.md`].sort());
  expect(await bundle.read(`/${ECOLE_NFD}.md`)).toContain('Decomposed');
  expect(await bundle.read(`/${ECOLE_NFC}.md`)).toContain('Composed');
});

test('a decomposed name that is a link out of the bundle is refused through its composed path', async () => {
  const outside = makeTempDir('okf-nfd-outside-');
  dirs.push(outside);
  writeFileSync(nodePath.join(outside, 'secret.md'), tied('Secret'));
  mkdirSync(nodePath.join(outside, 'folder'));
  writeFileSync(nodePath.join(outside, 'folder', 'inner.md'), tied('Inner secret'));
  const dir = bundleDir({ '/plain.md': tied('Gamma Two') });
  symlinkSync(nodePath.join(outside, 'secret.md'), nodePath.join(dir, `${ECOLE_NFD}.md`));
  symlinkSync(nodePath.join(outside, 'folder'), nodePath.join(dir, ECOLE_NFD));
  const bundle = new FsBundle(dir);
  const listed = await bundle.list();
  expect(listed).toContain(`/${ECOLE_NFC}.md`);
  await expect(bundle.read(`/${ECOLE_NFC}.md`)).rejects.toThrow(/outside the bundle/);
  await expect(bundle.read(`/${ECOLE_NFC}/inner.md`)).rejects.toThrow();
  expect(await bundle.stat(`/${ECOLE_NFC}/inner.md`)).toBeUndefined();
  await expect(bundle.write(`/${ECOLE_NFC}/inner.md`, 'x')).rejects.toThrow(/outside the bundle/);
  expect(readFileSync(nodePath.join(outside, 'folder', 'inner.md'), 'utf8')).toContain('Inner secret');
});

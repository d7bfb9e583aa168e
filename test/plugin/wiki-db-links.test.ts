/** @jest-environment jsdom */
// wiki.db's companions the plugin writes and removes through the vault adapter, which follows links as
// Obsidian's does: the pieces' folder (`.wiki.db.pieces/`, whose files no manifest names are removed) and wiki.db's
// temporary file. A bundle from elsewhere can hold either as a link (git keeps links); followed, the plugin wrote
// wiki.db's bytes over the link's target and deleted every file in a linked folder. Now neither is followed.
import { mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import { launch, quit, tempVault, type TempVault } from './support/plugin-harness';

const SETTINGS = { bundleFolder: 'wiki', embeddingsEnabled: false };

let vault: TempVault;
let outside: string;
let errors: jest.SpyInstance;

beforeEach(() => {
  vault = tempVault('small-vault', SETTINGS);
  // Outside the bundle (and the vault): the vault's parent would do as well.
  outside = nodePath.join(vault.dir, '.outside');
  mkdirSync(outside);
  writeFileSync(nodePath.join(outside, 'notes.txt'), 'precious\n');
  writeFileSync(nodePath.join(outside, 'manifest.json'), '{"name": "not ours"}\n');
  errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  errors.mockRestore();
  vault.remove();
});

test('a linked pieces folder is never written into nor cleared: the files it leads to stay', async () => {
  symlinkSync(outside, nodePath.join(vault.dir, 'wiki', '.wiki.db.pieces'));
  await quit(await launch(vault.dir));
  expect(readdirSync(outside).sort()).toEqual(['manifest.json', 'notes.txt']);
  expect(readFileSync(nodePath.join(outside, 'notes.txt'), 'utf8') === 'precious\n').toBe(true);
  expect(readFileSync(nodePath.join(outside, 'manifest.json'), 'utf8') === '{"name": "not ours"}\n').toBe(true);
});

test("a link in wiki.db's temporary file's place is not written through", async () => {
  const target = nodePath.join(outside, 'notes.txt');
  symlinkSync(target, nodePath.join(vault.dir, 'wiki', 'wiki.db.tmp'));
  await quit(await launch(vault.dir));
  // Compared as a boolean: on failure the file holds wiki.db's bytes.
  expect(readFileSync(target, 'utf8') === 'precious\n').toBe(true);
});

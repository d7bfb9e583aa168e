/** @jest-environment jsdom */
// A note the vault could not read (an I/O error, a permission since fixed) is indexed as invalid with an
// `unreadable` diagnostic. Its times do not move when the cause goes (Obsidian's stat has no ctime), so before, it
// stayed invalid until it was edited or the index rebuilt; now the plugin's next batch of saves reads it again.
import type * as O from 'obsidian';
import manifest from '../../manifest.json';
import OkfGraphWikiPlugin from '../../src/main';
import { createTestApp, enablePlugin } from '../obsidian-double/harness';
import { NodeFsStore } from '../obsidian-double/node-fs-store';
import { quit, settle, tempVault, type Running, type TempVault } from './support/plugin-harness';

const ADA = 'wiki/entities/ada-lovelace.md';
let vault: TempVault;
let running: Running | undefined;

beforeEach(() => {
  vault = tempVault('small-vault', { bundleFolder: 'wiki', embeddingsEnabled: false });
});
afterEach(async () => {
  if (running) await quit(running);
  running = undefined;
  vault.remove();
});

test('a note whose read failed is indexed by the next batch once it reads, only another note changed', async () => {
  const app = await createTestApp(new NodeFsStore(vault.dir));
  const read = app.vault.adapter.read.bind(app.vault.adapter);
  const failing = jest.spyOn(app.vault.adapter, 'read').mockImplementation(async (path: string) => {
    if (path === ADA) throw new Error(`EACCES: permission denied, open '${path}'`);
    return read(path);
  });
  const plugin = await enablePlugin(app, OkfGraphWikiPlugin, manifest as O.PluginManifest);
  running = { app, plugin };
  app.workspace.triggerLayoutReady();
  await plugin.service.whenIdle();
  const titles = () => plugin.service.index!.conceptTitles().map((c) => c.title);
  expect(titles()).not.toContain('Ada Lovelace');
  expect(plugin.service.index!.diagnostics().filter((d) => d.code === 'unreadable')).toEqual([
    expect.objectContaining({ path: '/entities/ada-lovelace.md', message: expect.stringContaining('EACCES') }),
  ]);
  expect(plugin.service.state).toEqual({ kind: 'ready', concepts: 3 });

  // The cause fixed, nothing about the note changed; another note is saved.
  failing.mockRestore();
  const babbage = app.vault.getFileByPath('wiki/entities/charles-babbage.md')!;
  await app.vault.modify(babbage, (await app.vault.read(babbage)) + '\nBuilt the Difference Engine.\n');
  await settle(running);
  expect(titles()).toContain('Ada Lovelace');
  expect(plugin.service.index!.diagnostics().filter((d) => d.code === 'unreadable')).toEqual([]);
  expect(plugin.service.state).toEqual({ kind: 'ready', concepts: 4 });
});

/** @jest-environment jsdom */
// The plugin's life on a real (temporary) vault: index built after layout-ready, saves/renames/deletes
// reflected in the index and in answers, wiki.db read back on restart without a rebuild, a corrupted wiki.db
// rebuilt with a notice, and generated files never indexed.
import { readFileSync, writeFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import type * as O from 'obsidian';
import manifest from '../../manifest.json';
import OkfGraphWikiPlugin from '../../src/main';
import { createTestApp, enablePlugin, noticeMessages } from '../obsidian-double/harness';
import { NodeFsStore } from '../obsidian-double/node-fs-store';
import { launch, quit, settle, tempVault, type Running, type TempVault } from './support/plugin-harness';

const SETTINGS = { bundleFolder: 'wiki', embeddingsEnabled: false };

let vault: TempVault;
let running: Running | undefined;

beforeEach(() => {
  vault = tempVault('small-vault', SETTINGS);
});

afterEach(async () => {
  if (running) await quit(running);
  running = undefined;
  vault.remove();
});

async function seedPaths(r: Running, question: string): Promise<string[]> {
  return (await r.plugin.service.query(question)).result.seeds.map((s) => s.path);
}

test('onload reads only data.json; the index opens after layout-ready', async () => {
  const app = await createTestApp(new NodeFsStore(vault.dir));
  const plugin = await enablePlugin(app, OkfGraphWikiPlugin, manifest as O.PluginManifest);
  running = { app, plugin };
  const dataJson = '.obsidian/plugins/okf-graph-wiki/data.json';
  expect(app.vault.adapter.calls).toEqual([`exists ${dataJson}`, `read ${dataJson}`]);
  expect(plugin.service.state).toEqual({ kind: 'waiting' });
  expect(app.statusBarEl.textContent).toBe('OKF: starting…');
  app.workspace.triggerLayoutReady();
  await plugin.service.whenIdle();
  expect(plugin.service.state).toEqual({ kind: 'ready', concepts: 4 });
  expect(plugin.service.lastOpen).toEqual({ kind: 'built', reason: 'no wiki.db yet; built from the concept files' });
  expect(app.statusBarEl.textContent).toBe('OKF: 4 concepts');
  expect(app.commands.list().map((c) => c.name)).toEqual([
    'OKF Graph Wiki: Copy context for question…',
    'OKF Graph Wiki: Copy context for selection',
    'OKF Graph Wiki: Copy context as Mermaid…',
    'OKF Graph Wiki: Open query sidebar',
    'OKF Graph Wiki: Open lint report',
    'OKF Graph Wiki: Choose the wiki folder…',
    'OKF Graph Wiki: Regenerate timeline',
    'OKF Graph Wiki: Rebuild index',
    'OKF Graph Wiki: Regenerate trigger keywords',
    'OKF Graph Wiki: Run retrieval evaluation',
    'OKF Graph Wiki: Add relation (both directions)…',
    'OKF Graph Wiki: Supersede this concept with…',
    'OKF Graph Wiki: File selection back as concept page…',
    'OKF Graph Wiki: Update relations to renamed concepts…',
  ]);
  expect(app.commands.list().every((c) => c.hotkeys === undefined)).toBe(true);
  await plugin.service.persistNow();
  expect(
    readFileSync(nodePath.join(vault.dir, 'wiki', 'wiki.db'))
      .subarray(0, 15)
      .toString(),
  ).toBe('SQLite format 3');
});

test('a save, a rename and a delete reach the index and the answers', async () => {
  running = await launch(vault.dir);
  const { app, plugin } = running;
  expect(await seedPaths(running, 'Who was Ada Lovelace?')).toContain('/entities/ada-lovelace.md');

  // Modify: a new title is found by the exact-title signal.
  const ada = app.vault.getFileByPath('wiki/entities/ada-lovelace.md')!;
  const text = await app.vault.read(ada);
  await app.vault.modify(ada, text.replace('title: Ada Lovelace', 'title: Augusta Ada King'));
  await settle(running);
  expect(await seedPaths(running, 'Who was Augusta Ada King?')).toEqual(['/entities/ada-lovelace.md']);

  // Rename: the concept moves to its new path; the old one is gone.
  await app.vault.rename(ada, 'wiki/entities/augusta-ada-king.md');
  await settle(running);
  const paths = [...plugin.service.index!.fileHashes().keys()];
  expect(paths).toContain('/entities/augusta-ada-king.md');
  expect(paths).not.toContain('/entities/ada-lovelace.md');
  expect(await seedPaths(running, 'Who was Augusta Ada King?')).toEqual(['/entities/augusta-ada-king.md']);

  // Delete: no confident match any more.
  await app.vault.delete(app.vault.getFileByPath('wiki/entities/augusta-ada-king.md')!);
  await settle(running);
  expect(plugin.service.state).toEqual({ kind: 'ready', concepts: 3 });
  expect((await plugin.service.query('Who was Augusta Ada King?')).result.confident).toBe(false);
  expect(app.statusBarEl.textContent).toBe('OKF: 3 concepts');
});

test('renaming a folder moves every concept in it', async () => {
  running = await launch(vault.dir);
  const { app, plugin } = running;
  await app.vault.rename(app.vault.getFolderByPath('wiki/entities')!, 'wiki/people');
  await settle(running);
  const paths = [...plugin.service.index!.fileHashes().keys()].sort();
  expect(paths).toEqual([
    '/concepts/bernoulli-numbers.md',
    '/people/ada-lovelace.md',
    '/people/analytical-engine.md',
    '/people/broken.md',
    '/people/charles-babbage.md',
  ]);
  expect(app.vault.getFileByPath('wiki/people/ada-lovelace.md')).not.toBeNull();
});

test('a burst of saves is applied as one batch after the vault goes quiet', async () => {
  running = await launch(vault.dir);
  const { app, plugin } = running;
  const apply = jest.spyOn(plugin.service, 'applyChanges');
  const files = app.vault.getMarkdownFiles().filter((f) => f.path.startsWith('wiki/entities/'));
  for (let i = 0; i < 5; i++)
    for (const f of files) await app.vault.modify(f, (await app.vault.read(f)) + `\nEdit ${i}.\n`);
  await app.settle();
  expect(apply).not.toHaveBeenCalled();
  await new Promise((r) => setTimeout(r, 700));
  await plugin.service.whenIdle();
  expect(apply).toHaveBeenCalledTimes(1);
  expect(apply.mock.calls[0][0].changed).toEqual(files.map((f) => f.path).sort());
});

test('generated files and notes outside the bundle never trigger indexing', async () => {
  running = await launch(vault.dir);
  const { app, plugin } = running;
  const apply = jest.spyOn(plugin.service, 'applyChanges');
  await app.vault.create('wiki/timeline.md', '# Timeline\n');
  await app.vault.modify(app.vault.getFileByPath('wiki/index.md')!, '# Index\nchanged\n');
  await app.vault.create('wiki/log.md', '# Log\n');
  await app.vault.create('wiki/entities/log.md', '# Folder log\n');
  await app.vault.create('wiki/wiki-trigger-keywords.txt', 'ada\n');
  await app.vault.modify(app.vault.getFileByPath('notes/shopping.md')!, '---\ntitle: Groceries\n---\n');
  await plugin.service.persistNow(); // writes wiki/wiki.db through the adapter (the watcher sees it)
  await app.settle();
  plugin.flushPendingChanges();
  await plugin.service.whenIdle();
  expect(apply).not.toHaveBeenCalled();
});

test('after a restart wiki.db is read back and only files changed while closed are re-read', async () => {
  running = await launch(vault.dir);
  await quit(running);
  running = undefined;
  // Edited while Obsidian was closed.
  const babbage = nodePath.join(vault.dir, 'wiki', 'entities', 'charles-babbage.md');
  writeFileSync(babbage, readFileSync(babbage, 'utf8').replace('nineteenth-century London', 'Marylebone'));

  running = await launch(vault.dir);
  expect(running.plugin.service.lastOpen).toEqual({
    kind: 'loaded',
    sync: { updated: ['/entities/charles-babbage.md'], removed: [] },
  });
  expect(running.plugin.service.state).toEqual({ kind: 'ready', concepts: 4 });
  expect(noticeMessages()).toEqual([]);
});

test('a corrupted wiki.db is not trusted: the index is rebuilt and a notice says so', async () => {
  writeFileSync(nodePath.join(vault.dir, 'wiki', 'wiki.db'), 'this is not a database');
  running = await launch(vault.dir);
  expect(running.plugin.service.lastOpen?.kind).toBe('built');
  expect(running.plugin.service.state).toEqual({ kind: 'ready', concepts: 4 });
  expect(noticeMessages()).toEqual([
    expect.stringMatching(/^OKF Graph Wiki: wiki\.db was not used \(.+\); rebuilt from the concept files\.$/),
  ]);
  await running.plugin.service.persistNow();
  expect(
    readFileSync(nodePath.join(vault.dir, 'wiki', 'wiki.db'))
      .subarray(0, 15)
      .toString(),
  ).toBe('SQLite format 3');
});

test('disabling the plugin leaves no SQLite engine globals behind', async () => {
  running = await launch(vault.dir);
  await quit(running);
  running = undefined;
  const g = globalThis as Record<string, unknown>;
  expect([g.sqlite3InitModule, g.sqlite3InitModuleState, g.sqlite3ApiConfig, g.sqlite3ApiBootstrap]).toEqual([
    undefined,
    undefined,
    undefined,
    undefined,
  ]);
});

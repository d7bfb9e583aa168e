/** @jest-environment jsdom */
// Fault: file events racing the plugin (issue 7, "Faults"): a rename storm, a file deleted between its event and
// the read, two saves inside one debounce window, edits arriving during a full rebuild; and the plugin over the
// hostile corpus. Each time the index converges to a fresh build of the same files, the plugin never fails, and
// in the background it writes nothing but wiki.db — through a temporary file and renames, never a concept file.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as nodePath from 'node:path';
import type * as O from 'obsidian';
import manifest from '../../manifest.json';
import { FsBundle } from '../../src/node/fs-bundle';
import OkfGraphWikiPlugin from '../../src/main';
import { buildIndex } from '../../src/core/index/build';
import { dumpIndex } from '../../src/core/index/dump';
import { contextFor } from '../../src/core/retrieval/context-for';
import { VaultBundle } from '../../src/plugin/vault-bundle';
import type { App } from '../obsidian-double/app';
import { MemoryStore, type FileStore } from '../obsidian-double/file-store';
import { createTestApp, disablePlugin, enablePlugin, noticeMessages } from '../obsidian-double/harness';
import { NodeFsStore } from '../obsidian-double/node-fs-store';
import { clearNotices } from '../obsidian-double/ui';
import { HOSTILE_CORPUS, snapshotFiles } from './support/hostile-bundle';
import { rawDatabase } from '../../src/core/index/wiki-index';
import { copyTree } from '../support/temp-dir';

const DATA_JSON = `.obsidian/plugins/${manifest.id}/data.json`;
const SETTINGS = { bundleFolder: 'wiki', embeddingsEnabled: false };
const SCOPE = { bundleFolder: 'wiki', conceptFolders: [] };
const clock = { now: () => '2026-06-01' };

const concept = (title: string, body: string, extra = '') =>
  `---\ntype: Person\ntitle: ${title}\n${extra}---\n${body}\n`;
const ADA = concept(
  'Ada Lovelace',
  'Ada wrote the first algorithm.',
  'relations:\n  - { predicate: collaborated_with, object: /entities/babbage.md }\n',
);
const BABBAGE = concept('Charles Babbage', 'Babbage designed the Analytical Engine.');

interface Running {
  readonly app: App;
  readonly plugin: OkfGraphWikiPlugin;
}

let running: Running | undefined;

async function launch(store: FileStore): Promise<Running> {
  const app = await createTestApp(store);
  const plugin = await enablePlugin(app, OkfGraphWikiPlugin, manifest as O.PluginManifest);
  app.workspace.triggerLayoutReady();
  await plugin.service.whenIdle();
  running = { app, plugin };
  return running;
}

afterEach(async () => {
  if (running) {
    disablePlugin(running.plugin);
    await running.plugin.service.close();
    await running.app.settle();
    running.app.destroy();
  }
  running = undefined;
  clearNotices();
});

async function settle(r: Running): Promise<void> {
  await r.app.settle();
  r.plugin.flushPendingChanges();
  await r.plugin.service.whenIdle();
}

/** The live index equals a fresh build of the vault's files, and answers alike. */
async function expectConverged(r: Running, questions: readonly string[] = ['Who was Ada Lovelace?']): Promise<void> {
  expect(r.plugin.service.state.kind).toBe('ready');
  const live = r.plugin.service.index!;
  const fresh = await buildIndex(new VaultBundle(r.app.vault, SCOPE));
  try {
    expect(dumpIndex(live)).toEqual(dumpIndex(fresh));
    for (const q of questions)
      expect(await contextFor(live, q, { clock })).toEqual(await contextFor(fresh, q, { clock }));
  } finally {
    fresh.close();
  }
}

function memoryVault(): MemoryStore {
  return MemoryStore.from({
    [DATA_JSON]: JSON.stringify(SETTINGS),
    'wiki/entities/ada.md': ADA,
    'wiki/entities/babbage.md': BABBAGE,
  });
}

test('a rename storm (200 renames of one file, never settled in between): only the last name is indexed', async () => {
  const r = await launch(memoryVault());
  let path = 'wiki/entities/ada.md';
  for (let i = 0; i < 200; i++) {
    const next = i % 3 === 2 ? `wiki/notes/ada-${i}.md` : `wiki/entities/ada-${i}.md`;
    if (!r.app.vault.getFolderByPath('wiki/notes')) await r.app.vault.createFolder('wiki/notes');
    await r.app.vault.rename(r.app.vault.getFileByPath(path)!, next);
    path = next;
  }
  await settle(r);
  const paths = [...r.plugin.service.index!.fileHashes().keys()].sort();
  expect(paths).toEqual([`/${path.slice('wiki/'.length)}`, '/entities/babbage.md'].sort());
  await expectConverged(r);
  expect(noticeMessages()).toEqual([]);
});

test('a file deleted between its event and the read: no failure, and the index forgets it', async () => {
  const r = await launch(memoryVault());
  const ada = r.app.vault.getFileByPath('wiki/entities/ada.md')!;
  await r.app.vault.modify(ada, ADA.replace('first algorithm', 'famous notes'));
  await r.app.metadataCache.settle(); // the `changed` event is queued in the batcher
  await r.app.vault.adapter.remove('wiki/entities/ada.md'); // gone from disk; the watcher reports it a tick later
  r.plugin.flushPendingChanges(); // the batch is read now, while the vault still lists the file
  await r.plugin.service.whenIdle();
  expect(r.plugin.service.state.kind).toBe('ready');
  // Meanwhile the file is reported, not fatal: an `unreadable` diagnostic naming it, until the delete arrives.
  expect(r.plugin.service.index!.diagnostics().map((d) => [d.path, d.code])).toEqual([
    ['/entities/ada.md', 'unreadable'],
  ]);
  await settle(r);
  expect([...r.plugin.service.index!.fileHashes().keys()]).toEqual(['/entities/babbage.md']);
  expect(r.plugin.service.index!.diagnostics()).toEqual([]);
  await expectConverged(r);
});

test('two saves of one file inside one debounce window: one batch, the second text indexed', async () => {
  const r = await launch(memoryVault());
  const ada = r.app.vault.getFileByPath('wiki/entities/ada.md')!;
  await r.app.vault.modify(ada, ADA.replace('title: Ada Lovelace', 'title: Augusta King'));
  await r.app.vault.modify(ada, ADA.replace('title: Ada Lovelace', 'title: Countess of Lovelace'));
  await settle(r);
  const title = rawDatabase(r.plugin.service.index!).get<{ title: string }>(
    "select title from concepts where path = '/entities/ada.md'",
  )?.title;
  expect(title).toBe('Countess of Lovelace');
  await expectConverged(r, ['Who was the Countess of Lovelace?', 'Who was Augusta King?']);
});

test('edits, a delete and a create arriving while a full rebuild runs all end up in the index', async () => {
  const r = await launch(memoryVault());
  const rebuilding = r.plugin.service.rebuild();
  await r.app.vault.modify(
    r.app.vault.getFileByPath('wiki/entities/ada.md')!,
    ADA.replace('first algorithm', 'Bernoulli numbers'),
  );
  await r.app.vault.delete(r.app.vault.getFileByPath('wiki/entities/babbage.md')!);
  await r.app.vault.create('wiki/entities/hopper.md', concept('Grace Hopper', 'Hopper wrote a compiler.'));
  r.plugin.flushPendingChanges();
  await rebuilding;
  await settle(r);
  expect([...r.plugin.service.index!.fileHashes().keys()].sort()).toEqual(['/entities/ada.md', '/entities/hopper.md']);
  await expectConverged(r, ['Bernoulli numbers', 'Who was Grace Hopper?']);
});

test(
  'in the background the plugin writes only wiki.db, through a temporary ' + 'file and renames, never a concept file',
  async () => {
    const r = await launch(memoryVault());
    const { vault } = r.app;
    vault.adapter.calls.length = 0;
    await vault.modify(
      vault.getFileByPath('wiki/entities/ada.md')!,
      '---\ntype: Person\ntitle: [broken\n---\nBroken YAML.\n',
    );
    await vault.create('wiki/entities/hopper.md', concept('Grace Hopper', 'Compiler.'));
    await vault.rename(vault.getFileByPath('wiki/entities/babbage.md')!, 'wiki/entities/charles-babbage.md');
    await settle(r);
    await r.plugin.service.query('Who was Grace Hopper?');
    await r.plugin.service.lint();
    await r.plugin.service.persistNow();
    // The edits above are the test's own (a person's); everything after them is the plugin's.
    const own = new Set([
      'write wiki/entities/ada.md',
      'write wiki/entities/hopper.md',
      'rename wiki/entities/babbage.md wiki/entities/charles-babbage.md',
    ]);
    const changes = vault.adapter.calls.filter(
      (c) =>
        /^(write|writeBinary|append|remove|rename|mkdir|rmdir|trashSystem|trashLocal|copy) /.test(c) && !own.has(c),
    );
    expect(changes.length).toBeGreaterThan(0);
    // wiki.db (and its temporary and backup names), or wiki.db's pieces in their hidden folder beside it.
    const ours = String.raw`wiki\/(wiki\.db(\.tmp-[0-9a-z]+|\.bak)?|\.wiki\.db\.pieces(\/[\w.-]+)?)`;
    for (const c of changes) expect(c).toMatch(new RegExp(`^\\w+ ${ours}( ${ours})?$`));
    // Atomic: the bytes go to the temporary file, which is renamed into place; wiki.db itself is never written.
    const named = changes.map((c) => c.replace(/\.tmp-[0-9a-z]+/g, '.tmp-*'));
    expect(named).toContain('writeBinary wiki/wiki.db.tmp-*');
    expect(named).toContain('rename wiki/wiki.db.tmp-* wiki/wiki.db');
    expect(changes.filter((c) => /^write(Binary)? wiki\/wiki\.db$/.test(c))).toEqual([]);
  },
);

describe('the hostile corpus in a vault', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(nodePath.join(tmpdir(), 'okf-plugin-hostile-'));
    copyTree(HOSTILE_CORPUS, nodePath.join(dir, 'wiki'));
    mkdirSync(nodePath.join(dir, '.obsidian', 'plugins', manifest.id), { recursive: true });
    writeFileSync(nodePath.join(dir, DATA_JSON), JSON.stringify(SETTINGS));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  test(
    'indexes as the command line does (one parser), without a failure ' + 'notice, and leaves every file as it was',
    async () => {
      const before = snapshotFiles(nodePath.join(dir, 'wiki'));
      const r = await launch(new NodeFsStore(dir));
      await r.plugin.service.persistNow();
      expect(r.plugin.service.state.kind).toBe('ready');
      expect(noticeMessages().filter((m) => /could not|failed/i.test(m))).toEqual([]);
      const cli = await buildIndex(new FsBundle(nodePath.join(dir, 'wiki')));
      try {
        expect(r.plugin.service.index!.diagnostics()).toEqual(cli.diagnostics());
        expect(r.plugin.service.index!.stats()).toEqual(cli.stats());
      } finally {
        cli.close();
      }
      const after = snapshotFiles(nodePath.join(dir, 'wiki'));
      for (const [path, fingerprint] of before) expect([path, after.get(path)]).toEqual([path, fingerprint]);
      const added = [...after.keys()].filter((p) => !before.has(p));
      const pieces = (p: string) => nodePath.basename(nodePath.dirname(p)) === '.wiki.db.pieces';
      expect(added.filter((p) => !pieces(p)).map((p) => nodePath.basename(p))).toEqual(['wiki.db']);
      expect(added.filter(pieces).map((p) => nodePath.basename(p))).toContain('manifest.json');
    },
  );
});

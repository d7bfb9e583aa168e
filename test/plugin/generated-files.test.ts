/** @jest-environment jsdom */
// Generated markdown goes through the Vault API (issue 15 point 7): timeline.md, log.md, the keywords and the
// index.md blocks are modified in place (`Vault.process`) or created (`Vault.create`), so an editor showing
// log.md keeps its file and sees one modify — never the adapter's temporary file, `.bak` rename and delete. An
// edit landing between the generator's read and its write is refused inside `Vault.process`, not overwritten.
import type * as O from 'obsidian';
import { VaultBundle } from '../../src/plugin/vault-bundle';
import { MemoryStore } from '../obsidian-double/file-store';
import { createTestApp, noticeMessages, waitFor } from '../obsidian-double/harness';
import { launch, quit, settle, tempVault, type Running, type TempVault } from './support/plugin-harness';

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

const GENERATED = [
  'wiki/timeline.md',
  'wiki/log.md',
  'wiki/wiki-trigger-keywords.txt',
  'wiki/entities/index.md',
  'wiki/concepts/index.md',
];

test(
  'a rebuild modifies the generated files in place: same file, one ' +
    'modify each, no adapter rename, temporary or backup file',
  async () => {
    running = await launch(vault.dir);
    const { app, plugin } = running;
    await plugin.service.rebuild();
    await settle(running);
    const before = new Map(GENERATED.map((p) => [p, app.vault.getFileByPath(p)]));
    for (const [path, file] of before) expect([path, file]).toEqual([path, expect.anything()]);
    await app.workspace.getLeaf(false).openFile(before.get('wiki/log.md')!);

    // A new title changes the timeline, the keywords and the index.md catalog; the rebuild appends to log.md.
    const ada = app.vault.getFileByPath('wiki/entities/ada-lovelace.md')!;
    await app.vault.modify(ada, (await app.vault.read(ada)).replace('title: Ada Lovelace', 'title: Augusta Ada King'));
    await settle(running);
    const events: string[] = [];
    for (const name of ['create', 'modify', 'delete', 'rename'] as const)
      app.vault.on(name, (f: O.TAbstractFile) => events.push(`${name} ${f.path}`));
    app.vault.adapter.calls.length = 0;
    await plugin.service.rebuild();
    await settle(running);

    expect(
      app.vault.adapter.calls.filter(
        (c) => /^(write|writeBinary|append|rename|remove|copy) /.test(c) && !c.includes('wiki.db'),
      ),
    ).toEqual([]);
    expect(events.filter((e) => !e.includes('wiki.db'))).toEqual([
      'modify wiki/timeline.md',
      'modify wiki/wiki-trigger-keywords.txt',
      'modify wiki/entities/index.md',
      'modify wiki/log.md',
    ]);
    for (const [path, file] of before) expect([path, app.vault.getFileByPath(path)]).toEqual([path, file]);
    expect(
      app.vault
        .getFiles()
        .map((f) => f.path)
        .filter((p) => /\.(tmp|bak)$/.test(p)),
    ).toEqual([]);
    expect(app.workspace.getActiveFile()).toBe(before.get('wiki/log.md'));
    expect(await app.vault.read(before.get('wiki/log.md')!)).toMatch(/Reindex[\s\S]*Reindex/);
  },
);

test('Regenerate timeline leaves a timeline.md the user wrote as it is, and the notice says so (QA2 F4)', async () => {
  running = await launch(vault.dir);
  const { app } = running;
  const mine = '# My timeline\n\nHand-written notes I care about.\n';
  const file = app.vault.getFileByPath('wiki/timeline.md');
  if (file) await app.vault.modify(file, mine);
  else await app.vault.create('wiki/timeline.md', mine);
  app.commands.executeCommandById('okf-graph-wiki:regenerate-timeline');
  await waitFor(() => noticeMessages().some((m) => m.includes('timeline.md left as it is')), 'the notice');
  expect(await app.vault.adapter.read('wiki/timeline.md')).toBe(mine);
});

test('a generated file edited between the read and the write is not overwritten, and the error names it', async () => {
  const app = await createTestApp(
    MemoryStore.from({ 'wiki/log.md': '# Log\n', 'wiki/entities/x.md': '---\ntype: Thing\ntitle: X\n---\n' }),
  );
  const vaultApi = app.vault as unknown as O.Vault;
  const bundle = new VaultBundle(vaultApi, { bundleFolder: 'wiki', conceptFolders: [] });
  const read = await bundle.read('/log.md');
  // Someone types into log.md after the generator read it.
  await app.vault.modify(app.vault.getFileByPath('wiki/log.md')!, '# Log\n\nA line typed meanwhile.\n');
  await expect(bundle.write('/log.md', `${read}\n## [2026-12-01] Reindex\n`)).rejects.toThrow(
    '/log.md changed while it was being regenerated, so it was not overwritten',
  );
  expect(await app.vault.adapter.read('wiki/log.md')).toBe('# Log\n\nA line typed meanwhile.\n');
  // Read again, written: the edit is kept.
  await bundle.write('/log.md', `${await bundle.read('/log.md')}\n## [2026-12-01] Reindex\n`);
  expect(await app.vault.adapter.read('wiki/log.md')).toBe(
    '# Log\n\nA line typed meanwhile.\n\n## [2026-12-01] Reindex\n',
  );
});

test(
  'a new generated file in a folder that does not exist yet is created ' + 'with its folder, through the vault',
  async () => {
    const app = await createTestApp(MemoryStore.from({ 'wiki/entities/x.md': '---\ntype: Thing\ntitle: X\n---\n' }));
    const bundle = new VaultBundle(app.vault as unknown as O.Vault, { bundleFolder: 'wiki', conceptFolders: [] });
    const created: string[] = [];
    app.vault.on('create', (f: O.TAbstractFile) => created.push(f.path));
    await bundle.write('/datasets/index.md', '# Datasets\n');
    expect(created).toEqual(['wiki/datasets', 'wiki/datasets/index.md']);
    expect(await bundle.list()).toContain('/datasets/index.md');
  },
);

test(
  'the double refuses Vault.create in a missing folder, as Obsidian does ' + '(plugins create the folder first)',
  async () => {
    const app = await createTestApp(MemoryStore.from({}));
    await expect(app.vault.create('nowhere/x.md', 'x')).rejects.toThrow(
      "ENOENT: no such file or directory, open 'nowhere/x.md'",
    );
    await app.vault.createFolder('nowhere');
    await expect(app.vault.create('nowhere/x.md', 'x')).resolves.toBeDefined();
  },
);

describe('a large generated text the engine encoded (writeUtf8: the main thread writes its bytes)', () => {
  const text = '# Timeline\n\n' + 'Ada — Analytical Engine, é. '.repeat(100);
  const encoded = () => new TextEncoder().encode(text);
  async function setUp(files: Record<string, string>) {
    const app = await createTestApp(
      MemoryStore.from({ 'wiki/entities/x.md': '---\ntype: Thing\ntitle: X\n---\n', ...files }),
    );
    const bundle = new VaultBundle(app.vault as unknown as O.Vault, { bundleFolder: 'wiki', conceptFolders: [] });
    const modified: string[] = [];
    app.vault.on('modify', (f: O.TAbstractFile) => modified.push(f.path));
    return { app, bundle, modified };
  }

  test('replaces the file in place (one modify) with exactly that text', async () => {
    const { app, bundle, modified } = await setUp({ 'wiki/timeline.md': 'old\n' });
    expect(await bundle.readIfExists('/timeline.md')).toBe('old\n');
    await bundle.writeUtf8('/timeline.md', encoded());
    expect(await app.vault.read(app.vault.getFileByPath('wiki/timeline.md')!)).toBe(text);
    expect(modified).toEqual(['wiki/timeline.md']);
  });

  test('refuses, naming the file, when it changed since it was read; the edit stays', async () => {
    const { app, bundle } = await setUp({ 'wiki/timeline.md': 'old\n' });
    await bundle.readIfExists('/timeline.md');
    const file = app.vault.getFileByPath('wiki/timeline.md')!;
    await app.vault.modify(file, 'typed meanwhile\n');
    await expect(bundle.writeUtf8('/timeline.md', encoded())).rejects.toThrow(
      '/timeline.md changed while it was being regenerated, so it was not overwritten; run the command again.',
    );
    expect(await app.vault.read(file)).toBe('typed meanwhile\n');
  });

  test('creates the file when it does not exist', async () => {
    const { app, bundle } = await setUp({});
    await bundle.writeUtf8('/timeline.md', encoded());
    expect(await app.vault.read(app.vault.getFileByPath('wiki/timeline.md')!)).toBe(text);
  });
});

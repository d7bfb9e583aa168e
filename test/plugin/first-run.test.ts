/** @jest-environment jsdom */
// First run (issue 15 point 5): on a vault with no chosen bundle folder nothing is indexed or written (no wiki.db
// at the vault root, no findings about ordinary notes); a dialog offers the folders that hold OKF concepts, or
// the example wiki, or later. Choosing a folder opens the index there; notes outside it are not concepts.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import * as nodePath from 'node:path';
import type * as O from 'obsidian';
import manifest from '../../manifest.json';
import OkfGraphWikiPlugin from '../../src/main';
import { EXAMPLE_WIKI_FILES } from '../../src/plugin/first-run/example-wiki-files';
import { MemoryStore } from '../obsidian-double/file-store';
import { createTestApp, enablePlugin, waitFor } from '../obsidian-double/harness';
import { launch, quit, tempVault, type Running, type TempVault } from './support/plugin-harness';

const DATA_JSON = `.obsidian/plugins/${manifest.id}/data.json`;
let vault: TempVault | undefined;
let running: Running | undefined;

afterEach(async () => {
  if (running) await quit(running);
  running = undefined;
  vault?.remove();
  vault = undefined;
});

/** Every file of a folder, relative to it (hidden folders included). */
function filesIn(dir: string, prefix = ''): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) =>
      statSync(nodePath.join(dir, name)).isDirectory()
        ? filesIn(nodePath.join(dir, name), `${prefix}${name}/`)
        : [prefix + name],
    );
}

const dialog = () => document.querySelector<HTMLElement>('.modal .okf-setup');
const button = (rowClass: string, index = 0) =>
  document.querySelectorAll<HTMLButtonElement>(`.okf-setup .${rowClass} button`)[index]!;
const rows = () =>
  Array.from(document.querySelectorAll('.okf-setup .okf-setup-candidate')).map(
    (r) =>
      `${r.querySelector('.setting-item-name')!.textContent} ` +
      `— ${r.querySelector('.setting-item-description')!.textContent}`,
  );

async function startInMemory(files: Record<string, string>): Promise<Running & { store: MemoryStore }> {
  const store = MemoryStore.from(files);
  const app = await createTestApp(store);
  const plugin = await enablePlugin(app, OkfGraphWikiPlugin, manifest as O.PluginManifest);
  app.workspace.triggerLayoutReady();
  running = { app, plugin };
  return { app, plugin, store };
}

test(
  'a vault of ordinary notes: nothing indexed or written, the dialog ' +
    'says no OKF notes were found, "Not now" is remembered',
  async () => {
    vault = tempVault('ordinary-vault');
    const before = filesIn(vault.dir);
    running = await launch(vault.dir);
    await waitFor(() => dialog() !== null, 'the first-run dialog');
    const { app, plugin } = running;
    expect(document.querySelector('.modal-title')!.textContent).toBe('Set up OKF Graph Wiki');
    expect(dialog()!.querySelector('.okf-setup-none')!.textContent).toMatch(
      /^No OKF concept notes were found in this vault/,
    );
    expect(rows()).toEqual([]);
    expect(app.statusBarEl.textContent).toBe('OKF: choose a wiki folder');
    expect(plugin.service.state).toEqual({ kind: 'waiting' });
    await expect(plugin.service.query('Who was Ada?')).rejects.toThrow(
      'Choose the folder that holds your OKF wiki first',
    );
    await expect(plugin.service.lint()).rejects.toThrow('Choose the folder that holds your OKF wiki first');

    button('okf-setup-later').click();
    await waitFor(() => dialog() === null, 'the dialog to close');
    await plugin.config.saved();
    await plugin.service.whenIdle();
    await app.settle();
    expect(JSON.parse(readFileSync(nodePath.join(vault.dir, DATA_JSON), 'utf8'))).toMatchObject({
      bundleChosen: false,
      setupOffered: true,
    });
    expect(filesIn(vault.dir)).toEqual([DATA_JSON, ...before].sort());

    // Next start: no dialog by itself; the status bar opens it.
    await quit(running);
    running = await launch(vault.dir);
    await new Promise((r) => setTimeout(r, 50));
    expect(dialog()).toBeNull();
    expect(running.app.statusBarEl.textContent).toBe('OKF: choose a wiki folder');
    (running.app.statusBarEl.querySelector('.okf-status') as HTMLElement).click();
    await waitFor(() => dialog() !== null, 'the dialog, from the status bar');
    button('okf-setup-later').click();
    expect(filesIn(vault.dir)).toEqual([DATA_JSON, ...before].sort());
  },
);

test(
  'a vault with an OKF bundle beside ordinary notes: the dialog offers ' +
    'its folder; choosing it indexes only that folder',
  async () => {
    vault = tempVault('small-vault');
    running = await launch(vault.dir);
    await waitFor(() => dialog() !== null, 'the first-run dialog');
    expect(rows()).toEqual(['wiki — 4 concepts.']);
    button('okf-setup-candidate').click();
    const { plugin, app } = running;
    await waitFor(() => plugin.service.state.kind === 'ready', 'the index');
    await plugin.service.whenIdle();
    expect(plugin.service.state).toEqual({ kind: 'ready', concepts: 4 });
    expect(plugin.config.settings).toMatchObject({
      bundleFolder: 'wiki',
      conceptFolders: [],
      bundleChosen: true,
      setupOffered: true,
    });
    // Embeddings are on by default and no Ollama runs here: "vectors paused" may follow.
    expect(app.statusBarEl.textContent).toMatch(/^OKF: 4 concepts/);
    await plugin.service.persistNow();
    expect(existsSync(nodePath.join(vault.dir, 'wiki', 'wiki.db'))).toBe(true);
    expect(existsSync(nodePath.join(vault.dir, 'wiki.db'))).toBe(false);
    const findings = (await plugin.service.lint()).findings.map((f) => f.path);
    expect(findings.filter((p) => p.includes('shopping'))).toEqual([]);
  },
);

test(
  'OKF concepts at the vault root beside ordinary notes: offered as ' +
    'concept folders, the other notes are not concepts (no findings)',
  async () => {
    const okf = (title: string) =>
      `---\ntype: Person\ntitle: ${title}\nsources:\n  - { id: w, resource: ` +
      `"https://example.org/${title}" }\n---\n${title}.\n`;
    const { plugin, app } = await startInMemory({
      'entities/ada.md': okf('Ada'),
      'entities/charles.md': okf('Charles'),
      'concepts/engine.md': okf('Engine').replace('Person', 'Concept'),
      'Daily/2026-11-30.md': '---\ntags: [daily]\n---\nA day.\n',
      'Meetings/standup.md': '---\ntype: meeting\ntitle: Standup\n---\nNotes.\n',
    });
    await waitFor(() => dialog() !== null, 'the first-run dialog');
    expect(rows()).toEqual([
      '(the whole vault) — 3 concepts in concepts, entities; 2 other notes beside them are left out.',
    ]);
    button('okf-setup-candidate').click();
    await waitFor(() => plugin.service.state.kind === 'ready', 'the index');
    await plugin.service.whenIdle();
    expect(plugin.config.settings).toMatchObject({
      bundleFolder: '',
      conceptFolders: ['concepts', 'entities'],
      bundleChosen: true,
    });
    expect(plugin.service.state).toEqual({ kind: 'ready', concepts: 3 });
    const report = await plugin.service.lint();
    expect(report.findings.filter((f) => /Daily|Meetings/.test(f.path))).toEqual([]);
    expect(report.findings.filter((f) => f.check === 'missing-type')).toEqual([]);
    void app;
  },
);

test('"Create the example" writes the example wiki through the vault into its own folder and indexes it', async () => {
  const { plugin, app, store } = await startInMemory({
    'Inbox.md': 'Nothing here.\n',
    'okf-example-wiki/mine.md': 'Taken.\n',
  });
  await waitFor(() => dialog() !== null, 'the first-run dialog');
  button('okf-setup-example').click();
  await waitFor(() => plugin.service.state.kind === 'ready', 'the index', 30_000);
  await plugin.service.whenIdle();
  expect(plugin.config.settings).toMatchObject({ bundleFolder: 'okf-example-wiki 2', bundleChosen: true });
  expect(plugin.service.state).toEqual({ kind: 'ready', concepts: 36 });
  expect(app.vault.getFiles().filter((f) => f.path.startsWith('okf-example-wiki 2/')).length).toBe(
    Object.keys(EXAMPLE_WIKI_FILES).length,
  );
  expect(await store.readBytes('okf-example-wiki/mine.md').then((b) => new TextDecoder().decode(b))).toBe('Taken.\n');
  expect((await plugin.service.query('Who designed the Analytical Engine?')).result.seeds[0]!.path).toBe(
    '/entities/analytical-engine.md',
  );
});

test('a data.json from before the dialog names its bundle folder: that counts as chosen, no dialog', async () => {
  const { plugin } = await startInMemory({
    [DATA_JSON]: JSON.stringify({ bundleFolder: '', embeddingsEnabled: false }),
    'entities/ada.md': '---\ntype: Person\ntitle: Ada\n---\nAda.\n',
  });
  await waitFor(() => plugin.service.state.kind === 'ready', 'the index');
  expect(dialog()).toBeNull();
  expect(plugin.service.state).toEqual({ kind: 'ready', concepts: 1 });
});

test(
  'the example wiki inside main.js is examples/computing-history (run ' +
    '`node build/example-wiki.mjs` after changing it)',
  () => {
    const root = nodePath.join(__dirname, '..', '..', 'examples', 'computing-history');
    const expected: Record<string, string> = {};
    for (const entry of ['AGENTS.md', 'okf-wiki.json', 'concepts', 'entities', 'references']) {
      const full = nodePath.join(root, entry);
      if (statSync(full).isDirectory())
        for (const f of filesIn(full)) expected[`${entry}/${f}`] = readFileSync(nodePath.join(full, f), 'utf8');
      else expected[entry] = readFileSync(full, 'utf8');
    }
    expect(EXAMPLE_WIKI_FILES).toEqual(expected);
  },
);

test(
  'the settings offer the dialog until a folder is chosen; committing a ' + 'Bundle folder there counts as chosen',
  async () => {
    vault = tempVault('small-vault');
    running = await launch(vault.dir);
    await waitFor(() => dialog() !== null, 'the first-run dialog');
    button('okf-setup-later').click();
    await running.plugin.config.saved();
    const tab = running.app.settingTabs[0]!;
    document.body.appendChild(tab.containerEl);
    tab.display();
    try {
      const pending = () => tab.containerEl.querySelector<HTMLElement>('.okf-setup-pending');
      expect(pending()!.querySelector('.setting-item-description')!.textContent).toMatch(
        /^No folder is chosen, so nothing is indexed or written/,
      );
      pending()!.querySelector('button')!.click();
      await waitFor(() => dialog() !== null, 'the dialog, from the settings');
      button('okf-setup-candidate').click();
      await waitFor(() => running!.plugin.service.state.kind === 'ready', 'the index');
      // The open tab shows the choice.
      expect(pending()).toBeNull();
      const bundleInput = Array.from(tab.containerEl.querySelectorAll('.setting-item'))
        .find((el) => el.querySelector('.setting-item-name')?.textContent === 'Bundle folder')!
        .querySelector('input')!;
      expect(bundleInput.value).toBe('wiki');
    } finally {
      tab.containerEl.remove();
    }

    // Typed in the settings instead of chosen in the dialog: the same.
    await quit(running);
    vault.remove();
    vault = tempVault('small-vault');
    running = await launch(vault.dir);
    await waitFor(() => dialog() !== null, 'the first-run dialog');
    button('okf-setup-later').click();
    const tab2 = running.app.settingTabs[0]!;
    document.body.appendChild(tab2.containerEl);
    tab2.display();
    try {
      const input = Array.from(tab2.containerEl.querySelectorAll('.setting-item'))
        .find((el) => el.querySelector('.setting-item-name')?.textContent === 'Bundle folder')!
        .querySelector('input')!;
      input.value = 'wiki';
      input.dispatchEvent(new Event('input'));
      input.dispatchEvent(new Event('change'));
      await waitFor(() => running!.plugin.service.state.kind === 'ready', 'the index');
      expect(running.plugin.config.settings).toMatchObject({ bundleFolder: 'wiki', bundleChosen: true });
      expect(running.plugin.service.state).toEqual({ kind: 'ready', concepts: 4 });
    } finally {
      tab2.containerEl.remove();
    }
  },
);

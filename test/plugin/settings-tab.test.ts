/** @jest-environment jsdom */
// The settings tab edits data.json and the index follows: concept folders rebuild it, retrieval tunables apply
// to the next query, a value that does not parse is shown as an error and not saved.
import { readFileSync, writeFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import type { PluginSettingTab } from 'obsidian';
import { noticeMessages, waitFor } from '../obsidian-double/harness';
import { launch, quit, tempVault, type Running, type TempVault } from './support/plugin-harness';

let vault: TempVault;
let running: Running;
let tab: PluginSettingTab;

beforeEach(async () => {
  vault = tempVault('small-vault', { bundleFolder: 'wiki', embeddingsEnabled: false });
  writeFileSync(nodePath.join(vault.dir, 'wiki', 'log.md'), '# My own log\n\n## 2025-01-01\n\n* Started the wiki by hand.\n');
  running = await launch(vault.dir);
  tab = running.app.settingTabs[0];
  document.body.appendChild(tab.containerEl);
  tab.display();
});

afterEach(async () => {
  tab.containerEl.remove();
  await quit(running);
  vault.remove();
});

function row(name: string): HTMLElement {
  const item = Array.from(tab.containerEl.querySelectorAll<HTMLElement>('.setting-item')).find((el) => el.querySelector('.setting-item-name')?.textContent === name);
  if (!item) throw new Error(`no setting named ${name}`);
  return item;
}

function type(name: string, value: string): void {
  const input = row(name).querySelector('input, textarea') as HTMLInputElement;
  input.value = value;
  input.dispatchEvent(new Event('input'));
}

const dataJson = () => JSON.parse(readFileSync(nodePath.join(vault.dir, '.obsidian', 'plugins', 'okf-graph-wiki', 'data.json'), 'utf8'));

test('every setting of the issue is on the tab', () => {
  const names = Array.from(tab.containerEl.querySelectorAll('.setting-item-name')).map((e) => e.textContent);
  expect(names).toEqual([
    'Bundle',
    'Bundle folder',
    'Concept folders',
    'Index file',
    'Embeddings (Ollama)',
    'Compute embeddings',
    'Ollama host',
    'Embedding model',
    'Timeout (ms)',
    'Retrieval',
    'Token budget',
    'Hop limit',
    'Hop decay',
    'Coverage threshold',
    'Vector threshold',
  ]);
  expect((row('Token budget').querySelector('input') as HTMLInputElement).placeholder).toBe('1500');
});

test('changing the concept folders rebuilds the index once the typing stops', async () => {
  const rebuild = jest.spyOn(running.plugin.service, 'rebuild');
  type('Concept folders', 'ent');
  type('Concept folders', 'entities');
  await running.plugin.config.saved();
  expect(dataJson().conceptFolders).toEqual(['entities']);
  await waitFor(() => rebuild.mock.calls.length === 1, 'the rebuild');
  await running.plugin.service.whenIdle();
  expect(running.plugin.service.state).toEqual({ kind: 'ready', concepts: 3 });
  expect((await running.plugin.service.query('Bernoulli numbers')).result.seeds.map((s) => s.path)).not.toContain('/concepts/bernoulli-numbers.md');
  expect(rebuild).toHaveBeenCalledTimes(1);
});

test('a retrieval tunable applies to the next query; a bad value is shown as an error and not saved', async () => {
  type('Token budget', 'lots');
  expect(row('Token budget').querySelector('.setting-item-error')!.textContent).toBe('Enter a number from 50 to 1000000, or leave it empty for 1500.');
  expect(running.plugin.config.settings.tokenBudget).toBeNull();
  type('Token budget', '300');
  expect(row('Token budget').querySelector('.setting-item-error')).toBeNull();
  await running.plugin.config.saved();
  expect(dataJson().tokenBudget).toBe(300);
  expect((await running.plugin.service.query('Who was Ada Lovelace?')).result.budget).toBe(300);
  type('Token budget', '');
  expect((await running.plugin.service.query('Who was Ada Lovelace?')).result.budget).toBe(1500);
});

test('moving wiki.db writes it at the new place', async () => {
  type('Index file', '.okf/index/wiki.db');
  await running.plugin.config.flush();
  await running.plugin.service.persistNow();
  expect(readFileSync(nodePath.join(vault.dir, '.okf', 'index', 'wiki.db')).subarray(0, 15).toString()).toBe('SQLite format 3');
});

test('with concept folders set, a hand-written log.md outside them is appended to, never replaced', async () => {
  type('Concept folders', 'entities');
  await running.plugin.config.flush();
  running.app.commands.executeCommandById('okf-graph-wiki:regenerate-timeline');
  await waitFor(() => noticeMessages().some((m) => m.includes('timeline.md')), 'the timeline notice');
  await running.app.settle();
  const log = readFileSync(nodePath.join(vault.dir, 'wiki', 'log.md'), 'utf8');
  expect(log).toMatch(/^# My own log\n/);
  expect(log).toContain('* Started the wiki by hand.');
  expect(log).toContain('**Regenerate**: rewrote `timeline.md` (Obsidian plugin).');
});

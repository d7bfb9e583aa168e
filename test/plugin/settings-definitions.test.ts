/** @jest-environment jsdom */
// Obsidian 1.13+ draws the settings tab from getSettingDefinitions() and indexes its rows for the settings search;
// older versions (minAppVersion 1.7.2) call display(). Both must show the same rows that check, save and apply
// the same way, and a folder chosen in the first-run dialog must drop "Not set up yet" from an open tab on both.
import type { PluginSettingTab } from 'obsidian';
import { showSettingTab, waitFor } from '../obsidian-double/harness';
import { searchableNames } from '../obsidian-double/setting-definitions';
import { emulateAppVersion, emulatedAppVersion } from '../obsidian-double/since';
import { launch, quit, tempVault, type Running, type TempVault } from './support/plugin-harness';

let vault: TempVault | undefined;
let running: Running | undefined;
let tab: PluginSettingTab | undefined;

afterEach(async () => {
  tab?.hide();
  tab?.containerEl.remove();
  if (running) await quit(running);
  vault?.remove();
  document.body.empty();
  [vault, running, tab] = [undefined, undefined, undefined];
});

const names = (el: HTMLElement) => Array.from(el.querySelectorAll('.setting-item-name')).map((e) => e.textContent);
const rowOf = (name: string) =>
  Array.from(tab!.containerEl.querySelectorAll<HTMLElement>('.setting-item')).find(
    (el) => el.querySelector('.setting-item-name')?.textContent === name,
  )!;

test('on 1.13 the tab is drawn from its definitions: the rows display() draws before 1.13, searchable', async () => {
  vault = tempVault('small-vault', { bundleFolder: 'wiki', embeddingsEnabled: false });
  running = await launch(vault.dir);
  tab = running.app.settingTabs[0]!;
  expect(emulatedAppVersion()).toBe('1.7.2');
  showSettingTab(tab);
  const before113 = names(tab.containerEl);
  tab.hide();
  emulateAppVersion('1.13.1');
  showSettingTab(tab);
  expect(tab.containerEl.querySelectorAll('.setting-group')).toHaveLength(3);
  expect(names(tab.containerEl)).toEqual(before113);
  const headings = ['Bundle', 'Embeddings (Ollama)', 'Retrieval'];
  expect(searchableNames(tab.settingItems)).toEqual(before113.filter((n) => !headings.includes(n!)));
  expect(searchableNames(tab.settingItems)).toContain('Vector threshold');

  // A row drawn by Obsidian checks and saves as before: a bad number is refused, a good one applied.
  const input = rowOf('Token budget').querySelector('input')!;
  input.value = 'lots';
  input.dispatchEvent(new Event('input'));
  expect(rowOf('Token budget').querySelector('.okf-setting-error')!.textContent).toMatch(/^Enter a number from 50/);
  input.value = '300';
  input.dispatchEvent(new Event('input'));
  await running.plugin.config.saved();
  expect(running.plugin.config.settings.tokenBudget).toBe(300);
  await waitFor(() => /In force: /.test(rowOf('Vector threshold').textContent ?? ''), 'the thresholds in force');
});

test('on 1.13 a folder chosen in the first-run dialog drops "Not set up yet" from the open tab', async () => {
  vault = tempVault('small-vault');
  running = await launch(vault.dir);
  const dialog = () => document.querySelector<HTMLElement>('.modal .okf-setup');
  const button = (rowClass: string) => document.querySelector<HTMLButtonElement>(`.okf-setup .${rowClass} button`)!;
  await waitFor(() => dialog() !== null, 'the first-run dialog');
  button('okf-setup-later').click();
  await running.plugin.config.saved();
  emulateAppVersion('1.13.1');
  tab = running.app.settingTabs[0]!;
  showSettingTab(tab);
  expect(searchableNames(tab.settingItems)[0]).toBe('Not set up yet');
  tab.containerEl.querySelector<HTMLElement>('.okf-setup-pending button')!.click();
  await waitFor(() => dialog() !== null, 'the dialog, from the settings');
  button('okf-setup-candidate').click();
  await waitFor(() => running!.plugin.service.state.kind === 'ready', 'the index');
  expect(tab.containerEl.querySelector('.okf-setup-pending')).toBeNull();
  expect(searchableNames(tab.settingItems)).not.toContain('Not set up yet');
  expect(rowOf('Bundle folder').querySelector('input')!.value).toBe('wiki');
});

/** @jest-environment jsdom */
// QA3 Q7: renaming a concept note leaves the relations of other notes naming its old path (plain strings Obsidian's
// link updater does not touch). The plugin says how many, in how many notes, and its button opens the authoring
// preview; Apply rewrites exactly those values through the vault, nothing else.
import { readFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import { noticeMessages, waitFor } from '../obsidian-double/harness';
import { launch, quit, tempVault, type Running, type TempVault } from './support/plugin-harness';

let vault: TempVault;
let running: Running;

beforeEach(async () => {
  vault = tempVault('small-vault', { bundleFolder: 'wiki', embeddingsEnabled: false });
  running = await launch(vault.dir);
});

afterEach(async () => {
  document.querySelectorAll('.modal-container, .notice').forEach((e) => e.remove());
  await quit(running);
  vault.remove();
});

const disk = (path: string) => readFileSync(nodePath.join(vault.dir, 'wiki', path), 'utf8');
const offered = () => noticeMessages().filter((m) => m.includes('still point'));
const rename = (from: string, to: string) =>
  running.app.vault.rename(running.app.vault.getAbstractFileByPath(from)!, to);

test('a renamed concept: a notice counts the relations left at its old path; Apply rewrites only those', async () => {
  const babbage = disk('entities/charles-babbage.md');
  const bernoulli = disk('concepts/bernoulli-numbers.md');
  await rename('wiki/entities/ada-lovelace.md', 'wiki/entities/augusta-ada-king.md');
  await waitFor(() => offered().length > 0, 'the notice');
  expect(offered()).toEqual([
    'OKF Graph Wiki: 2 relations in 2 notes still point at the old path of a renamed concept ' +
      '(/entities/ada-lovelace.md → /entities/augusta-ada-king.md).Review and update…',
  ]);
  (document.querySelector('.notice button') as HTMLElement).click();
  await waitFor(() => document.querySelector('.okf-plan-modal') !== null, 'the preview');
  const diffs = Array.from(document.querySelectorAll('pre.okf-plan-diff')).map((e) => e.textContent);
  expect(diffs.join('')).toContain('+    object: /entities/augusta-ada-king.md');
  expect(disk('entities/charles-babbage.md')).toBe(babbage);
  const before = noticeMessages().length;
  (document.querySelector('button.okf-plan-apply') as HTMLElement).click();
  await waitFor(() => noticeMessages().length > before, 'the outcome notice');
  await running.plugin.service.whenIdle();
  const moved = (text: string) => text.replace('/entities/ada-lovelace.md', '/entities/augusta-ada-king.md');
  expect(disk('entities/charles-babbage.md')).toBe(moved(babbage));
  expect(disk('concepts/bernoulli-numbers.md')).toBe(moved(bernoulli));
  expect(running.app.commands.executeCommandById('okf-graph-wiki:update-relations-to-renamed-concepts')).toBe(false);
});

test('a renamed folder of concepts: one notice for all of its files; the command offers the update', async () => {
  await rename('wiki/entities', 'wiki/people');
  await waitFor(() => offered().length > 0, 'the notice');
  expect(offered()).toHaveLength(1);
  expect(offered()[0]).toMatch(/^OKF Graph Wiki: 6 relations in 4 notes still point at the old path of a renamed/);
  expect(running.app.commands.executeCommandById('okf-graph-wiki:update-relations-to-renamed-concepts')).toBe(true);
  await waitFor(() => document.querySelector('.okf-plan-modal') !== null, 'the preview');
  expect(document.querySelectorAll('.okf-plan-path')).toHaveLength(4);
});

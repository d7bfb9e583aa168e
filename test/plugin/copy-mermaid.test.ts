/** @jest-environment jsdom */
// "Copy context as Mermaid…" and the graph's Copy Mermaid button (issue 16), in a vault whose bundle lives in
// the `wiki` folder: a ```mermaid block that Mermaid parses, each concept linked to its note by vault path.
import { noticeMessages, waitFor } from '../obsidian-double/harness';
import { QUERY_VIEW_TYPE, type QueryView } from '../../src/plugin/views/query-view';
import { parseMermaid } from '../render/mermaid-parser';
import { installClipboard, launch, quit, tempVault, type Running, type TempVault } from './support/plugin-harness';

let vault: TempVault;
let running: Running;
let clipboard: { text: () => string };

beforeEach(async () => {
  vault = tempVault('small-vault', { bundleFolder: 'wiki', embeddingsEnabled: false });
  clipboard = installClipboard();
  running = await launch(vault.dir);
});

afterEach(async () => {
  await quit(running);
  vault.remove();
});

const run = (id: string) => running.app.commands.executeCommandById(`okf-graph-wiki:${id}`);
const unfenced = (text: string) => /^```mermaid\n([\s\S]*)```\n$/.exec(text)?.[1];

test('the command asks in a modal and copies a fenced flowchart that parses, linked by vault path', async () => {
  expect(run('copy-context-as-mermaid')).toBe(true);
  const modal = document.querySelector('.modal') as HTMLElement;
  const input = modal.querySelector('input.okf-question') as HTMLInputElement;
  input.value = 'Who was Ada Lovelace?';
  input.dispatchEvent(new Event('input'));
  (modal.querySelector('button.mod-cta') as HTMLButtonElement).click();
  await waitFor(() => clipboard.text().startsWith('```mermaid\n'), 'the copied Mermaid');
  const body = unfenced(clipboard.text());
  expect(body).toBeDefined();
  expect(await parseMermaid(body!)).toBe('flowchart-v2');
  expect(body).toContain('click n0 "/wiki/entities/ada-lovelace.md" "Ada Lovelace"');
  expect(noticeMessages()[0]).toMatch(/^Copied the answer graph as Mermaid: \d+ facts?\.$/);
});

test('no confident match copies the sentence; the sidebar button copies the answer shown', async () => {
  expect(run('copy-context-as-mermaid')).toBe(true);
  const modal = document.querySelector('.modal') as HTMLElement;
  const input = modal.querySelector('input.okf-question') as HTMLInputElement;
  input.value = 'What is the boiling point of tungsten?';
  input.dispatchEvent(new Event('input'));
  (modal.querySelector('button.mod-cta') as HTMLButtonElement).click();
  await waitFor(() => clipboard.text() !== '', 'the copied sentence');
  expect(clipboard.text()).toBe('No confident match in this wiki for: "What is the boiling point of tungsten?"\n');

  expect(run('open-query-sidebar')).toBe(true);
  await waitFor(() => running.app.workspace.getLeavesOfType(QUERY_VIEW_TYPE).length === 1, 'the query sidebar');
  const view = running.app.workspace.getLeavesOfType(QUERY_VIEW_TYPE)[0]!.view as unknown as QueryView;
  await view.ask('Who was Ada Lovelace?');
  (view.contentEl.querySelector('.okf-graph-copy') as HTMLButtonElement).click();
  await waitFor(() => clipboard.text().startsWith('```mermaid\n'), 'the Mermaid of the answer shown');
  expect(clipboard.text()).toContain('%% okf-wiki context graph for: "Who was Ada Lovelace?"');
});

/** @jest-environment jsdom */
// "Run retrieval evaluation" shows its progress in a notice updated as questions are answered (as the status bar
// follows indexing), then the report; a second start while one runs is refused with a notice, not queued twice.
import { writeFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import { Notice } from 'obsidian';
import { noticeMessages, waitFor } from '../obsidian-double/harness';
import { FakeOllama } from '../support/fake-ollama';
import { launch, quit, tempVault, type Running, type TempVault } from './support/plugin-harness';

let vault: TempVault;
let running: Running;

const QUESTIONS = ['Who was Ada Lovelace?', 'What is the Analytical Engine?', 'Who was Charles Babbage?'];

/** A vault with the question set, the plugin running on it. */
async function start(settings: Record<string, unknown>): Promise<void> {
  vault = tempVault('small-vault', { bundleFolder: 'wiki', ...settings });
  const set = {
    version: 1,
    questions: QUESTIONS.map((question, i) => ({ id: `q${i}`, question, expect_seeds: [] })),
  };
  writeFileSync(nodePath.join(vault.dir, 'wiki', 'evaluate.json'), JSON.stringify(set));
  running = await launch(vault.dir);
}

beforeEach(() => start({ embeddingsEnabled: false }));

afterEach(async () => {
  jest.restoreAllMocks();
  await quit(running);
  vault.remove();
});

const run = () => running.app.commands.executeCommandById('okf-graph-wiki:run-retrieval-evaluation');
const modalTitle = () => document.querySelector('.modal .modal-title')?.textContent;

test('a notice follows the questions answered, then gives way to the report', async () => {
  const shown = jest.spyOn(Notice.prototype, 'setMessage');
  expect(run()).toBe(true);
  await waitFor(() => modalTitle() === 'Retrieval evaluation', 'the report');
  const messages = shown.mock.calls.map(([m]) => String(m));
  expect(messages[0]).toBe('OKF Graph Wiki: running the retrieval evaluation…');
  for (let i = 1; i <= QUESTIONS.length; i++)
    expect(messages).toContain(`OKF Graph Wiki: retrieval evaluation, ${i}/${QUESTIONS.length} questions answered…`);
  // The progress notice is gone once the report is up; the verdict is the notice left.
  expect(document.querySelectorAll('.notice')).toHaveLength(1);
  expect(document.querySelector('.notice')?.textContent).toMatch(/^Retrieval evaluation: \d+\/3 passed/);
});

// With vectors on, the set runs again without them (the report's lexical comparison): the notice said nothing of
// that pass, staying at the first pass's last question meanwhile.
test('with vectors on, the notice follows the lexical comparison pass too, said as such', async () => {
  const ollama = await FakeOllama.start();
  try {
    await quit(running);
    vault.remove();
    await start({ ollamaHost: ollama.url });
    await running.plugin.service.whenIdle();
    const shown = jest.spyOn(Notice.prototype, 'setMessage');
    expect(run()).toBe(true);
    await waitFor(() => modalTitle() === 'Retrieval evaluation', 'the report');
    const messages = shown.mock.calls.map(([m]) => String(m));
    const lexical = 'OKF Graph Wiki: retrieval evaluation, lexical comparison (vectors off),';
    for (let i = 1; i <= QUESTIONS.length; i++) {
      expect(messages).toContain(`OKF Graph Wiki: retrieval evaluation, ${i}/${QUESTIONS.length} questions answered…`);
      expect(messages).toContain(`${lexical} ${i}/${QUESTIONS.length} questions answered…`);
    }
    // The run's questions first, then the comparison's.
    expect(messages.findIndex((m) => m.startsWith(lexical))).toBe(QUESTIONS.length + 1);
  } finally {
    await ollama.close();
  }
});

test('a second start while one runs is refused with a notice; once it is done, it can run again', async () => {
  expect(run()).toBe(true);
  expect(run()).toBe(true);
  expect(noticeMessages()).toContain(
    'OKF Graph Wiki: the retrieval evaluation is already running; its report opens when it is done.',
  );
  await waitFor(() => modalTitle() === 'Retrieval evaluation', 'the report');
  await running.plugin.service.whenIdle();
  expect(document.querySelectorAll('.modal')).toHaveLength(1);
  (document.querySelector('.modal-close-button') as HTMLElement).click();
  expect(document.querySelectorAll('.modal')).toHaveLength(0);
  const before = noticeMessages().length;
  expect(run()).toBe(true);
  await waitFor(() => modalTitle() === 'Retrieval evaluation', 'the second report');
  expect(
    noticeMessages()
      .slice(before)
      .some((m) => m.includes('already running')),
  ).toBe(false);
});

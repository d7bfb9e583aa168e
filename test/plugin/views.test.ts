/** @jest-environment jsdom */
// The query sidebar, the lint report and the commands, driven as a person would: through the command palette,
// the question box, clicks; checked in the DOM they draw.
import type { MarkdownView } from '../obsidian-double/views';
import { noticeMessages, waitFor } from '../obsidian-double/harness';
import { QueryView, QUERY_VIEW_TYPE } from '../../src/plugin/views/query-view';
import { LintView, LINT_VIEW_TYPE } from '../../src/plugin/views/lint-view';
import {
  installClipboard,
  launch,
  quit,
  settle,
  tempVault,
  type Running,
  type TempVault,
} from './support/plugin-harness';

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

async function openSidebar(): Promise<QueryView> {
  expect(run('open-query-sidebar')).toBe(true);
  await waitFor(() => running.app.workspace.getLeavesOfType(QUERY_VIEW_TYPE).length === 1, 'the query sidebar');
  const leaf = running.app.workspace.getLeavesOfType(QUERY_VIEW_TYPE)[0];
  return leaf.view as unknown as QueryView;
}

async function ask(view: QueryView, question: string): Promise<HTMLElement> {
  const input = view.contentEl.querySelector('input.okf-question') as HTMLInputElement;
  input.value = question;
  (view.contentEl.querySelector('form.okf-query-form') as HTMLFormElement).dispatchEvent(
    new Event('submit', { cancelable: true }),
  );
  await waitFor(() => view.contentEl.querySelector('.okf-answer-summary, .okf-error') !== null, 'an answer');
  return view.contentEl;
}

const texts = (el: HTMLElement, selector: string) =>
  Array.from(el.querySelectorAll(selector)).map((e) => e.textContent);

test(
  'the sidebar opens in the right split once, and shows seeds with ' +
    'signals, facts with trust and source, and background',
  async () => {
    const view = await openSidebar();
    expect(view.containerEl.closest('.mod-right-split')).not.toBeNull();
    await openSidebar();
    expect(running.app.workspace.getLeavesOfType(QUERY_VIEW_TYPE)).toHaveLength(1);

    const el = await ask(view, 'Who was Ada Lovelace?');
    expect(texts(el, '.okf-seed .okf-concept-link')).toEqual(['Ada Lovelace']);
    expect(texts(el, '.okf-seed .okf-signal')).toContain('title match · 1st');
    expect(texts(el, '.okf-seed .okf-type')).toEqual(['Person']);
    const facts = Array.from(el.querySelectorAll('.okf-fact'));
    expect(facts.length).toBeGreaterThan(0);
    const lovelaceFact = facts.find((f) => f.querySelector('.okf-predicate')?.textContent === 'wrote_about')!;
    expect(lovelaceFact.querySelector('.okf-fact-line')!.textContent).toBe(
      'Ada Lovelacewrote_aboutAnalytical Engine1843',
    );
    expect(lovelaceFact.querySelector('.okf-trust')!.className).toBe('okf-trust okf-trust-human-reviewed');
    expect(texts(el, '.okf-trust')).toEqual(expect.arrayContaining(['human-reviewed']));
    expect(texts(el, '.okf-background-item .okf-concept-link')).toEqual(['Ada Lovelace']);
    expect(el.querySelector('.okf-excerpt')!.textContent).toContain('Bernoulli numbers');
    expect(el.querySelector('.okf-vector-note')!.textContent).toBe(
      'Vector signal off: embeddings are turned off in the plugin settings. Titles and full text were used.',
    );
  },
);

test(
  'the sidebar has its own icon (not core Search’s), focuses the ' +
    'question box, and labels in plain words with explanations',
  async () => {
    const view = await openSidebar();
    expect(view.getIcon()).not.toBe('search');
    expect(running.app.workspace.getLeavesOfType(QUERY_VIEW_TYPE)[0].getIcon()).toBe(view.getIcon());
    const input = view.contentEl.querySelector('input.okf-question');
    expect(document.activeElement).toBe(input);

    const el = await ask(view, 'Who was Ada Lovelace?');
    const shown = el.textContent ?? '';
    for (const jargon of [/\bGENERAL\b|\bENTITY\b/, /\bseeds?\b/i, /\bhop \d/, /#\d/])
      expect(shown).not.toMatch(jargon);
    expect(texts(el, '.okf-section-title > span:first-child')).toEqual(['Matching concepts', 'Facts', 'Background']);
    expect(el.querySelectorAll('.okf-section-hint')).toHaveLength(3);
    for (const chip of Array.from(el.querySelectorAll('.okf-signal, .okf-hop, .okf-answer-stats')))
      expect(chip.getAttribute('aria-label')).toMatch(/\w{4,}.*\./);
    expect(texts(el, '.okf-hop')).toEqual(expect.arrayContaining(['about a match']));
  },
);

test('clicking a concept opens its note; Copy context copies the block and says how much', async () => {
  const view = await openSidebar();
  const el = await ask(view, 'Who was Ada Lovelace?');
  const babbage = Array.from(el.querySelectorAll<HTMLElement>('.okf-concept-link')).find(
    (a) => a.textContent === 'Charles Babbage',
  )!;
  babbage.click();
  await waitFor(
    () => running.app.workspace.getActiveFile()?.path === 'wiki/entities/charles-babbage.md',
    'the note to open',
  );

  (el.querySelector('.okf-copy-context') as HTMLButtonElement).click();
  await waitFor(() => clipboard.text() !== '', 'the clipboard');
  const answer = view.currentAnswer!.result;
  expect(clipboard.text()).toBe(answer.text);
  expect(noticeMessages()).toEqual([`Copied context: ${answer.facts.length} facts, ${answer.tokens} tokens.`]);
});

test('a question the wiki cannot answer shows the plain no-match state', async () => {
  const view = await openSidebar();
  const el = await ask(view, 'What is the capital of Mongolia?');
  expect(el.querySelector('.okf-no-match-title')!.textContent).toBe('No confident match in this wiki.');
  expect(el.querySelectorAll('.okf-seed, .okf-fact')).toHaveLength(0);
  expect(el.querySelector('.okf-did-you-mean')).toBeNull();
});

test('a misspelt name with no confident match offers the question as the wiki spells it; a click asks', async () => {
  const view = await openSidebar();
  const el = await ask(view, 'Who was Babage?');
  expect(el.querySelector('.okf-no-match-title')!.textContent).toBe('No confident match in this wiki.');
  const link = el.querySelector<HTMLAnchorElement>('.okf-did-you-mean-question')!;
  expect(link.textContent).toBe('Who was Babbage?');
  link.click();
  await waitFor(() => view.contentEl.querySelector('.okf-seed') !== null, 'the suggested question answered');
  expect((view.contentEl.querySelector('input.okf-question') as HTMLInputElement).value).toBe('Who was Babbage?');
  expect(texts(view.contentEl, '.okf-seed .okf-concept-link')).toContain('Charles Babbage');
});

test('note content is drawn as text, never as HTML', async () => {
  const ada = running.app.vault.getFileByPath('wiki/entities/ada-lovelace.md')!;
  const text = await running.app.vault.read(ada);
  await running.app.vault.modify(
    ada,
    text.replace('title: Ada Lovelace', 'title: "Ada <img src=x onerror=alert(1)> Lovelace"'),
  );
  await settle(running);
  const view = await openSidebar();
  const el = await ask(view, 'Who was Ada <img src=x onerror=alert(1)> Lovelace?');
  expect(el.querySelector('img')).toBeNull();
  expect(texts(el, '.okf-seed .okf-concept-link')).toEqual(['Ada <img src=x onerror=alert(1)> Lovelace']);
});

test(
  'the lint report groups findings by check, opens the file, re-runs, ' + 'and refreshes after the index changes',
  async () => {
    expect(run('open-lint-report')).toBe(true);
    await waitFor(() => running.app.workspace.getLeavesOfType(LINT_VIEW_TYPE).length === 1, 'the lint view');
    const view = running.app.workspace.getLeavesOfType(LINT_VIEW_TYPE)[0].view as unknown as LintView;
    await waitFor(() => view.currentReport !== undefined, 'the first report');
    const el = view.contentEl;
    const groups = Array.from(el.querySelectorAll<HTMLElement>('.okf-lint-group'));
    const invalid = groups.find((g) => g.dataset.check === 'invalid-frontmatter')!;
    expect(invalid.querySelector('.okf-count')!.textContent).toBe('1');
    expect(invalid.querySelector('.okf-lint-group-head .okf-severity')!.textContent).toBe('error');
    expect(invalid.querySelector('.okf-finding-path')!.textContent).toMatch(/^entities\/broken\.md/);
    expect(texts(el, '.okf-lint-summary .okf-severity')).toEqual(['3 errors', '1 warning', '0 info']);
    expect(groups.map((g) => g.dataset.check)).toEqual(['invalid-frontmatter', 'asymmetric-relation', 'orphan']);

    (invalid.querySelector('.okf-finding-path') as HTMLElement).click();
    await waitFor(
      () => running.app.workspace.getActiveFile()?.path === 'wiki/entities/broken.md',
      'the broken file to open',
    );

    // A finding with a line opens its file at that line; paths show as the vault shows them; no raw backticks.
    const withLine = view.currentReport!.findings.find((f) => f.line !== undefined && f.line > 1)!;
    expect(withLine).toBeDefined();
    const link = Array.from(el.querySelectorAll<HTMLElement>('.okf-finding-path')).find(
      (a) => a.dataset.path === withLine.path && a.textContent!.endsWith(`:${withLine.line}`),
    )!;
    link.click();
    const cursorLine = () =>
      (running.app.workspace.activeLeaf?.view as unknown as Partial<MarkdownView>).editor?.getCursor().line;
    await waitFor(
      () =>
        running.app.workspace.getActiveFile()?.path === `wiki${withLine.path}` && cursorLine() === withLine.line! - 1,
      'the file of the finding at its line',
    );
    expect(texts(el, '.okf-finding-path').every((t) => !t!.startsWith('/'))).toBe(true);
    expect(texts(el, '.okf-finding-fix, .okf-finding-message').some((t) => t!.includes('`'))).toBe(false);
    const backticked = view.currentReport!.findings.filter(
      (f) => (f.fix ?? '').includes('`') || f.message.includes('`'),
    );
    expect(backticked.length).toBeGreaterThan(0);
    expect(el.querySelectorAll('.okf-finding-fix code, .okf-finding-message code').length).toBeGreaterThan(0);

    const lint = jest.spyOn(running.plugin.service, 'lint');
    (el.querySelector('.okf-lint-rerun') as HTMLButtonElement).click();
    await waitFor(() => lint.mock.calls.length === 1, 're-run');

    // Fixing the file: the report refreshes by itself.
    const broken = running.app.vault.getFileByPath('wiki/entities/broken.md')!;
    await running.app.vault.modify(broken, '---\ntype: Person\ntitle: Fixed\n---\nNow valid.\n');
    await settle(running);
    await waitFor(
      () =>
        !Array.from(el.querySelectorAll<HTMLElement>('.okf-lint-group')).some(
          (g) => g.dataset.check === 'invalid-frontmatter',
        ),
      'the report to refresh',
      5000,
    );
  },
);

test(
  'Copy context for question… asks in a modal and copies; Copy context ' + 'for selection uses the editor selection',
  async () => {
    expect(run('copy-context-for-question')).toBe(true);
    const modal = document.querySelector('.modal') as HTMLElement;
    expect(modal.querySelector('.modal-title')!.textContent).toBe('Copy context for a question');
    const input = modal.querySelector('input.okf-question') as HTMLInputElement;
    input.value = 'What did Charles Babbage design?';
    input.dispatchEvent(new Event('input'));
    (modal.querySelector('button.mod-cta') as HTMLButtonElement).click();
    await waitFor(() => clipboard.text().includes('Charles Babbage'), 'the copied context');
    expect(document.querySelector('.modal')).toBeNull();
    expect(noticeMessages()[0]).toMatch(/^Copied context: \d+ facts?, \d+ tokens\.$/);

    // No editor: the selection command is not available.
    expect(run('copy-context-for-selection')).toBe(false);
    const note = running.app.vault.getFileByPath('notes/shopping.md')!;
    await running.app.workspace.getLeaf(false).openFile(note);
    const editor = (running.app.workspace.activeLeaf!.view as unknown as MarkdownView).editor;
    editor.setValue('Remember to ask: who was Ada Lovelace? Then buy milk.');
    editor.select('who was Ada Lovelace?');
    const direct = await running.plugin.service.query('who was Ada Lovelace?');
    expect(run('copy-context-for-selection')).toBe(true);
    await waitFor(() => clipboard.text() === direct.result.text, 'the context for the selection');
  },
);

test('Rebuild index rebuilds and says so', async () => {
  expect(run('rebuild-index')).toBe(true);
  await waitFor(() => noticeMessages().length > 0, 'the rebuild notice');
  expect(noticeMessages()).toEqual(['OKF Graph Wiki: rebuilt the index (4 concepts).']);
  expect(running.plugin.service.lastOpen).toEqual({ kind: 'built', reason: 'rebuilt from the concept files' });
});

test(
  'Regenerate timeline and trigger keywords write the files (and a ' + 'log.md entry) without re-indexing anything',
  async () => {
    const apply = jest.spyOn(running.plugin.service, 'applyChanges');
    run('regenerate-timeline');
    await waitFor(() => noticeMessages().length === 1, 'the timeline notice');
    expect(noticeMessages()[0]).toBe('OKF Graph Wiki: timeline.md created.');
    run('regenerate-trigger-keywords');
    await waitFor(() => noticeMessages().length === 2, 'the keywords notice');
    expect(noticeMessages()[1]).toBe('OKF Graph Wiki: wiki-trigger-keywords.txt created.');
    const { vault } = running.app;
    await running.app.settle();
    expect(await vault.read(vault.getFileByPath('wiki/timeline.md')!)).toContain('1843');
    expect(await vault.read(vault.getFileByPath('wiki/wiki-trigger-keywords.txt')!)).toContain('Ada Lovelace');
    expect(await vault.read(vault.getFileByPath('wiki/log.md')!)).toMatch(
      /\*\*Regenerate\*\*: rewrote `timeline\.md` \(Obsidian plugin\)\./,
    );
    run('regenerate-timeline');
    await waitFor(() => noticeMessages().length === 3, 'the second timeline notice');
    expect(noticeMessages()[2]).toBe('OKF Graph Wiki: timeline.md unchanged.');
    running.plugin.flushPendingChanges();
    await running.plugin.service.whenIdle();
    expect(apply).not.toHaveBeenCalled();
  },
);

test('Run retrieval evaluation explains a missing evaluate.json', async () => {
  run('run-retrieval-evaluation');
  await waitFor(() => noticeMessages().length > 1, 'the evaluation notice');
  // The first notice followed the run (evaluation-command.ts); it is gone, and the second says why nothing ran.
  expect(noticeMessages()[1]).toMatch(/^OKF Graph Wiki: no evaluate\.json in the bundle\./);
  expect(document.querySelectorAll('.notice')).toHaveLength(1);
});

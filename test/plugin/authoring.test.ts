/** @jest-environment jsdom */
// The authoring commands (issue 8) driven through the Obsidian double on a copy of the demo bundle, as a person
// would: command palette, concept pickers, form fields, Preview, Apply. What lands on disk is compared with the
// core's own plan (nothing else in the files changes), the index and log.md follow, and refusals, conflicts and
// an existing page write nothing.
import { mkdirSync, readFileSync, readdirSync } from 'node:fs';
import * as nodePath from 'node:path';
import { planFileBack } from '../../src/core/author/file-back';
import { planRelate } from '../../src/core/author/relate';
import { planSupersede } from '../../src/core/author/supersede';
import { planDiff, type AuthorPlan, type ChangePlan } from '../../src/core/author/types';
import { conceptRecordsFromIndex } from '../../src/core/generate/concept-record';
import { loadBundleConfig } from '../../src/core/config/load-bundle-config';
import { VaultBundle } from '../../src/plugin/vault-bundle';
import { noticeMessages, waitFor } from '../obsidian-double/harness';
import type { MarkdownView } from '../obsidian-double/views';
import { demoVault, launch, quit, type Running, type TempVault } from './support/plugin-harness';

const DEMO = nodePath.join(__dirname, '..', '..', 'examples', 'computing-history');

let vault: TempVault;
let dir: string;
let running: Running;

beforeEach(async () => {
  vault = demoVault({ bundleFolder: 'wiki', embeddingsEnabled: false });
  dir = vault.dir;
  // The folder the tests' scratch notes go in (Vault.create does not make folders).
  mkdirSync(nodePath.join(dir, 'notes'));
  running = await launch(dir);
});

afterEach(async () => {
  await quit(running);
  vault.remove();
});

const run = (id: string) => running.app.commands.executeCommandById(`okf-graph-wiki:${id}`);
const disk = (bundlePath: string) => readFileSync(nodePath.join(dir, 'wiki', bundlePath), 'utf8');
const demo = (bundlePath: string) => readFileSync(nodePath.join(DEMO, bundlePath), 'utf8');
const bundle = () => new VaultBundle(running.app.vault, running.plugin.service.scope);
const $ = <T extends HTMLElement = HTMLElement>(root: ParentNode, selector: string) =>
  root.querySelector(selector) as T;

/** Every concept file of the demo, as bundle paths. */
function conceptFiles(): string[] {
  return ['entities', 'concepts'].flatMap((folder) =>
    readdirSync(nodePath.join(DEMO, folder)).map((f) => `/${folder}/${f}`),
  );
}

/** Every concept file except `changed` is byte-identical to the demo's. */
function expectOthersUntouched(changed: readonly string[]): void {
  for (const path of conceptFiles()) if (!changed.includes(path)) expect(disk(path)).toBe(demo(path));
}

function asChange(plan: AuthorPlan): ChangePlan {
  if (plan.kind !== 'change') throw new Error(`expected a change, got ${JSON.stringify(plan)}`);
  return plan;
}

async function openNote(vaultPath: string): Promise<void> {
  await running.app.workspace.getLeaf(false).openFile(running.app.vault.getFileByPath(vaultPath)!);
}

async function waitForEl<T extends HTMLElement = HTMLElement>(selector: string, what: string): Promise<T> {
  await waitFor(() => document.querySelector(selector) !== null, what);
  return $<T>(document, selector);
}

function type(input: HTMLInputElement, value: string): void {
  input.value = value;
  input.dispatchEvent(new Event('input'));
}

/** Types into the open concept picker and clicks the suggestion whose title is `title`. */
async function pick(query: string, title: string): Promise<void> {
  const picker = await waitForEl('.okf-concept-picker', 'the concept picker');
  type($<HTMLInputElement>(picker, 'input.prompt-input'), query);
  await waitFor(
    () => Array.from(picker.querySelectorAll('.okf-concept-suggestion-title')).some((e) => e.textContent === title),
    `a suggestion "${title}"`,
  );
  const item = Array.from(picker.querySelectorAll<HTMLElement>('.suggestion-item')).find(
    (e) => $(e, '.okf-concept-suggestion-title').textContent === title,
  )!;
  item.click();
  expect(document.querySelector('.okf-concept-picker')).toBeNull();
}

async function preview(form: HTMLElement): Promise<HTMLElement> {
  $(form, 'button.okf-author-preview').click();
  return waitForEl('.okf-plan-modal', 'the preview');
}

async function apply(previewEl: HTMLElement, notices: number): Promise<void> {
  $(previewEl, 'button.okf-plan-apply').click();
  await waitFor(() => noticeMessages().length >= notices, 'the outcome notice');
  await running.plugin.service.whenIdle();
}

/** Lines of the file on disk that the demo's copy lacks; also checks no line of the demo's copy went missing. */
function addedLines(bundlePath: string): string[] {
  const before = demo(bundlePath).split('\n');
  const after = disk(bundlePath).split('\n');
  const remaining = [...after];
  for (const line of before) {
    const i = remaining.indexOf(line);
    expect(i).toBeGreaterThanOrEqual(0);
    remaining.splice(i, 1);
  }
  return remaining;
}

/** Lint findings of the symmetry checks about `paths` (the issue's acceptance: none after relate / supersede). */
async function symmetryFindings(paths: readonly string[]): Promise<string[]> {
  const report = await running.plugin.service.lint();
  return report.findings
    .filter(
      (f) => (f.check === 'asymmetric-relation' || f.check === 'asymmetric-supersession') && paths.includes(f.path),
    )
    .map((f) => `${f.check} ${f.path}: ${f.message}`);
}

const logBullets = () =>
  disk('/log.md')
    .split('\n')
    .filter((l) => /^[*-] /.test(l));

test('the three commands are in the palette without hotkeys, each offered only when it can run', async () => {
  const names = running.app.commands.list().map((c) => c.name);
  expect(names).toEqual(
    expect.arrayContaining([
      'OKF Graph Wiki: Add relation (both directions)…',
      'OKF Graph Wiki: Supersede this concept with…',
      'OKF Graph Wiki: File selection back as concept page…',
    ]),
  );
  expect(running.app.commands.list().every((c) => c.hotkeys === undefined)).toBe(true);
  expect(run('supersede-this-concept')).toBe(false); // no active note
  expect(run('file-selection-back-as-concept')).toBe(false); // no editor
  await running.app.vault.create('notes/scratch.md', 'Some text.');
  await openNote('notes/scratch.md');
  expect(run('supersede-this-concept')).toBe(false); // not a concept
  expect(run('file-selection-back-as-concept')).toBe(false); // nothing selected
});

test('Add relation writes the relation and its inverse, nothing else; the index and log.md follow', async () => {
  await openNote('wiki/entities/ada-lovelace.md');
  expect(run('add-relation-both-directions')).toBe(true);
  const form = await waitForEl('.okf-author-modal', 'the relate dialog');
  expect($(form, '.okf-relate-subject .setting-item-description').textContent).toBe(
    'Ada Lovelace (entities/ada-lovelace.md)',
  );
  expect($(form, '.okf-relate-object .setting-item-description').textContent).toBe('Not chosen yet.');
  // Predicate suggestions come from the vocabulary.
  const listId = $<HTMLInputElement>(form, 'input.okf-relate-predicate').getAttribute('list')!;
  const suggested = Array.from(form.querySelectorAll(`datalist[id="${listId}"] option`)).map(
    (o) => (o as HTMLOptionElement).value,
  );
  expect(suggested).toEqual(expect.arrayContaining(['influenced', 'designed', 'worked_at']));

  $(form, '.okf-relate-object button.okf-choose-concept').click();
  await pick('grace hop', 'Grace Hopper');
  expect($(form, '.okf-relate-object .setting-item-description').textContent).toBe(
    'Grace Hopper (entities/grace-hopper.md)',
  );
  type($<HTMLInputElement>(form, 'input.okf-relate-predicate'), 'influenced');
  expect($<HTMLInputElement>(form, 'input.okf-relate-inverse').value).toBe('influenced_by');
  type($<HTMLInputElement>(form, 'input.okf-relate-date'), '1843-01-01');
  type($<HTMLInputElement>(form, 'input.okf-relate-source'), 'wikipedia');

  const { config } = await loadBundleConfig(bundle());
  const plan = asChange(
    await planRelate(
      bundle(),
      {
        subject: '/entities/ada-lovelace.md',
        predicate: 'influenced',
        object: '/entities/grace-hopper.md',
        date: '1843-01-01',
        source: 'wikipedia',
      },
      config,
    ),
  );
  const previewEl = await preview(form);
  expect(
    Array.from(previewEl.querySelectorAll('pre.okf-plan-diff'))
      .map((p) => p.textContent)
      .join(''),
  ).toBe(planDiff(plan));
  expect($(previewEl, '.okf-plan-summary').textContent).toBe(plan.summary);
  expect(previewEl.querySelector('img, script')).toBeNull();
  // Nothing written before Apply.
  expect(disk('/entities/ada-lovelace.md')).toBe(demo('/entities/ada-lovelace.md'));

  await apply(previewEl, 1);
  expect(noticeMessages()).toEqual([
    `OKF Graph Wiki: ${plan.summary} Updated the index and the generated files; logged in log.md.`,
  ]);
  expect(document.querySelector('.okf-plan-modal, .okf-author-modal')).toBeNull();
  for (const change of plan.changes) expect(disk(change.path)).toBe(change.after);
  // Only the new relation lines differ (the files' flow style is kept).
  expect(addedLines('/entities/ada-lovelace.md')).toEqual([
    '  - { predicate: influenced, object: /entities/grace-hopper.md, date: "1843-01-01", source: wikipedia }',
  ]);
  expect(addedLines('/entities/grace-hopper.md')).toEqual([
    expect.stringMatching(
      new RegExp(
        /^  - \{ predicate: influenced_by, object: \/entities\/ada-lovelace\.md, /.source +
          /date: "1843-01-01"(, source: wikipedia)? \}$/.source,
      ),
    ),
  ]);
  expectOthersUntouched(['/entities/ada-lovelace.md', '/entities/grace-hopper.md']);

  const records = conceptRecordsFromIndex(running.plugin.service.index!);
  const ada = records.find((r) => r.path === '/entities/ada-lovelace.md')!;
  const hopper = records.find((r) => r.path === '/entities/grace-hopper.md')!;
  expect(ada.relations).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ predicate: 'influenced', objectPath: '/entities/grace-hopper.md', date: '1843-01-01' }),
    ]),
  );
  expect(hopper.relations).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ predicate: 'influenced_by', objectPath: '/entities/ada-lovelace.md' }),
    ]),
  );
  expect(logBullets()).toHaveLength(1);
  expect(logBullets()[0]).toMatch(
    new RegExp(
      /^\* \*\*Related\*\*: \/entities\/ada-lovelace\.md influenced \/entities\/grace-hopper\.md /.source +
        /.*\(by `human:obsidian`, okf-wiki relate\)\.$/.source,
    ),
  );
  expect(disk('/timeline.md')).toContain('Ada Lovelace');
  expect(await symmetryFindings(['/entities/ada-lovelace.md', '/entities/grace-hopper.md'])).toEqual([]);

  // The same relation again: nothing to change.
  expect(run('add-relation-both-directions')).toBe(true);
  const again = await waitForEl('.okf-author-modal', 'the relate dialog again');
  $(again, '.okf-relate-object button.okf-choose-concept').click();
  await pick('grace hop', 'Grace Hopper');
  type($<HTMLInputElement>(again, 'input.okf-relate-predicate'), 'influenced');
  $(again, 'button.okf-author-preview').click();
  await waitFor(() => noticeMessages().length === 2, 'the unchanged notice');
  expect(noticeMessages()[1]).toMatch(/^OKF Graph Wiki: nothing to change\. Already related: /);
  expect(document.querySelector('.okf-plan-modal')).toBeNull();
});

test('a refused relation (undeclared predicate, no inverse) shows why in a notice and changes nothing', async () => {
  expect(run('add-relation-both-directions')).toBe(true); // no active note: the subject is chosen too
  const form = await waitForEl('.okf-author-modal', 'the relate dialog');
  $(form, '.okf-relate-subject button.okf-choose-concept').click();
  await pick('ada', 'Ada Lovelace');
  $(form, '.okf-relate-object button.okf-choose-concept').click();
  await pick('hopper', 'Grace Hopper');
  type($<HTMLInputElement>(form, 'input.okf-relate-predicate'), 'mentored');
  expect($<HTMLInputElement>(form, 'input.okf-relate-inverse').value).toBe('');
  expect($(form, '.okf-relate-inverse-hint').textContent).toMatch(/no inverse is declared for `mentored`/);
  $(form, 'button.okf-author-preview').click();
  await waitFor(() => noticeMessages().length === 1, 'the refusal notice');
  expect(noticeMessages()[0]).toMatch(
    /^OKF Graph Wiki: refused, nothing was changed: no inverse is declared for `mentored`/,
  );
  expect(document.querySelector('.okf-plan-modal')).toBeNull();
  await running.plugin.service.whenIdle();
  expectOthersUntouched([]);
  expect(running.app.vault.getFileByPath('wiki/log.md')).toBeNull();
});

test('a file edited between the preview and Apply is not overwritten', async () => {
  await openNote('wiki/entities/ada-lovelace.md');
  run('add-relation-both-directions');
  const form = await waitForEl('.okf-author-modal', 'the relate dialog');
  $(form, '.okf-relate-object button.okf-choose-concept').click();
  await pick('grace hop', 'Grace Hopper');
  type($<HTMLInputElement>(form, 'input.okf-relate-predicate'), 'influenced');
  const previewEl = await preview(form);
  const hopper = running.app.vault.getFileByPath('wiki/entities/grace-hopper.md')!;
  const edited = (await running.app.vault.read(hopper)) + '\nEdited meanwhile.\n';
  await running.app.vault.modify(hopper, edited);
  await apply(previewEl, 1);
  expect(noticeMessages()[0]).toMatch(
    /^OKF Graph Wiki: not written: \/entities\/grace-hopper\.md changed since the preview; nothing was written\./,
  );
  expect(disk('/entities/ada-lovelace.md')).toBe(demo('/entities/ada-lovelace.md'));
  expect(disk('/entities/grace-hopper.md')).toBe(edited);
  expect(running.app.vault.getFileByPath('wiki/log.md')).toBeNull();
});

test('Supersede this concept with… writes both ends', async () => {
  await openNote('wiki/entities/difference-engine.md');
  expect(run('supersede-this-concept')).toBe(true);
  const picker = await waitForEl('.okf-concept-picker', 'the successor picker');
  expect($<HTMLInputElement>(picker, 'input.prompt-input').placeholder).toBe(
    'Concept that replaces Difference Engine…',
  );
  // Chosen with the keyboard: the best match is first and selected; Enter chooses it.
  type($<HTMLInputElement>(picker, 'input.prompt-input'), 'analytical engine');
  await waitFor(
    () =>
      picker.querySelector('.suggestion-item.is-selected .okf-concept-suggestion-title')?.textContent ===
      'Analytical Engine',
    'the best match first',
  );
  expect(Array.from(picker.querySelectorAll('.okf-concept-suggestion-title')).map((e) => e.textContent)).not.toContain(
    'Difference Engine',
  );
  $(picker, 'input.prompt-input').dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', cancelable: true }));
  const form = await waitForEl('.okf-author-modal', 'the supersede dialog');
  expect(document.querySelector('.okf-concept-picker')).toBeNull();
  expect($(form, '.okf-supersede-old .setting-item-description').textContent).toBe(
    'Difference Engine (entities/difference-engine.md)',
  );
  type($<HTMLInputElement>(form, 'input.okf-supersede-date'), '1834-01-01');
  const plan = asChange(
    await planSupersede(bundle(), {
      old: '/entities/difference-engine.md',
      new: '/entities/analytical-engine.md',
      at: '1834-01-01',
    }),
  );
  const previewEl = await preview(form);
  expect(
    Array.from(previewEl.querySelectorAll('pre.okf-plan-diff'))
      .map((p) => p.textContent)
      .join(''),
  ).toBe(planDiff(plan));
  await apply(previewEl, 1);
  expect(noticeMessages()[0]).toBe(
    `OKF Graph Wiki: ${plan.summary} Updated the index and the generated files; logged in log.md.`,
  );
  expect(plan.changes.map((c) => c.path)).toEqual(['/entities/difference-engine.md', '/entities/analytical-engine.md']);
  for (const change of plan.changes) expect(disk(change.path)).toBe(change.after);
  expect(addedLines('/entities/difference-engine.md')).toEqual([
    'status: superseded',
    'superseded_by: /entities/analytical-engine.md',
    'superseded_at: "1834-01-01"',
  ]);
  expect(addedLines('/entities/analytical-engine.md')).toEqual([
    expect.stringMatching(/^supersedes: \[ ?\/entities\/difference-engine\.md ?\]$/),
  ]);
  expectOthersUntouched(['/entities/difference-engine.md', '/entities/analytical-engine.md']);
  const old = conceptRecordsFromIndex(running.plugin.service.index!).find(
    (r) => r.path === '/entities/difference-engine.md',
  )!;
  expect(old.supersededBy).toBe('/entities/analytical-engine.md');
  expect(await symmetryFindings(['/entities/difference-engine.md', '/entities/analytical-engine.md'])).toEqual([]);
  expect(logBullets()).toEqual([
    expect.stringMatching(
      /^\* \*\*Superseded\*\*: \/entities\/difference-engine\.md by \/entities\/analytical-engine\.md as of 1834-01-01/,
    ),
  ]);
});

test('File selection back creates the page, indexes and opens it, and never overwrites an existing page', async () => {
  const body =
    '# Synthesis\n\nThe [Analytical ' +
    'Engine](/entities/analytical-engine.md) was the first design for a ' +
    'general-purpose computer.\n';
  await running.app.vault.create('notes/answer.md', `Draft answer:\n${body}Trailing words.`);
  await openNote('notes/answer.md');
  const editor = (running.app.workspace.activeLeaf!.view as unknown as MarkdownView).editor;
  editor.select(body);
  expect(run('file-selection-back-as-concept')).toBe(true);
  const form = await waitForEl('.okf-author-modal', 'the file-back dialog');
  expect($<HTMLInputElement>(form, 'input.okf-file-back-type').value).toBe('Concept');
  $(form, 'button.okf-author-preview').click();
  await waitFor(() => noticeMessages().length === 1, 'the missing-title notice');
  expect(noticeMessages()[0]).toBe('OKF Graph Wiki: the page needs a title.');
  type($<HTMLInputElement>(form, 'input.okf-file-back-title'), 'Why the Analytical Engine mattered');
  type($<HTMLInputElement>(form, 'input.okf-file-back-description'), 'A short synthesis.');

  const previewEl = await preview(form);
  const shown = $(previewEl, 'pre.okf-plan-text').textContent!;
  expect(shown).toMatch(
    new RegExp(
      /^---\ntype: Concept\ntitle: Why the Analytical Engine mattered\ndescription: A short synthesis\.\n/.source +
        /generated: \{ by: "human:obsidian", at: "[^"]+" \}\n---\n\n# Synthesis\n/.source,
    ),
  );
  expect($(previewEl, '.okf-plan-path').textContent).toBe('concepts/why-the-analytical-engine-mattered.md (new page)');
  await apply(previewEl, 2);
  expect(noticeMessages()[1]).toBe(
    'OKF Graph Wiki: Filed back "Why the Analytical Engine mattered" as ' +
      '/concepts/why-the-analytical-engine-mattered.md. Updated the index ' +
      'and the generated files; logged in log.md.',
  );
  const page = '/concepts/why-the-analytical-engine-mattered.md';
  expect(disk(page)).toBe(shown);
  await waitFor(() => running.app.workspace.getActiveFile()?.path === `wiki${page}`, 'the new page to open');
  expect(conceptRecordsFromIndex(running.plugin.service.index!).map((r) => r.path)).toContain(page);
  expect(logBullets()).toEqual([
    expect.stringMatching(
      new RegExp(
        /^\* \*\*Filed back\*\*: "Why the Analytical Engine mattered" as /.source +
          /\/concepts\/why-the-analytical-engine-mattered\.md \(by `human:obsidian`/.source,
      ),
    ),
  ]);
  expectOthersUntouched([]);

  // The same title again: refused, the existing page is kept.
  await openNote('notes/answer.md');
  const editor2 = (running.app.workspace.activeLeaf!.view as unknown as MarkdownView).editor;
  editor2.select('Draft answer:');
  expect(run('file-selection-back-as-concept')).toBe(true);
  const form2 = await waitForEl('.okf-author-modal', 'the file-back dialog again');
  type($<HTMLInputElement>(form2, 'input.okf-file-back-title'), 'Why the Analytical Engine mattered');
  $(form2, 'button.okf-author-preview').click();
  await waitFor(() => noticeMessages().length === 3, 'the refusal notice');
  expect(noticeMessages()[2]).toMatch(
    new RegExp(
      /^OKF Graph Wiki: refused, nothing was changed: a page already exists at /.source +
        /\/concepts\/why-the-analytical-engine-mattered\.md/.source,
    ),
  );
  expect(document.querySelector('.okf-plan-modal')).toBeNull();
  expect(disk(page)).toBe(shown);
  const plan = await planFileBack(
    bundle(),
    { title: 'Why the Analytical Engine mattered', body: 'x', by: 'human:obsidian' },
    { now: () => '2026-01-01T00:00:00Z' },
  );
  expect(plan.kind).toBe('refused');
});

test('note content in the picker and the preview is drawn as text, never as HTML', async () => {
  const hopper = running.app.vault.getFileByPath('wiki/entities/grace-hopper.md')!;
  const text = await running.app.vault.read(hopper);
  await running.app.vault.modify(
    hopper,
    text.replace('title: Grace Hopper', 'title: "Grace <img src=x onerror=alert(1)> Hopper"'),
  );
  await running.app.settle();
  running.plugin.flushPendingChanges();
  await running.plugin.service.whenIdle();
  await openNote('wiki/entities/ada-lovelace.md');
  run('add-relation-both-directions');
  const form = await waitForEl('.okf-author-modal', 'the relate dialog');
  $(form, '.okf-relate-object button.okf-choose-concept').click();
  const picker = await waitForEl('.okf-concept-picker', 'the concept picker');
  type($<HTMLInputElement>(picker, 'input.prompt-input'), 'grace');
  await waitFor(() => picker.querySelector('.suggestion-item') !== null, 'suggestions');
  expect(picker.querySelector('img')).toBeNull();
  await pick('grace', 'Grace <img src=x onerror=alert(1)> Hopper');
  type($<HTMLInputElement>(form, 'input.okf-relate-predicate'), 'influenced');
  const previewEl = await preview(form);
  expect(previewEl.querySelector('img')).toBeNull();
  expect(document.querySelector('img')).toBeNull();
  expect(previewEl.querySelector('pre.okf-plan-diff')!.textContent).toContain('/entities/grace-hopper.md');
  $(previewEl, 'button.okf-plan-cancel').click();
  expect(document.querySelector('.okf-plan-modal')).toBeNull();
  expect(document.querySelector('.okf-author-modal')).not.toBeNull();
  expect(disk('/entities/ada-lovelace.md')).toBe(demo('/entities/ada-lovelace.md'));
});

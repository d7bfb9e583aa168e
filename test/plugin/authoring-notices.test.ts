/** @jest-environment jsdom */
// The authoring dialogs' notices in Obsidian's words: a preview that fails is said in a notice (not an unhandled
// rejection), and a refusal names the dialog field, never the command line's flag (`--at`, `--inverse`).
import manifest from '../../manifest.json';
import { withoutCliFlags } from '../../src/plugin/plain-words';
import { noticeMessages, waitFor } from '../obsidian-double/harness';
import { demoVault, launch, quit, type Running, type TempVault } from './support/plugin-harness';

let vault: TempVault;
let dir: string;
let running: Running;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

beforeEach(async () => {
  unhandled.length = 0;
  process.on('unhandledRejection', onUnhandled);
  vault = demoVault({ bundleFolder: 'wiki', embeddingsEnabled: false });
  dir = vault.dir;
  running = await launch(dir);
});

afterEach(async () => {
  await quit(running);
  vault.remove();
  process.off('unhandledRejection', onUnhandled);
});

const $ = <T extends HTMLElement = HTMLElement>(root: ParentNode, selector: string) =>
  root.querySelector(selector) as T;

async function waitForEl(selector: string, what: string): Promise<HTMLElement> {
  await waitFor(() => document.querySelector(selector) !== null, what);
  return $(document, selector);
}

function type(input: HTMLInputElement, value: string): void {
  input.value = value;
  input.dispatchEvent(new Event('input'));
}

async function supersedeForm(): Promise<HTMLElement> {
  await running.app.workspace
    .getLeaf(false)
    .openFile(running.app.vault.getFileByPath('wiki/entities/difference-engine.md')!);
  expect(running.app.commands.executeCommandById(`${manifest.id}:supersede-this-concept`)).toBe(true);
  const picker = await waitForEl('.okf-concept-picker', 'the successor picker');
  type($<HTMLInputElement>(picker, 'input.prompt-input'), 'analytical engine');
  await waitFor(() => picker.querySelector('.suggestion-item.is-selected') !== null, 'a suggestion');
  $(picker, 'input.prompt-input').dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', cancelable: true }));
  return waitForEl('.okf-author-modal', 'the supersede dialog');
}

test('a bad date is refused in a notice that names the Date field, not the --at flag', async () => {
  const form = await supersedeForm();
  type($<HTMLInputElement>(form, 'input.okf-supersede-date'), '1834-13-45');
  $(form, 'button.okf-author-preview').click();
  await waitFor(() => noticeMessages().length === 1, 'the refusal');
  expect(noticeMessages()[0]).toBe(
    'OKF Graph Wiki: refused, nothing was changed: the Date field ' +
      '"1834-13-45" is not an ISO 8601 date such as 1993-01-20',
  );
  expect(document.querySelector('.okf-plan-modal')).toBeNull();
});

test(
  'a preview that fails (the vault cannot be listed) shows a notice, ' +
    'leaves the dialog open, rejects nothing unhandled',
  async () => {
    const form = await supersedeForm();
    jest.spyOn(running.app.vault, 'getFiles').mockImplementation(() => {
      throw new Error('EIO: i/o error, read');
    });
    $(form, 'button.okf-author-preview').click();
    await waitFor(() => noticeMessages().length === 1, 'the failure notice');
    expect(noticeMessages()[0]).toMatch(/^OKF Graph Wiki: could not prepare the preview: .*EIO: i\/o error, read/);
    expect(document.querySelector('.okf-plan-modal')).toBeNull();
    expect(document.querySelector('.okf-author-modal')).not.toBeNull();
    await new Promise((r) => setTimeout(r, 50));
    expect(unhandled).toEqual([]);
  },
);

test('the command-line flags in the core messages become the dialog fields', () => {
  expect(
    withoutCliFlags(
      'no inverse is declared for `mentored`: pass --inverse PREDICATE (e.g. ' +
        '--inverse mentored_by), or declare the pair',
    ),
  ).toBe('no inverse is declared for `mentored`: fill in the Inverse field (e.g. mentored_by), or declare the pair');
  expect(withoutCliFlags('not `x`; lint would report it. Drop --inverse, or change the declaration.')).toBe(
    'not `x`; lint would report it. Clear the Inverse field, or change the declaration.',
  );
  expect(withoutCliFlags('several inverses; choose one with --inverse.')).toBe(
    'several inverses; choose one with the Inverse field.',
  );
  expect(withoutCliFlags('a plain message')).toBe('a plain message');
});

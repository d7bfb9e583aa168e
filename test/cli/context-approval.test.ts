// Approval tests (STYLE.md 9): the rendered context of questions over the demo bundle, compared with committed
// `*.approved.txt` files. A difference writes `*.received.txt` beside it; review it, and if it is right, rerun
// with APPROVE=1 (or rename it) to accept. Lexical signals only and a fixed clock, so the output is stable.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import { copyWritable, makeTempDir, removeTempDir, REPO_ROOT } from '../support/temp-dir';
import { runCli } from '../support/run-cli';

const DEMO = nodePath.join(REPO_ROOT, 'examples', 'computing-history');
const APPROVED = nodePath.join(__dirname, 'approved');

const QUESTIONS: Record<string, string> = {
  'alan-turing': 'Who is Alan Turing?',
  'kurt-godel-lowercase': 'Who was kurt gödel?',
  'why-unix': 'Why was Unix created?',
  'when-go': 'When was Go created?',
  'bell-labs-before-nokia': 'Who ran Bell Labs before Nokia?',
  'fastest-supercomputer-stale': 'What is the fastest supercomputer?',
  'flat-bicycle-tire-out-of-bundle': 'How do I fix a flat bicycle tire?',
};

let tmp: string;
let bundle: string;
beforeAll(async () => {
  tmp = makeTempDir('okf-approval-');
  bundle = copyWritable(DEMO, tmp);
  expect((await runCli(['reindex', '--bundle', bundle, '--no-embed'], tmp)).code).toBe(0);
});
afterAll(() => removeTempDir(tmp));

async function render(question: string): Promise<string> {
  const { code, stdout } = await runCli(
    ['context', question, '--bundle', bundle, '--no-embed', '--today', '2026-11-30'],
    tmp,
  );
  expect(code).toBe(0);
  return stdout;
}

function verify(name: string, received: string): void {
  const approvedPath = nodePath.join(APPROVED, `context-${name}.approved.txt`);
  const receivedPath = nodePath.join(APPROVED, `context-${name}.received.txt`);
  if (process.env.APPROVE === '1') writeFileSync(approvedPath, received);
  const approved = existsSync(approvedPath) ? readFileSync(approvedPath, 'utf8') : undefined;
  if (approved === received) {
    rmSync(receivedPath, { force: true });
    return;
  }
  writeFileSync(receivedPath, received);
  expect(received).toBe(approved ?? `(no approved file yet: review ${receivedPath})`);
}

test.each(Object.entries(QUESTIONS))('%s', async (name, question) => {
  const first = await render(question);
  verify(name, first);
  // Determinism: the same question twice renders the same bytes.
  expect(await render(question)).toBe(first);
});

test('the stale Frontier concept contributes no facts, and its prose is marked stale', async () => {
  const text = await render('What is the fastest supercomputer?');
  expect(text).not.toMatch(/^- Frontier /m);
  expect(text).toContain('## Frontier (/entities/frontier-supercomputer.md) [stale since 2025-06-30]');
});

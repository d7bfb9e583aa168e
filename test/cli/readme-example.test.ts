// The README opens with two examples of what `okf-wiki context` prints; they drifted once (QA review: a fact shown in
// another order than the command prints it). This runs each shown command and checks the shown lines are printed.
import { readFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import { runCli } from '../support/run-cli';
import { REPO_ROOT, tempBundle } from '../support/temp-dir';

const readme = readFileSync(nodePath.join(REPO_ROOT, 'README.md'), 'utf8');
/** The README's code blocks fenced without a language, before its first section (Newcomer commands). */
const blocks = [...readme.slice(0, readme.indexOf('\n## Newcomer commands')).matchAll(/^```\n([\s\S]*?)^```$/gm)].map(
  (m) => m[1].replace(/\n$/, '').split('\n'),
);

/** `okf-wiki context "question" --bundle DIR --no-embed`, split as a shell would, on a temporary copy of DIR. */
function argsOf(command: string): string[] {
  const args = [...command.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]).slice(3);
  const at = args.indexOf('--bundle') + 1;
  const copy = tempBundle(args[at]);
  cleanups.push(copy.cleanup);
  args[at] = copy.dir;
  return args;
}

const cleanups: (() => void)[] = [];
afterAll(() => cleanups.forEach((cleanup) => cleanup()));

/** Each run of shown lines (between `...` lines) is printed, in order (blank lines aside); a line ending in ` ...` is
 * a line's start. */
function expectShown(shown: readonly string[], printed: readonly string[]): void {
  let at = 0;
  let first = true;
  for (const run of shown.join('\n').split(/^\.\.\.$/m)) {
    const lines = run.split('\n').filter((line) => line !== '');
    const matches = (start: number) =>
      lines.every((line, k) => {
        const out = printed[start + k] ?? '';
        return line.endsWith(' ...') ? out.startsWith(line.slice(0, -4)) : out === line;
      });
    let start = at;
    while (start < printed.length && !(first && start > 0) && !matches(start)) start++;
    expect({ run: lines, found: start < printed.length && matches(start) }).toEqual({ run: lines, found: true });
    at = start + lines.length;
    first = false;
  }
}

test('the README shows two examples: an answer, and no confident match', () => {
  expect(blocks.length).toBe(2);
  expect(blocks[0][0]).toMatch(/^\$ npx okf-wiki context "/);
  expect(blocks[1][0]).toMatch(/^No confident match in this wiki for: "/);
});

test('the first example prints what the README shows, in that order', async () => {
  const [command, ...shown] = blocks[0];
  const out = await runCli(argsOf(command), REPO_ROOT);
  expect(out.stderr).not.toMatch(/error/i);
  expect(out.code).toBe(0);
  expectShown(
    shown,
    out.stdout.split('\n').filter((line) => line !== ''),
  );
});

test('the second example is what the same command prints for its question', async () => {
  const question = /"(.*)"$/.exec(blocks[1][0])![1];
  const args = argsOf(blocks[0][0]);
  args[1] = question;
  const out = await runCli(args, REPO_ROOT);
  expect(out.code).toBe(0);
  expect(out.stdout.split('\n')[0]).toBe(blocks[1][0]);
});

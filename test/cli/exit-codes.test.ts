// What the CLI prints and exits with when it does not answer (README, "Command line": 0 success, 1 findings or
// regression, 2 bad usage, refused or invalid input, or an unreadable bundle). Only bad usage prints the help; any
// other failure says what went wrong and one line of hint.
import { writeFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import { runCli } from '../support/run-cli';
import { copyWritable, makeTempDir, removeTempDir, REPO_ROOT, tempBundle } from '../support/temp-dir';

let tmp: string;
beforeEach(() => {
  tmp = makeTempDir('okf-exit-codes-');
});
afterEach(() => removeTempDir(tmp));

test.each([
  [['frobnicate'], /^okf-wiki: unknown command "frobnicate"\n/],
  [[], /^okf-wiki: no command given\n/],
  [['context'], /^okf-wiki: context needs a question/],
  [['reindex', '--no-such-flag'], /^okf-wiki: Unknown option '--no-such-flag'/],
])('bad usage %j: exit 2, the problem, then the help', async (args, problem) => {
  const { code, stdout, stderr } = await runCli(args, tmp);
  expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
  expect(stderr).toMatch(problem);
  expect(stderr).toContain('\nUsage: okf-wiki <command>');
});

test.each([
  [['reindex', '--bundle', 'no-such-folder'], /^okf-wiki: bundle folder not found: .*no-such-folder\n/],
  [['lint', '--bundle', 'a-file.txt'], /^okf-wiki: --bundle must be a folder: .*a-file\.txt\n/],
  [['evaluate', '--set', 'missing.json'], /^okf-wiki: no question set at .*missing\.json\n/],
  [['evaluate', '--set', '.'], /^okf-wiki: cannot read .*: EISDIR/],
])('%j is not bad usage: exit 2, the problem and a one-line hint, no help', async (args, problem) => {
  const bundle = copyWritable(nodePath.join(REPO_ROOT, 'examples', 'computing-history'), tmp);
  writeFileSync(nodePath.join(tmp, 'a-file.txt'), 'x');
  const withBundle = args.includes('--bundle') ? args : [...args, '--bundle', bundle, '--no-embed'];
  const { code, stdout, stderr } = await runCli(withBundle, tmp);
  expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
  expect(stderr).toMatch(problem);
  expect(stderr).not.toContain('Usage:');
  expect(stderr.trimEnd().split('\n')).toHaveLength(2);
});

test.each([[['   ']], [['', '\t']]])('context with a blank question %j is bad usage (exit 2)', async (question) => {
  const bundle = copyWritable(nodePath.join(REPO_ROOT, 'examples', 'computing-history'), tmp);
  const { code, stdout, stderr } = await runCli(['context', ...question, '--bundle', bundle, '--no-embed'], tmp);
  expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
  expect(stderr).toMatch(/^okf-wiki: context needs a question/);
});

test('a refused relate exits 2 (refused input), not 1 (findings), and prints no help', async () => {
  const { dir, cleanup } = tempBundle('test/fixtures/author-bundle');
  try {
    const args = ['relate', 'entities/marc-andreessen', 'admired', 'entities/openai', '--bundle', dir, '--no-embed'];
    const { code, stderr } = await runCli(args, tmp);
    expect(code).toBe(2);
    expect(stderr).toMatch(/^okf-wiki: Refused \(relate\): /);
    expect(stderr).not.toContain('Usage:');
  } finally {
    cleanup();
  }
});

test('evaluate --no-embed says plainly, once on stderr and once in the report, that vectors are off', async () => {
  const bundle = copyWritable(nodePath.join(REPO_ROOT, 'examples', 'computing-history'), tmp);
  const { stdout, stderr } = await runCli(['evaluate', '--bundle', bundle, '--no-embed'], tmp);
  // The report's signals line says it once too.
  expect(stdout).toContain('\nSignals: lexical (exact title, BM25); the vector signal is turned off\n');
  expect(stderr).not.toMatch(/vector signal off: the vector signal/i);
  expect(stderr.match(/vector signal/g)).toHaveLength(1);
  expect(stderr).toContain('note: the vector signal is off (--no-embed): lexical signals only\n');
});

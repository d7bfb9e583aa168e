// What the CLI prints and exits with when it does not answer (README, "Command line": 0 success, 1 findings or
// regression, 2 bad usage, refused or invalid input, or an unreadable bundle). Only bad usage prints the help; a bad
// flag value and any other failure say what went wrong and one line of hint.
import { writeFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import { parseCommandLine } from '../../src/cli/args';
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

// Each used to print the whole help after the line that matters (--budget -5 Node's "argument is ambiguous" first).
test.each([
  [['context', 'q', '--budget', 'abc'], '--budget must be a positive whole number, got "abc"'],
  [['context', 'q', '--budget', '-5'], '--budget must be a positive whole number, got "-5"'],
  [['context', 'q', '--format', 'xml'], '--format must be text, json or mermaid, got "xml"'],
  [['context', 'q', '--vector-threshold', '-3'], '--vector-threshold must be a number from -1 to 1, got "-3"'],
  [['lint', '--today', 'yesterday\n'], '--today must be an ISO 8601 date, got "yesterday\\n"'],
  [
    ['evaluate', '--disable-signal', 'bm26'],
    '--disable-signal takes title, bm25, vector (comma-separated), got "bm26"',
  ],
])('a bad flag value %j: exit 2, one line naming the flag and the value, a hint to --help', async (args, line) => {
  const bundle = copyWritable(nodePath.join(REPO_ROOT, 'examples', 'computing-history'), tmp);
  const { code, stdout, stderr } = await runCli([...args, '--bundle', bundle, '--no-embed'], tmp);
  expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
  expect(stderr).toBe(`okf-wiki: ${line}\nhint: okf-wiki --help lists the commands and the flags each takes\n`);
});

test('a negative number after a flag that takes a value is that value; nothing after -- changes', () => {
  const { flags, positionals } = parseCommandLine([
    'context',
    'q',
    '--vector-threshold',
    '-0.5',
    '--',
    '--budget',
    '-5',
  ]);
  expect(flags).toEqual({ 'vector-threshold': '-0.5' });
  expect(positionals).toEqual(['q', '--budget', '-5']);
  // A boolean flag takes no value: a number after it stays a positional, as Node's parser reads it.
  expect(() => parseCommandLine(['context', '--json', '-5'])).toThrow(/Unknown option '-5'/);
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

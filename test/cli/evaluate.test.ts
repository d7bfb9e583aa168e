// `okf-wiki evaluate` on a temporary copy of the demo bundle, in-process (issue 6 acceptance): the committed
// labeled set passes against the committed baseline, and a deliberately broken ranking (the exact-title signal
// switched off) exits 1 without touching the baseline.
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import * as nodePath from 'node:path';
import { copyWritable, makeTempDir, removeTempDir, REPO_ROOT } from '../support/temp-dir';
import { runCli } from '../support/run-cli';

const DEMO = nodePath.join(REPO_ROOT, 'examples', 'computing-history');

let tmp: string;
let bundle: string;

beforeEach(() => {
  tmp = makeTempDir('okf-evaluate-');
  bundle = copyWritable(DEMO, tmp);
});
afterEach(() => removeTempDir(tmp));

async function evaluate(...args: string[]): Promise<{ code: number; io: { stdout: string; stderr: string } }> {
  const { code, stdout, stderr } = await runCli(['evaluate', '--bundle', bundle, '--no-embed', ...args], tmp);
  return { code, io: { stdout, stderr } };
}

test(
  'the demo set passes against its committed baseline (lexical signals), ' + 'and the last result is stored beside it',
  async () => {
    expect(existsSync(nodePath.join(bundle, 'evaluate.baseline.json'))).toBe(true);
    const baselineBefore = readFileSync(nodePath.join(bundle, 'evaluate.baseline.json'), 'utf8');
    const { code, io } = await evaluate();
    expect(io.stdout).toContain('No regression against the baseline (lexical).');
    expect(code).toBe(0);
    expect(io.stdout).toMatch(
      /Retrieval evaluation: \d+ questions \(\d+ in bundle, \d+ out of bundle\), judged at 2026-11-30/,
    );
    const last = JSON.parse(readFileSync(nodePath.join(bundle, 'evaluate.last.json'), 'utf8'));
    expect(last.configuration).toMatchObject({ signals: 'lexical', disabledSignals: [], today: '2026-11-30' });
    expect(readFileSync(nodePath.join(bundle, 'evaluate.baseline.json'), 'utf8')).toBe(baselineBefore);
  },
);

test('the demo set is labeled as the issue asks: 30+ questions, a third out of bundle, every intent', () => {
  const set = JSON.parse(readFileSync(nodePath.join(DEMO, 'evaluate.json'), 'utf8'));
  const questions = set.questions as {
    out_of_bundle?: boolean;
    expect_intent?: string;
    must_not_seed?: string[];
    expect_superseded_marked?: string[];
    must_not_facts?: unknown[];
  }[];
  expect(questions.length).toBeGreaterThanOrEqual(30);
  expect(questions.filter((q) => q.out_of_bundle).length * 3).toBeGreaterThanOrEqual(questions.length);
  expect(new Set(questions.map((q) => q.expect_intent).filter(Boolean))).toEqual(
    new Set(['WHY', 'WHEN', 'ENTITY', 'HISTORICAL', 'GENERAL']),
  );
  expect(questions.some((q) => q.must_not_seed?.includes('/concepts/ai.md'))).toBe(true);
  expect(questions.some((q) => q.must_not_seed?.includes('/entities/go.md'))).toBe(true);
  expect(questions.some((q) => q.expect_superseded_marked?.includes('/entities/att-bell-labs.md'))).toBe(true);
  expect(questions.some((q) => (q.must_not_facts ?? []).length > 0)).toBe(true);
});

test(
  'a deliberately broken ranking (no exact-title signal) is a ' +
    'regression: exit 1, and the baseline is not rewritten',
  async () => {
    const baselinePath = nodePath.join(bundle, 'evaluate.baseline.json');
    const before = readFileSync(baselinePath, 'utf8');
    const { code, io } = await evaluate('--disable-signal', 'title');
    expect(code).toBe(1);
    expect(io.stdout).toMatch(/\nSignals: lexical \(exact title, BM25\).*; DISABLED: title\n/);
    expect(io.stdout).toContain('REGRESSION against the baseline (lexical):');
    expect(io.stdout).toMatch(/ {2}- seed hit@1: [\d.]+% -> [\d.]+%/);
    expect(readFileSync(baselinePath, 'utf8')).toBe(before);
  },
);

test('--json prints the report with the comparison', async () => {
  const { code, io } = await evaluate('--json');
  expect(code).toBe(0);
  const parsed = JSON.parse(io.stdout);
  expect(parsed.comparison).toMatchObject({ missing: false, regressions: [] });
  expect(parsed.metrics.questions).toBe(parsed.results.length);
});

test('without a baseline the first run records one; --update-baseline rewrites it on purpose', async () => {
  const baselinePath = nodePath.join(bundle, 'evaluate.baseline.json');
  removeTempDir(baselinePath);
  const first = await evaluate();
  expect(first.code).toBe(0);
  expect(first.io.stdout).toContain('No baseline for "lexical" yet.');
  expect(first.io.stdout).toContain(`Baseline recorded for "lexical" in ${baselinePath}`);
  expect(JSON.parse(readFileSync(baselinePath, 'utf8')).runs.lexical.metrics.questions).toBeGreaterThan(0);
  const update = await evaluate('--update-baseline');
  expect(update.code).toBe(0);
  expect(update.io.stdout).toContain(`Baseline for "lexical" updated in ${baselinePath}.`);
});

test('--sweep prints the coverage grid and the best separating setting', async () => {
  const { code, io } = await evaluate('--sweep');
  expect(code).toBe(0);
  expect(io.stdout).toContain('Threshold sweep (lexical; the vector signal is turned off)');
  expect(io.stdout).toMatch(/\n {2}> 0\.5 +[\d.]+% +[\d.]+%/);
  expect(io.stdout).toMatch(/\nBest: {4}coverage > [\d.]+: in-bundle hit@1 [\d.]+%, out-of-bundle abstention [\d.]+%/);
});

test('a bad set is exit 2 with every problem located; a missing one is a usage error', async () => {
  const bad = nodePath.join(tmp, 'bad.json');
  writeFileSync(
    bad,
    JSON.stringify({ questions: [{ question: 'Who?', expect_seeds: ['/entities/nobody.md'] }, { questoin: 'typo' }] }),
  );
  const invalid = await evaluate('--set', 'bad.json');
  expect(invalid.code).toBe(2);
  expect(invalid.io.stderr).toContain(`okf-wiki: ${bad} has 3 problem(s):`);
  expect(invalid.io.stderr).toContain(
    '  questions[0].expect_seeds[0]: /entities/nobody.md is not a concept in this bundle',
  );
  expect(invalid.io.stderr).toContain('  questions[1].questoin: unknown key (did you mean "question"?)');
  const missing = await evaluate('--set', 'nothing-here.json');
  expect(missing.code).toBe(2);
  expect(missing.io.stderr).toContain(`no question set at ${nodePath.join(tmp, 'nothing-here.json')}`);
});

test('bad flag values are usage errors', async () => {
  expect((await evaluate('--disable-signal', 'titles')).io.stderr).toContain(
    '--disable-signal takes title, bm25, vector (comma-separated), got "titles"',
  );
  const combined = await evaluate('--disable-signal', 'title', '--update-baseline');
  expect(combined.code).toBe(2);
  expect(combined.io.stderr).toContain('--update-baseline cannot be combined with --disable-signal');
});

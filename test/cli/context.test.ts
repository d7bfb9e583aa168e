// `okf-wiki context` (issue 3, item 7): exit codes, the --json shape, --budget, and usage errors (exit 2).
import * as nodePath from 'node:path';
import { copyWritable, makeTempDir, removeTempDir, REPO_ROOT } from '../support/temp-dir';
import { runCli } from '../support/run-cli';
import { FsBundle } from '../../src/node/fs-bundle';
import { WIKI_DB } from '../../src/node/paths';

const DEMO = nodePath.join(REPO_ROOT, 'examples', 'computing-history');
const TODAY = ['--today', '2026-11-30'];

let tmp: string;
let bundle: string;
beforeAll(async () => {
  tmp = makeTempDir('okf-context-');
  bundle = copyWritable(DEMO, tmp);
  expect((await runCli(['reindex', '--bundle', bundle, '--no-embed'], tmp)).code).toBe(0);
});
afterAll(() => removeTempDir(tmp));

const context = (...args: string[]) => runCli(['context', ...args, '--bundle', bundle, '--no-embed', ...TODAY], tmp);

test('prints the context block and exits 0; the vector note goes to stderr', async () => {
  const { code, stdout, stderr } = await context('Who is Alan Turing?');
  expect(code).toBe(0);
  expect(
    stdout.startsWith(
      'Context from the wiki for: "Who is Alan Turing?"\nIntent: ENTITY. ' +
        'Seeds: Alan Turing (/entities/alan-turing.md).\n\nFacts:\n',
    ),
  ).toBe(true);
  expect(stdout).toContain(
    '- Alan Turing invented Turing machine, as of 1936-05-28 (trust: human-reviewed, source: turing-1936)',
  );
  expect(stdout).toContain('\nBackground:\n## Alan Turing (/entities/alan-turing.md)\n');
  expect(stderr).toBe('note: the vector signal is off (--no-embed): lexical signals only\n');
});

test('--json gives the structured result', async () => {
  const { code, stdout } = await context('Who ran Bell Labs before Nokia?', '--json');
  expect(code).toBe(0);
  const result = JSON.parse(stdout);
  expect(Object.keys(result).sort()).toEqual([
    'background',
    'budget',
    'confident',
    'facts',
    'intent',
    'question',
    'seeds',
    'text',
    'thresholds',
    'tokens',
    'vector',
  ]);
  expect(result.thresholds).toEqual({
    coverage: { value: 0.5, source: 'default' },
    vector: { value: 0.7, source: 'default' },
    coverageWeighting: { value: 'plain', source: 'default' },
    requireNames: { value: true, source: 'default' },
  });
  expect(result).toMatchObject({
    question: 'Who ran Bell Labs before Nokia?',
    confident: true,
    intent: 'HISTORICAL',
    budget: 1500,
  });
  expect(result.vector).toEqual({
    used: false,
    off: { kind: 'turned-off' },
    reason: 'the vector signal is turned off: lexical signals only',
  });
  for (const seed of result.seeds) {
    expect(seed).toEqual({
      path: expect.stringMatching(/^\/.*\.md$/),
      title: expect.any(String),
      type: expect.any(String),
      fused: expect.any(Number),
      signals: expect.any(Object),
    });
    for (const [signal, rank] of Object.entries(seed.signals)) {
      expect(['title', 'bm25', 'vector']).toContain(signal);
      expect(Number.isInteger(rank)).toBe(true);
    }
  }
  expect(result.facts.length).toBeGreaterThan(0);
  for (const fact of result.facts) {
    expect(fact).toMatchObject({
      subject: expect.any(String),
      predicate: expect.any(String),
      object: expect.any(String),
      trust: expect.stringMatching(/^(human-reviewed|machine-confirmed|unverified)$/),
      score: expect.any(Number),
      hop: expect.any(Number),
      line: expect.any(String),
    });
    if (fact.date !== undefined) expect(fact.date).toMatch(/^\d{4}/);
    if (fact.source !== undefined) expect(typeof fact.source).toBe('string');
    expect(result.text).toContain(fact.line);
  }
  const superseded = result.facts.filter((f: { superseded?: unknown }) => f.superseded);
  expect(superseded.length).toBeGreaterThan(0);
  expect(superseded[0].superseded).toEqual({
    by: expect.stringMatching(/^\/entities\//),
    at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
  });
  expect(result.background[0]).toEqual({
    path: result.seeds[0].path,
    title: result.seeds[0].title,
    text: expect.any(String),
    truncated: expect.any(Boolean),
  });
  expect(result.tokens).toBeLessThanOrEqual(1500);
});

test('--json for an out-of-bundle question: not confident, nothing returned, exit 0', async () => {
  const { code, stdout } = await context('How do I fix a flat bicycle tire?', '--json');
  expect(code).toBe(0);
  const result = JSON.parse(stdout);
  expect(result).toMatchObject({ confident: false, seeds: [], facts: [], background: [] });
  expect(result.text).toBe('No confident match in this wiki for: "How do I fix a flat bicycle tire?"\n');
});

test.each([100, 300, 800])('--budget %i is honoured', async (budget) => {
  const { code, stdout } = await context('Who ran Bell Labs before Nokia?', '--json', '--budget', String(budget));
  expect(code).toBe(0);
  const result = JSON.parse(stdout);
  expect(result.budget).toBe(budget);
  expect(result.tokens).toBeLessThanOrEqual(budget);
  expect(Math.ceil(result.text.length / 4)).toBeLessThanOrEqual(budget);
});

test('a smaller budget gives fewer facts', async () => {
  const small = JSON.parse((await context('Why was Unix created?', '--json', '--budget', '300')).stdout);
  const large = JSON.parse((await context('Why was Unix created?', '--json', '--budget', '3000')).stdout);
  expect(small.facts.length).toBeLessThan(large.facts.length);
  expect(large.facts.slice(0, small.facts.length)).toEqual(small.facts);
});

test('the words of an unquoted question are joined', async () => {
  const joined = await context('Who', 'is', 'Alan', 'Turing?');
  expect(joined.stdout).toBe((await context('Who is Alan Turing?')).stdout);
});

test('works on a bundle never reindexed (the index is built from the files)', async () => {
  const fresh = copyWritable(DEMO, makeTempDir('okf-context-fresh-'));
  try {
    const { code, stdout } = await runCli(
      ['context', 'Who is Alan Turing?', '--bundle', fresh, '--no-embed', ...TODAY],
      tmp,
    );
    expect(code).toBe(0);
    expect(stdout).toBe((await context('Who is Alan Turing?')).stdout);
  } finally {
    removeTempDir(nodePath.dirname(fresh));
  }
});

describe('bad usage exits 2 with a message', () => {
  test.each([
    [['context', '--no-embed'], 'context needs a question'],
    [['context', 'q', '--budget', '0', '--no-embed'], '--budget must be a positive whole number, got "0"'],
    [['context', 'q', '--budget', 'lots', '--no-embed'], '--budget must be a positive whole number, got "lots"'],
    [['context', 'q', '--today', 'yesterday', '--no-embed'], '--today must be an ISO 8601 date, got "yesterday"'],
    [['context', 'q', '--ollama', 'localhost:11434'], '--ollama must be an http(s) URL'],
    [['context', 'q', '--frobnicate'], "Unknown option '--frobnicate'"],
  ])('%j', async (args, message) => {
    const { code, stdout, stderr } = await runCli([...args, '--bundle', bundle], tmp);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain(message);
  });

  test('a bundle folder that does not exist', async () => {
    const { code, stderr } = await runCli(['context', 'q', '--bundle', nodePath.join(tmp, 'nope'), '--no-embed'], tmp);
    expect(code).toBe(2);
    expect(stderr).toContain('bundle folder not found');
  });
});

test('a question reads wiki.db in place: never whole, its pages read after the checksum pass', async () => {
  const reads = { whole: 0, pieces: [] as number[] };
  const openBytes = FsBundle.prototype.openBytes;
  const spy = jest.spyOn(FsBundle.prototype, 'openBytes').mockImplementation(async function (this: FsBundle, path) {
    const file = await openBytes.call(this, path);
    if (!file || path !== WIKI_DB) return file;
    const openReader = file.openReader?.bind(file);
    return {
      ...file,
      readInto: (target) => (reads.whole++, file.readInto(target)),
      ...(file.readIntoLater && { readIntoLater: (target) => (reads.whole++, file.readIntoLater!(target)) }),
      ...(openReader && {
        openReader: () => {
          const reader = openReader();
          return { ...reader, readAt: (t, at) => (reads.pieces.push(t.byteLength), reader.readAt(t, at)) };
        },
      }),
    };
  });
  try {
    expect((await context('Who is Alan Turing?')).code).toBe(0);
  } finally {
    spy.mockRestore();
  }
  expect(reads.whole).toBe(0);
  // The trailer, the checksum pass, the header and section, then SQLite's pages: each far smaller than the file.
  const pages = reads.pieces.filter((n) => n <= 65536);
  expect(pages.length).toBeGreaterThan(3);
});

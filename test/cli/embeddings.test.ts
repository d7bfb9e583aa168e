// reindex and context with embeddings over real HTTP, against the fake Ollama (issue 3, items 8 and 9):
// batching and prefixes, nothing re-sent for unchanged concepts, a model change re-embeds all, and every
// failure mode leaves the lexical signals working while saying, on stderr and in --json, why vectors are off.
import { appendFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import { EMBED_BATCH } from '../../src/core/embed/embed-index';
import { copyWritable, makeTempDir, removeTempDir, REPO_ROOT } from '../support/temp-dir';
import { runCli } from '../support/run-cli';
import { FakeOllama, type FakeMode } from '../support/fake-ollama';
import { PROBE_TEXT } from '../../src/core/embed/embed-index';

const DEMO = nodePath.join(REPO_ROOT, 'examples', 'computing-history');
const CONCEPTS = 36;

let fake: FakeOllama;
let tmp: string;
let bundle: string;

beforeAll(async () => {
  fake = await FakeOllama.start({ models: ['nomic-embed-text', 'mxbai-embed-large'] });
});
afterAll(() => fake.close());
beforeEach(async () => {
  await fake.setMode('ok');
  fake.clear();
  tmp = makeTempDir('okf-embed-');
  bundle = copyWritable(DEMO, tmp);
});
afterEach(() => removeTempDir(tmp));

// The fake answers at once, but it shares this process with the in-process CLI: on a loaded machine a 1 s timer
// can run out before the answer is read. Only the tests of a server that never answers wait 1 s.
let timeout = '10';
const reindex = (...args: string[]) =>
  runCli(['reindex', '--bundle', bundle, '--ollama', fake.url, '--timeout', timeout, ...args], tmp);
const context = (question: string, ...args: string[]) =>
  runCli(
    [
      'context',
      question,
      '--bundle',
      bundle,
      '--ollama',
      fake.url,
      '--timeout',
      timeout,
      '--today',
      '2026-11-30',
      ...args,
    ],
    tmp,
  );
const json = (stdout: string) => JSON.parse(stdout);

describe('reindex embeds', () => {
  /**
   * Requests and texts other than the fixed model probe every reindex sends first (and the calibration's questions).
   */
  const conceptRequests = () =>
    fake.embedRequests.filter(
      (r) => !r.input.every((t) => t.endsWith(PROBE_TEXT)) && r.input.every((t) => t.startsWith('search_document: ')),
    );
  const conceptTexts = () =>
    fake.embeddedTexts.filter((t) => !t.endsWith(PROBE_TEXT) && t.startsWith('search_document: '));

  test('every concept, in batches, with the document prefix', async () => {
    const { code, stdout, stderr } = await reindex();
    expect(code).toBe(0);
    expect(stdout).toContain(`Vectors (nomic-embed-text): ${CONCEPTS} embedded now, 0 already current.`);
    expect(stderr).toBe('');
    const requests = conceptRequests();
    expect(fake.embedRequests[0].input).toEqual([`search_document: ${PROBE_TEXT}`]);
    expect(requests.map((r) => r.input.length)).toEqual([EMBED_BATCH, EMBED_BATCH, CONCEPTS - 2 * EMBED_BATCH]);
    expect(requests.every((r) => r.model === 'nomic-embed-text')).toBe(true);
    // Everything else is the gate's calibration, sent as questions once the concepts are embedded.
    expect(
      fake.embeddedTexts.filter((t) => !t.startsWith('search_document: ')).every((t) => t.startsWith('search_query: ')),
    ).toBe(true);
    expect(stdout).toMatch(/Vector gate [\d.]+.*, calibrated for nomic-embed-text on \d+ concepts/);
    expect(fake.embeddedTexts.some((t) => t.startsWith('search_document: Alan Turing\n'))).toBe(true);
  });

  test('a second reindex sends no concept: every hash is unchanged (only the fixed model probe)', async () => {
    await reindex();
    fake.clear();
    const { code, stdout } = await reindex('--json');
    expect(code).toBe(0);
    expect(json(stdout).vectors).toEqual({ model: 'nomic-embed-text', embedded: 0, current: CONCEPTS });
    expect(fake.embedRequests).toEqual([{ model: 'nomic-embed-text', input: [`search_document: ${PROBE_TEXT}`] }]);
  });

  test('editing one concept re-embeds only it', async () => {
    await reindex();
    fake.clear();
    appendFileSync(nodePath.join(bundle, 'entities', 'go.md'), '\nGo also has generics since version 1.18.\n');
    const { stdout } = await reindex('--json');
    expect(json(stdout).vectors).toEqual({ model: 'nomic-embed-text', embedded: 1, current: CONCEPTS - 1 });
    expect(conceptTexts()).toHaveLength(1);
    expect(conceptTexts()[0]).toMatch(/^search_document: Go\n[\s\S]*generics since version 1\.18/);
  });

  test('--model change re-embeds everything with the new model', async () => {
    await reindex();
    fake.clear();
    const { stdout } = await reindex('--model', 'mxbai-embed-large', '--json');
    expect(json(stdout).vectors).toEqual({ model: 'mxbai-embed-large', embedded: CONCEPTS, current: 0 });
    expect(fake.embedRequests.every((r) => r.model === 'mxbai-embed-large')).toBe(true);
    expect(conceptTexts()).toHaveLength(CONCEPTS);
  });

  test('a model that changed dimension under the same name is re-embedded from scratch', async () => {
    await reindex();
    await fake.setMode('wrong-dimension');
    appendFileSync(nodePath.join(bundle, 'entities', 'go.md'), '\nEdited.\n');
    fake.clear();
    const { stdout } = await reindex('--json');
    expect(json(stdout).vectors).toEqual({ model: 'nomic-embed-text', embedded: CONCEPTS, current: 0 });
    const answer = json((await context('Who is Alan Turing?', '--json')).stdout);
    expect(answer.vector).toMatchObject({ used: true, model: 'nomic-embed-text' });
  });
});

describe('context with vectors', () => {
  test('the question is embedded with the query prefix and the vector signal takes part', async () => {
    await reindex();
    fake.clear();
    const { code, stdout, stderr } = await context('Who is Alan Turing?', '--json');
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(fake.embedRequests).toEqual([{ model: 'nomic-embed-text', input: ['search_query: Who is Alan Turing?'] }]);
    const result = json(stdout);
    expect(result.vector).toMatchObject({ used: true, model: 'nomic-embed-text', thresholdSource: 'calibration' });
    // The fake's similarity for this question is at chance level on this bundle (below the calibrated floor),
    // so the vector list does not vote for it; the title still seeds it.
    expect(result.seeds[0]).toMatchObject({ path: '/entities/alan-turing.md', signals: { title: 0 } });
  });
});

/** What each failure mode must say, on stderr and in --json. */
const FAILURES: [FakeMode, RegExp][] = [
  ['refused', /Ollama is not reachable at http:\/\/127\.0\.0\.1:\d+ \(ECONNREFUSED\); start it with `ollama serve`/],
  ['hang', /did not answer within 1 s/],
  ['hang-body', /did not answer within 1 s/],
  ['model-missing', /does not have the model "nomic-embed-text"; run `ollama pull nomic-embed-text`/],
  ['server-error', /failed \(HTTP 500: llama runner process has terminated/],
  ['malformed', /answered with something that is not JSON/],
  ['other-model', /answered with model "all-minilm", not "nomic-embed-text"/],
];

describe.each(FAILURES)('Ollama failure: %s', (mode, cause) => {
  beforeEach(() => {
    timeout = mode.startsWith('hang') ? '1' : '10';
  });
  afterEach(() => {
    timeout = '10';
  });
  test('reindex still indexes, says why vectors are off, exits 0', async () => {
    await fake.setMode(mode);
    const { code, stdout, stderr } = await reindex();
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Indexed 36 concepts/);
    expect(stdout).toMatch(new RegExp(`Vector signal off: .*${cause.source}`));
    expect(stderr).toMatch(cause);
    expect(stderr).toContain('Lexical signals (exact title, BM25) still work.');
    const summary = json((await reindex('--json')).stdout);
    expect(summary.concepts).toBe(CONCEPTS);
    expect(summary.vectors.off).toMatchObject({ kind: 'embedder-failed', message: expect.stringMatching(cause) });
  });

  test('context answers on lexical signals and says why vectors are off', async () => {
    await reindex();
    await fake.setMode(mode);
    const text = await context('Who is Alan Turing?');
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('Seeds: Alan Turing (/entities/alan-turing.md).');
    expect(text.stderr).toMatch(cause);
    expect(text.stderr.startsWith('note: ')).toBe(true);
    const result = json((await context('Who is Alan Turing?', '--json')).stdout);
    expect(result.confident).toBe(true);
    expect(result.seeds[0].signals).toEqual({ title: 0, bm25: 0 });
    expect(result.vector.used).toBe(false);
    expect(result.vector.reason).toMatch(cause);
  });
});

test('wrong dimension against the stored vectors: context turns vectors off and says to reindex', async () => {
  await reindex();
  await fake.setMode('wrong-dimension');
  const { code, stdout, stderr } = await context('Who is Alan Turing?', '--json');
  expect(code).toBe(0);
  const result = json(stdout);
  expect(result.confident).toBe(true);
  expect(result.vector).toEqual({
    used: false,
    model: 'nomic-embed-text',
    off: { kind: 'wrong-dimension', queryDim: 32, indexDim: 64 },
    reason: 'the model answers with 32-dimensional vectors but the index holds 64-dimensional ones',
  });
  expect(stderr).toContain('run reindex to re-embed');
});

test('context with a model never embedded says so without asking Ollama', async () => {
  await reindex();
  fake.clear();
  const result = json((await context('Who is Alan Turing?', '--model', 'mxbai-embed-large', '--json')).stdout);
  expect(result.vector).toMatchObject({
    used: false,
    model: 'mxbai-embed-large',
    off: { kind: 'no-vectors', model: 'mxbai-embed-large' },
  });
  expect(fake.embedRequests).toEqual([]);
});

test('trying a model that is not pulled keeps the vectors of the model in use', async () => {
  await reindex();
  const failed = await reindex('--model', 'nomic-embed-text:v2', '--json');
  expect(json(failed.stdout).vectors.off.message).toContain('`ollama pull nomic-embed-text:v2`');
  expect(json((await reindex('--json')).stdout).vectors).toEqual({
    model: 'nomic-embed-text',
    embedded: 0,
    current: CONCEPTS,
  });
  expect(json((await context('Who is Alan Turing?', '--json')).stdout).vector).toMatchObject({
    used: true,
    model: 'nomic-embed-text',
  });
});

test('--no-embed on reindex keeps the stored vectors for the next run', async () => {
  await reindex();
  appendFileSync(nodePath.join(bundle, 'entities', 'go.md'), '\nEdited.\n');
  expect((await runCli(['reindex', '--bundle', bundle, '--no-embed'], tmp)).code).toBe(0);
  fake.clear();
  expect(json((await reindex('--json')).stdout).vectors).toEqual({
    model: 'nomic-embed-text',
    embedded: 1,
    current: CONCEPTS - 1,
  });
});

test(
  '--timeout past the longest timer Node can set is a usage error, not ' + 'an instant timeout on every call',
  async () => {
    const { code, stderr } = await context('Who was Alan Turing?', '--timeout', '3000000');
    expect(code).toBe(2);
    expect(stderr).toContain(
      '--timeout must be at most 2147483 seconds (about 24 days, the longest timer Node can set), got "3000000"',
    );
    expect(fake.embedRequests).toEqual([]);
    expect((await context('Who was Alan Turing?', '--timeout', '2147483')).code).toBe(0);
  },
);

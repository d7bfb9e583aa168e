// The vector seed signal (spec §6.1): the question embedded as a query, compared with current vectors of the
// same model; a vector-only match is confident only at or above the similarity threshold.
import { documentText } from '../../../src/core/embed/document-text';
import { calibrateVectorGate } from '../../../src/core/embed/calibrate';
import { embedIndex } from '../../../src/core/embed/embed-index';
import { EmbedError } from '../../../src/core/embed/types';
import { contextFor } from '../../../src/core/retrieval/context-for';
import { vectorSearch } from '../../../src/core/retrieval/vector';
import type { WikiIndex } from '../../../src/core/index/wiki-index';
import { readConcept } from '../../../src/core/okf/read-concept';
import { specFile, fixedClock, indexOfSpecs, type ConceptSpec } from '../../support/retrieval-bundle';
import { FakeEmbedder, FakeOllama, FakeVectors } from '../../support/fake-ollama';
import { createOllamaEmbedder } from '../../../src/core/embed/ollama';

/** The paraphrase: none of its words occurs in the bundle, but the fake model embeds them like "car burns fuel". */
const PARAPHRASE = 'Which automobiles consume petrol?';
const synonyms = { automobiles: 'car', consume: 'burns', petrol: 'fuel' };
const specs: Record<string, ConceptSpec> = {
  '/entities/car.md': {
    title: 'Car',
    verified: 'human',
    body: 'A car burns fuel.',
    relations: [{ predicate: 'powered_by', object: '/entities/engine.md' }],
  },
  '/entities/engine.md': { title: 'Engine', body: 'An engine turns heat into motion.' },
  '/entities/bicycle.md': { title: 'Bicycle', body: 'A bicycle has pedals and a chain.' },
  '/entities/train.md': { title: 'Train', body: 'A train runs on rails between stations.' },
};
const clock = fixedClock('2026-11-30');

let index: WikiIndex;
let embedder: FakeEmbedder;
beforeAll(async () => {
  index = await indexOfSpecs(specs);
  embedder = new FakeEmbedder('nomic-embed-text', new FakeVectors(64, synonyms));
  await embedIndex(index, embedder);
  // Vectors take part once their gate is calibrated on the bundle (QA3 Q4; vector-uncalibrated.test.ts).
  const outcome = await calibrateVectorGate(index, embedder);
  if (!('calibration' in outcome)) throw new Error(outcome.off);
  index.setVectorCalibration(outcome.calibration);
});
afterAll(() => index.close());
beforeEach(() => {
  embedder.calls.length = 0;
  embedder.failWith = undefined;
});

const carText = documentText({ title: 'Car', tags: [], body: 'A car burns fuel.' });

test('the paraphrase has no lexical overlap with the bundle', async () => {
  const lexical = await contextFor(index, PARAPHRASE, { clock });
  expect(lexical.confident).toBe(false);
  expect(lexical.vector).toEqual({
    used: false,
    off: { kind: 'not-configured' },
    reason: 'no embedding backend configured',
  });
});

test('the question is embedded once, as a query', async () => {
  await contextFor(index, PARAPHRASE, { clock, embedder });
  expect(embedder.calls).toEqual([{ texts: [PARAPHRASE], kind: 'query' }]);
});

test('vector hits are ranked by cosine similarity', async () => {
  const outcome = await vectorSearch(index, PARAPHRASE, embedder);
  if (!('hits' in outcome)) throw new Error(outcome.off.kind);
  expect(outcome.hits[0].path).toBe('/entities/car.md');
  expect(outcome.hits[0].similarity).toBeCloseTo(embedder.vectors.similarity(PARAPHRASE, carText), 5);
  for (let i = 1; i < outcome.hits.length; i++)
    expect(outcome.hits[i].similarity).toBeLessThanOrEqual(outcome.hits[i - 1].similarity);
});

describe('a vector-only match and the similarity threshold', () => {
  const similarity = () => embedder.vectors.similarity(PARAPHRASE, carText);

  test('the staged paraphrase is genuinely close, and the others are not', () => {
    expect(similarity()).toBeGreaterThan(0.7);
    for (const path of ['/entities/engine.md', '/entities/bicycle.md', '/entities/train.md']) {
      const s = specs[path];
      expect(
        embedder.vectors.similarity(PARAPHRASE, documentText({ title: s.title, tags: [], body: s.body! })),
      ).toBeLessThan(0.5);
    }
  });

  test('answered when similarity >= threshold', async () => {
    const result = await contextFor(index, PARAPHRASE, { clock, embedder, vectorThreshold: similarity() - 0.01 });
    expect(result.confident).toBe(true);
    expect(result.vector).toMatchObject({ used: true, model: 'nomic-embed-text' });
    expect(result.seeds).toEqual([expect.objectContaining({ path: '/entities/car.md', signals: { vector: 0 } })]);
    expect(result.text).toContain('- Car powered_by Engine (trust: human-reviewed)');
  });

  test('abstains when similarity < threshold', async () => {
    const result = await contextFor(index, PARAPHRASE, { clock, embedder, vectorThreshold: similarity() + 0.01 });
    expect(result.confident).toBe(false);
    expect(result.vector.used).toBe(true);
    expect(result.text).toBe(`No confident match in this wiki for: "${PARAPHRASE}"\n`);
  });

  test('the calibrated gate answers the staged paraphrase and abstains on an unrelated question', async () => {
    expect(index.vectorCalibration('nomic-embed-text')!.gate).toBeLessThan(similarity());
    expect((await contextFor(index, PARAPHRASE, { clock, embedder })).seeds[0]?.path).toBe('/entities/car.md');
    expect((await contextFor(index, 'What is the capital of Peru?', { clock, embedder })).confident).toBe(false);
  });
});

describe('when the vector signal cannot run', () => {
  test('an embedder failure turns it off with the reason; lexical signals still answer', async () => {
    embedder.failWith = new EmbedError(
      'Ollama is not reachable at http://127.0.0.1:1 (ECONNREFUSED); start ' +
        'it with `ollama serve`. The vector signal is off.',
      'unreachable',
    );
    const result = await contextFor(index, 'Tell me about the Bicycle', { clock, embedder });
    expect(result.vector).toEqual({
      used: false,
      model: 'nomic-embed-text',
      off: { kind: 'embedder-failed', cause: 'unreachable', message: embedder.failWith.message },
      reason: embedder.failWith.message,
    });
    expect(result.seeds[0].path).toBe('/entities/bicycle.md');
  });

  test('no vectors at all yet', async () => {
    const local = await indexOfSpecs(specs);
    const other = new FakeEmbedder('mxbai-embed-large');
    const result = await contextFor(local, 'Tell me about the Bicycle', { clock, embedder: other });
    local.close();
    expect(result.vector).toEqual({
      used: false,
      model: 'mxbai-embed-large',
      off: { kind: 'no-vectors', model: 'mxbai-embed-large' },
      reason: 'no concept vectors for model "mxbai-embed-large" in the index yet',
    });
    expect(other.calls).toEqual([]);
  });

  test('the index holds another model’s vectors: say which', async () => {
    const local = await indexOfSpecs(specs);
    await embedIndex(local, new FakeEmbedder('mxbai-embed-large'));
    const result = await contextFor(local, 'Tell me about the Bicycle', { clock, embedder });
    expect(result.vector).toMatchObject({
      off: { kind: 'no-vectors', model: 'nomic-embed-text', otherModel: 'mxbai-embed-large' },
      reason: 'no concept vectors for model "nomic-embed-text" in the index: it holds vectors of "mxbai-embed-large"',
    });
    local.close();
  });

  test('the model now answers in another dimension than the stored vectors', async () => {
    const resized = new FakeEmbedder('nomic-embed-text', new FakeVectors(32, synonyms));
    const result = await contextFor(index, PARAPHRASE, { clock, embedder: resized });
    expect(result.vector).toEqual({
      used: false,
      model: 'nomic-embed-text',
      off: { kind: 'wrong-dimension', queryDim: 32, indexDim: 64 },
      reason: 'the model answers with 32-dimensional vectors but the index holds 64-dimensional ones',
    });
    expect(result.confident).toBe(false);
  });

  test('disabled for the query', async () => {
    const result = await contextFor(index, PARAPHRASE, { clock, embedder, disabledSignals: ['vector'] });
    expect(result.vector).toEqual({
      used: false,
      off: { kind: 'disabled-for-query' },
      reason: 'the vector signal was disabled for this query',
    });
    expect(embedder.calls).toEqual([]);
  });

  test('the caller’s reason is kept when there is no embedder', async () => {
    const off = { kind: 'embedder-failed', cause: 'timeout', message: 'Ollama timed out during reindex' } as const;
    const result = await contextFor(index, PARAPHRASE, { clock, vectorOff: off });
    expect(result.vector).toEqual({ used: false, off, reason: 'Ollama timed out during reindex' });
  });
});

test('an edited concept’s old vector is never compared', async () => {
  const local = await indexOfSpecs(specs);
  await embedIndex(local, embedder);
  local.applyFile(
    readConcept('/entities/car.md', specFile({ ...specs['/entities/car.md'], body: 'A car is a thing.' })),
  );
  const outcome = await vectorSearch(local, PARAPHRASE, embedder);
  if (!('hits' in outcome)) throw new Error(outcome.off.kind);
  expect(outcome.hits.map((h) => h.path)).not.toContain('/entities/car.md');
  local.close();
});

describe('the paraphrase over real HTTP, through the Ollama client and the fake server', () => {
  let server: FakeOllama;
  let local: WikiIndex;
  beforeAll(async () => {
    server = await FakeOllama.start({ vectors: new FakeVectors(64, synonyms) });
    local = await indexOfSpecs(specs);
    expect(
      (await embedIndex(local, createOllamaEmbedder({ host: server.url, timeoutMs: 5000 }))).error,
    ).toBeUndefined();
  });
  afterAll(async () => {
    local.close();
    await server.close();
  });

  test('answered at or above the threshold, abstains below; the question goes out with the query prefix', async () => {
    const ollama = createOllamaEmbedder({ host: server.url, timeoutMs: 5000 });
    const similarity = server.vectors.similarity(PARAPHRASE, carText);
    server.clear();
    const answered = await contextFor(local, PARAPHRASE, {
      clock,
      embedder: ollama,
      vectorThreshold: similarity - 0.01,
    });
    expect(server.embeddedTexts).toEqual([`search_query: ${PARAPHRASE}`]);
    expect(answered.confident).toBe(true);
    expect(answered.seeds.map((s) => s.path)).toEqual(['/entities/car.md']);
    const abstained = await contextFor(local, PARAPHRASE, {
      clock,
      embedder: ollama,
      vectorThreshold: similarity + 0.01,
    });
    expect(abstained.confident).toBe(false);
    expect(abstained.vector).toMatchObject({ used: true, model: 'nomic-embed-text' });
  });
});

// Fusion weighted by measured trust (issue 11 item 3): among candidates the lexical signals vouch for, a vector
// hit the gate trusts votes with the weight the calibration measured for this model on this bundle — it can put
// the better of two lexically trusted pages first; below the gate, or with no trust, the words' order stands;
// and no vector evidence lets a lexically untrusted candidate jump ahead of a trusted one.
import type { VectorCalibration } from '../../../src/core/embed/calibrate';
import { embedIndex } from '../../../src/core/embed/embed-index';
import type { WikiIndex } from '../../../src/core/index/wiki-index';
import { bm25Search } from '../../../src/core/retrieval/bm25';
import { contextFor } from '../../../src/core/retrieval/context-for';
import { vectorSearch } from '../../../src/core/retrieval/vector';
import { FakeEmbedder, FakeVectors } from '../../support/fake-ollama';
import { fixedClock, indexOfSpecs, type ConceptSpec } from '../../support/retrieval-bundle';

const QUESTION = 'Which machine cracked naval codes?';
const PARK = '/entities/park.md';
const BOMBE = '/entities/bombe.md';
const specs: Record<string, ConceptSpec> = {
  // Every word of the question, in the description (BM25 weighs it 4×), inside a long page about something else.
  [PARK]: {
    title: 'Park',
    description: 'The estate where a machine cracked naval codes.',
    body:
      'Huts, a lake, a mansion, gardens, a school of languages, a post ' +
      'office, a canteen, a cinema, a chess club and thousands of staff on shifts.',
  },
  // Three of the four words, in a short page about exactly the machine.
  [BOMBE]: { title: 'Bombe', body: 'An electromechanical machine that cracked codes.' },
  // Half the words at most (not trusted by BM25), but close to the question for the vector signal.
  '/entities/lake.md': { title: 'Lake', body: 'Water codes.' },
};
const clock = fixedClock('2026-11-30');

/** A calibration whose only meaningful field here is the fusion weight; the gate keeps vectors from answering alone. */
function calibration(trust: number, gate = 0.99): VectorCalibration {
  const d = { n: 1, mean: 0, sd: 0, p5: 0, p50: 0, p95: 0, max: 0 };
  return {
    model: 'nomic-embed-text',
    dim: 64,
    concepts: 3,
    gate,
    floor: -1,
    trust,
    offTopic: d,
    ownConcept: d,
    otherConcept: d,
    selfHitAt1: { vector: trust, bm25: 1 },
  };
}

let index: WikiIndex;
// The fake model reads "machine" as the Bombe's "electromechanical" and "naval" as the lake's "water": the
// vector signal ranks the Bombe first and the lake above the park.
const embedder = new FakeEmbedder(
  'nomic-embed-text',
  new FakeVectors(64, { machine: 'electromechanical', naval: 'water' }),
);
beforeAll(async () => {
  index = await indexOfSpecs(specs);
  await embedIndex(index, embedder);
});
afterAll(() => index.close());

test(
  'the staging: both pages pass the coverage gate (the lake does not), ' +
    'BM25 puts the park first, the vector signal the Bombe',
  async () => {
    const bm25 = bm25Search(index, QUESTION);
    expect(bm25.slice(0, 2).map((h) => h.path)).toEqual([PARK, BOMBE]);
    expect(bm25.slice(0, 2).every((h) => h.coverage > 0.5)).toBe(true);
    expect(bm25.find((h) => h.path === '/entities/lake.md')?.coverage).toBeLessThanOrEqual(0.5);
    const vector = await vectorSearch(index, QUESTION, embedder);
    if (!('hits' in vector)) throw new Error(vector.off.kind);
    expect(vector.hits.map((h) => h.path)).toEqual([BOMBE, '/entities/lake.md', PARK]);
    expect(vector.hits[0].similarity).toBeLessThan(0.99);
  },
);

/** The Bombe's similarity to the question (the vector signal's best). */
async function bombeSimilarity(): Promise<number> {
  const vector = await vectorSearch(index, QUESTION, embedder);
  if (!('hits' in vector)) throw new Error(vector.off.kind);
  return vector.hits[0].similarity;
}

test('a trusted encoder, confident at the gate, reorders the lexically trusted candidates', async () => {
  index.setVectorCalibration(calibration(1, (await bombeSimilarity()) - 0.01));
  const lexical = await contextFor(index, QUESTION, { clock });
  const hybrid = await contextFor(index, QUESTION, { clock, embedder });
  expect(lexical.seeds.map((s) => s.path).slice(0, 2)).toEqual([PARK, BOMBE]);
  expect(hybrid.seeds.map((s) => s.path).slice(0, 2)).toEqual([BOMBE, PARK]);
});

test('below the gate the vector preference does not overrule the words', async () => {
  index.setVectorCalibration(calibration(1, (await bombeSimilarity()) + 0.01));
  const hybrid = await contextFor(index, QUESTION, { clock, embedder });
  expect(hybrid.seeds.map((s) => s.path).slice(0, 2)).toEqual([PARK, BOMBE]);
});

test('an encoder with no measured trust leaves the lexical order as it is, even above the gate', async () => {
  index.setVectorCalibration(calibration(0, (await bombeSimilarity()) - 0.01));
  const hybrid = await contextFor(index, QUESTION, { clock, embedder });
  expect(hybrid.seeds.map((s) => s.path).slice(0, 2)).toEqual([PARK, BOMBE]);
});

test(
  'a candidate only the vector signal vouches for comes after the ' + 'lexically trusted ones, however close',
  async () => {
    // A gate low enough for the lake (closer to the question than the park) to answer on its vector alone.
    index.setVectorCalibration(calibration(1, 0.1));
    const answer = await contextFor(index, QUESTION, { clock, embedder });
    expect(answer.seeds.map((s) => s.path)).toEqual([BOMBE, PARK, '/entities/lake.md']);
  },
);

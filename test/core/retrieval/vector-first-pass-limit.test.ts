// Review of the int8 first pass (ed3fa50): rankByVector must return the hits of the exact scan over every row,
// whatever `limit` it is given. candidateRows takes its cut from a sorted array when `limit` > 64, indexing it with
// n − limit: a limit that is not a whole number reads past the integers (undefined), no row reaches the cut, and the
// hits come back empty, where the exact scan alone (no WebAssembly SIMD) returns its best rows.
import type { WikiIndex } from '../../../src/core/index/wiki-index';
import { rng } from '../../../bench/generate.mjs';
import { numberedConcepts } from '../../support/numbered-concepts';

type VectorModule = typeof import('../../../src/core/retrieval/vector');

const MODEL = 'm';
const ROWS = 70;
const DIM = 24;

let index: WikiIndex;
beforeAll(async () => {
  const built = await numberedConcepts(ROWS, MODEL);
  index = built.index;
  const rnd = rng(5);
  index.putEmbeddings(
    MODEL,
    built.concepts.map((c) => ({ ...c, vector: Float32Array.from({ length: DIM }, () => rnd() - 0.5) })),
  );
});
afterAll(() => index.close());
afterEach(() => jest.restoreAllMocks());

/** vector.ts loaded afresh, so the kernel is compiled (or found unavailable) under the current conditions. */
function freshVector(): VectorModule {
  let loaded: VectorModule | undefined;
  jest.isolateModules(() => {
    loaded = require('../../../src/core/retrieval/vector') as VectorModule;
  });
  return loaded!;
}

test.each([65.5, 20.5, 65, 69])('limit %p: the first pass gives the same hits as the exact scan alone', (limit) => {
  const query = Float32Array.from({ length: DIM }, (_, k) => Math.sin(k + 1));
  const withKernel = freshVector().rankByVector(index, MODEL, query, limit);
  jest.spyOn(WebAssembly, 'validate').mockReturnValue(false);
  const exactOnly = freshVector().rankByVector(index, MODEL, query, limit);
  if (!('hits' in exactOnly)) throw new Error('no hits');
  expect(exactOnly.hits.length).toBeGreaterThan(0);
  expect(withKernel).toEqual(exactOnly);
});

test.each([0, -3, Number.NaN])('limit %p: no hits, and no crash', (limit) => {
  const query = Float32Array.from({ length: DIM }, (_, k) => Math.cos(k + 1));
  expect(freshVector().rankByVector(index, MODEL, query, limit)).toEqual({ hits: [] });
});

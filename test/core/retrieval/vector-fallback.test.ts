// Where WebAssembly SIMD is unavailable (an old WebView, a locked-down runtime), the vector scan has no first pass
// and the exact JavaScript scan scores every row: its hits must still be the plain loop's, bit for bit, when fewer
// hits are asked than there are rows (the only case where the first pass would have run). A second test shows the
// first pass does run here normally, so the fallback test cannot pass by never leaving the usual path.
import { dot, normalize } from '../../../src/core/embed/vectors';
import type { WikiIndex } from '../../../src/core/index/wiki-index';
import { rng } from '../../../bench/generate.mjs';
import { numberedConcepts } from '../../support/numbered-concepts';

type VectorModule = typeof import('../../../src/core/retrieval/vector');
type KernelModule = typeof import('../../../src/core/retrieval/vector-kernel');

const MODEL = 'm';
const ROWS = 60;
const DIM = 24;

let index: WikiIndex;
let concepts: { path: string; hash: string }[];
beforeAll(async () => {
  ({ index, concepts } = await numberedConcepts(ROWS, MODEL));
});
afterAll(() => index.close());

/** Calls of the SIMD kernel's `scan`, counted through a WebAssembly.Instance that wraps the real one. */
let scans = 0;
const RealInstance = WebAssembly.Instance;
beforeEach(() => {
  scans = 0;
  const counting = new Proxy(RealInstance, {
    construct(target, args: [WebAssembly.Module, WebAssembly.Imports]) {
      const real = new target(...args);
      const scan = real.exports.scan as (...a: number[]) => void;
      return { exports: { scan: (...a: number[]) => (scans++, scan(...a)) } };
    },
  });
  Object.defineProperty(WebAssembly, 'Instance', { value: counting, configurable: true, writable: true });
});
afterEach(() => {
  Object.defineProperty(WebAssembly, 'Instance', { value: RealInstance, configurable: true, writable: true });
  jest.restoreAllMocks();
});

/** The vector modules loaded afresh, so the kernel is compiled (or found unavailable) under this test's conditions. */
function freshModules(): { vector: VectorModule; kernel: KernelModule } {
  let loaded: { vector: VectorModule; kernel: KernelModule } | undefined;
  jest.isolateModules(() => {
    loaded = {
      vector: require('../../../src/core/retrieval/vector') as VectorModule,
      kernel: require('../../../src/core/retrieval/vector-kernel') as KernelModule,
    };
  });
  return loaded!;
}

/** For several random matrices and limits below the row count: the hits, and the plain loop's best `limit`. */
function rankings(vector: VectorModule): { got: unknown; want: unknown }[] {
  const out: { got: unknown; want: unknown }[] = [];
  for (let seed = 1; seed <= 12; seed++) {
    const rnd = rng(seed);
    const vectors = Array.from({ length: ROWS + 1 }, () => Float32Array.from({ length: DIM }, () => rnd() - 0.5));
    const query = vectors.pop()!;
    index.deleteEmbeddings();
    index.putEmbeddings(
      MODEL,
      concepts.map((c, k) => ({ ...c, vector: vectors[k] })),
    );
    const limit = 1 + (seed % 10);
    const outcome = vector.rankByVector(index, MODEL, query, limit);
    if (!('hits' in outcome)) throw new Error('no hits');
    const want = concepts
      .map((c, k) => ({ path: c.path, similarity: dot(normalize(query), normalize(vectors[k])) }))
      .sort((a, b) => b.similarity - a.similarity || (a.path < b.path ? -1 : 1))
      .slice(0, limit);
    out.push({ got: outcome.hits.map((h) => [h.path, h.similarity]), want: want.map((h) => [h.path, h.similarity]) });
  }
  return out;
}

test('normally the SIMD first pass runs for a limit below the row count', () => {
  const { vector, kernel } = freshModules();
  expect(kernel.createScanKernel(ROWS, DIM)).not.toBeNull();
  scans = 0;
  for (const { got, want } of rankings(vector)) expect(got).toEqual(want);
  expect(scans).toBe(12);
});

test('without WebAssembly SIMD, the exact scan alone gives the plain loop hits, bit for bit', () => {
  const validate = jest.spyOn(WebAssembly, 'validate').mockReturnValue(false);
  const { vector, kernel } = freshModules();
  expect(kernel.createScanKernel(ROWS, DIM)).toBeNull();
  expect(validate).toHaveBeenCalled();
  for (const { got, want } of rankings(vector)) {
    expect(got).toEqual(want);
    // toEqual treats -0 and 0 alike, Object.is does not: the similarities are the plain loop's to the last bit.
    (got as [string, number][]).forEach(([, s], i) =>
      expect(Object.is(s, (want as [string, number][])[i][1])).toBe(true),
    );
  }
  expect(scans).toBe(0);
});

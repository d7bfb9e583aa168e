// The vector scan's SIMD first pass (vector-kernel.ts) only decides which rows the exact scan scores: the hits must
// be exactly those of the plain loop over every row (similarities to the last bit, ties broken by path), including
// when many rows tie or differ by one float32 step at the cut, where a bound too tight would lose a row.
import fc from 'fast-check';
import { dot, normalize } from '../../../src/core/embed/vectors';
import type { WikiIndex } from '../../../src/core/index/wiki-index';
import { rankByVector } from '../../../src/core/retrieval/vector';
import { candidateRows, createScanKernel, kernelStride } from '../../../src/core/retrieval/vector-kernel';
import { rng } from '../../../bench/generate.mjs';
import { numberedConcepts } from '../../support/numbered-concepts';

const MODEL = 'm';
const ROWS = 48;

/** The float32 after `x` towards ±infinity (one step of the format). */
function nextFloat(x: number, up: boolean): number {
  const f = new Float32Array([x]);
  const bits = new Int32Array(f.buffer);
  if (x === 0) bits[0] = up ? 1 : -2147483647;
  else bits[0] += x > 0 === up ? 1 : -1;
  return f[0];
}

/**
 * Rows drawn from a few base vectors: exact copies (ties), copies one float32 step off in one coordinate (near
 * ties), small integers (exact ties after normalization), zero vectors and unrelated ones; the last vector is the
 * query. One seed in three instead shuffles one vector of widely ranging magnitudes into every row and asks with a
 * constant query: every similarity is then the same real number, rounded differently by each summation order, so
 * the float32 pass orders the rows unlike the exact scan (a bound too tight loses rows there).
 */
function vectorsFor(seed: number, dim: number, count: number): Float32Array[] {
  const rnd = rng(seed);
  const fresh = () => Float32Array.from({ length: dim }, () => (rnd() - 0.5) * (rnd() < 0.1 ? 1000 : 1));
  if (rnd() < 1 / 3) {
    const base = Float32Array.from({ length: dim }, () => (rnd() - 0.5) * 2 ** Math.floor(rnd() * 24));
    const shuffled = () => {
      const v = base.slice();
      for (let i = dim - 1; i > 0; i--) {
        const j = Math.floor(rnd() * (i + 1));
        [v[i], v[j]] = [v[j], v[i]];
      }
      return v;
    };
    return [...Array.from({ length: count - 1 }, shuffled), new Float32Array(dim).fill(1)];
  }
  const bases = Array.from({ length: 1 + Math.floor(rnd() * 4) }, fresh);
  return Array.from({ length: count }, () => {
    const pick = rnd();
    const base = bases[Math.floor(rnd() * bases.length)];
    if (pick < 0.3) return base.slice();
    if (pick < 0.6) {
      const v = base.slice();
      const k = Math.floor(rnd() * dim);
      v[k] = nextFloat(v[k], rnd() < 0.5);
      return v;
    }
    if (pick < 0.7) return Float32Array.from({ length: dim }, () => Math.floor(rnd() * 3) - 1);
    if (pick < 0.75) return new Float32Array(dim);
    return fresh();
  });
}

let index: WikiIndex;
let concepts: { path: string; hash: string }[];
beforeAll(async () => {
  ({ index, concepts } = await numberedConcepts(ROWS, MODEL));
});
afterAll(() => index.close());

test('the SIMD kernel runs here (else every other test here would only exercise the exact scan)', () => {
  expect(createScanKernel(3, 5)).not.toBeNull();
});

test('hits equal the plain loop over every row: same paths, same similarities, same order', () => {
  fc.assert(
    fc.property(
      fc.constantFrom(1, 3, 7, 8, 9, 16, 33, 768),
      fc.integer({ min: 1, max: ROWS + 2 }),
      fc.integer({ min: 0, max: 2 ** 31 }),
      (dim, limit, seed) => {
        const vectors = vectorsFor(seed, dim, concepts.length + 1);
        const query = vectors.pop()!;
        index.deleteEmbeddings();
        index.putEmbeddings(
          MODEL,
          concepts.map((c, k) => ({ ...c, vector: vectors[k] })),
        );
        const outcome = rankByVector(index, MODEL, query, limit);
        if (!('hits' in outcome)) throw new Error('no hits');
        // The reference: every row scored by the plain loop, best first, ties by path (ASCII paths: the
        // index's order and JavaScript's agree, so the plain scan's tie rule is this order).
        const want = concepts
          .map((c, k) => ({ path: c.path, similarity: dot(normalize(query), normalize(vectors[k])) }))
          .sort((a, b) => b.similarity - a.similarity || (a.path < b.path ? -1 : 1))
          .slice(0, limit);
        expect(outcome.hits).toEqual(want);
        for (let i = 0; i < want.length; i++)
          expect(Object.is(outcome.hits[i].similarity, want[i].similarity)).toBe(true);
      },
    ),
    { numRuns: 150, seed: 11 },
  );
});

/** `dim` values of `f` (Float32Array.from over an array-like with a callback is ~50× slower). */
function filled(dim: number, f: (k: number) => number): Float32Array {
  const v = new Float32Array(dim);
  for (let k = 0; k < dim; k++) v[k] = f(k);
  return v;
}

/** Rows for the bound tests: unit vectors, some with a few huge coordinates or tiny (subnormal) ones, some zero. */
function boundRows(rnd: () => number, rows: number, dim: number): Float32Array[] {
  return Array.from({ length: rows }, () => {
    const kind = rnd();
    if (kind < 0.05) return new Float32Array(dim);
    const v = filled(dim, () => rnd() - 0.5);
    if (kind < 0.25)
      for (let k = 0; k < dim; k += 1 + Math.floor(rnd() * 7)) v[k] *= 2 ** (Math.floor(rnd() * 40) - 20);
    if (kind > 0.95) return v.map((x) => x * 2 ** -140);
    return normalize(v);
  });
}

/** The exact scan's similarity: doubles, summed in index order. */
function exactDot(q: Float64Array, v: Float32Array): number {
  let s = 0;
  for (let k = 0; k < q.length; k++) s += q[k] * v[k];
  return s;
}

test('every exact similarity lies within its bound of the int8 approximation', () => {
  fc.assert(
    fc.property(fc.constantFrom(1, 5, 16, 17, 64, 768), fc.integer({ min: 0, max: 2 ** 31 }), (dim, seed) => {
      const rnd = rng(seed);
      const vectors = boundRows(rnd, 200, dim);
      const kernel = createScanKernel(vectors.length, dim)!;
      vectors.forEach((v, i) => kernel.setRow(i, v));
      const [query] = boundRows(rnd, 1, dim);
      const q = Float64Array.from(query);
      const approximation = kernel.approximate(q);
      if (approximation === null) return expect(q.every((x) => x === 0)).toBe(true);
      vectors.forEach((v, i) => {
        const error = Math.abs(exactDot(q, v) - approximation.approx[i]);
        expect(error).toBeLessThanOrEqual(approximation.bound[i]);
      });
    }),
    { numRuns: 40, seed: 5 },
  );
});

test('the first pass keeps every row of the exact best k, and drops rows when values are spread', () => {
  fc.assert(
    fc.property(
      fc.constantFrom(5, 64, 768),
      fc.integer({ min: 1, max: 90 }),
      fc.integer({ min: 0, max: 2 ** 31 }),
      (dim, limit, seed) => {
        const rows = 400;
        const rnd = rng(seed);
        const kernel = createScanKernel(rows, dim)!;
        const unit = (v: Float32Array) => normalize(v);
        const vectors = Array.from({ length: rows }, () => unit(filled(dim, () => rnd() - 0.5)));
        vectors.forEach((v, i) => kernel.setRow(i, v));
        const q = Float64Array.from(unit(filled(dim, () => rnd() - 0.5)));
        const exact = vectors.map((v) => exactDot(q, v));
        const kept = new Set(candidateRows(kernel.approximate(q)!, limit));
        const kth = [...exact].sort((a, b) => b - a)[limit - 1];
        exact.forEach((s, i) => {
          if (s >= kth) expect(kept.has(i)).toBe(true);
        });
        expect(kept.size).toBeLessThan(rows);
      },
    ),
    { numRuns: 30, seed: 3 },
  );
});

test('the kernel computes the exact integer dot product of the codes (no int32 overflow at its largest codes)', () => {
  for (const dim of [16, 768, 4096]) {
    // Rows at the extremes of int8 after quantization, a query at the extreme of its code range.
    const rows = [
      Float32Array.from({ length: dim }, () => 1),
      Float32Array.from({ length: dim }, (_, k) => (k % 2 ? 1 : -1)),
    ];
    const kernel = createScanKernel(rows.length, dim)!;
    rows.forEach((v, i) => kernel.setRow(i, v));
    const q = new Float64Array(dim).fill(1);
    const { approx, bound } = kernel.approximate(q)!;
    expect(Math.abs(approx[0] - dim)).toBeLessThanOrEqual(bound[0]);
    expect(approx[0]).toBeCloseTo(dim, 6);
    expect(Math.abs(approx[1])).toBeLessThanOrEqual(bound[1]);
  }
});

test('rows are padded to the kernel step', () => {
  expect([1, 8, 16, 17, 768, 769].map(kernelStride)).toEqual([16, 16, 16, 32, 768, 784]);
});

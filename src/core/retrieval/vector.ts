// Vector cosine seed signal (spec §6.1): the question embedded as a query, compared with every current
// concept vector of the same model. Vectors are decoded once and kept normalized (vector-cache.ts).
import { normalize } from '../embed/vectors';
import type { Embedder } from '../embed/types';
import { binaryBefore } from './binary-order';
import { embedderFailed, type VectorOff } from './vector-status';
import { candidateRows } from './vector-kernel';
import { vectorsOf, type VectorCache } from './vector-cache';
import type { WikiIndex } from '../index/wiki-index';

/** How many vector hits are ranked. */
export const VECTOR_LIMIT = 20;

export interface VectorHit {
  readonly path: string;
  /** Cosine similarity, -1–1, higher is better. */
  readonly similarity: number;
}

/** Outcome of the vector signal: hits, or why it could not run. */
export type VectorOutcome = { readonly hits: VectorHit[] } | { readonly off: VectorOff };

/** Embeds the question and ranks concepts by cosine similarity. Failures turn the signal off with a reason. */
export async function vectorSearch(
  index: WikiIndex,
  question: string,
  embedder: Embedder,
  limit = VECTOR_LIMIT,
): Promise<VectorOutcome> {
  const missing = noVectors(index, embedder.model);
  if (missing !== undefined) return { off: missing };
  let query: Float32Array;
  try {
    [query] = await embedder.embed([question], 'query');
  } catch (error) {
    return { off: embedderFailed(error) };
  }
  return rankByVector(index, embedder.model, query, limit);
}

/** Why the index has no vectors to compare for `model`, or undefined when it has. */
function noVectors(index: WikiIndex, model: string): VectorOff | undefined {
  if (vectorsOf(index, model).paths.length > 0) return undefined;
  const other = index.otherEmbeddingModel(model);
  return { kind: 'no-vectors', model, ...(other !== undefined ? { otherModel: other } : {}) };
}

/**
 * Ranks concepts by cosine similarity to an already embedded query (the calibration embeds its questions in one batch).
 */
export function rankByVector(
  index: WikiIndex,
  model: string,
  query: Float32Array,
  limit = VECTOR_LIMIT,
): VectorOutcome {
  // A whole number of hits: the scan below keeps ceil(limit) for a fraction, and the first pass's cut must count the
  // same; none at all for 0 or less (the scan read an empty list's last hit at 0).
  if (!(limit > 0)) return { hits: [] };
  limit = Math.ceil(limit);
  const store = vectorsOf(index, model);
  const missing = noVectors(index, model);
  if (missing !== undefined) return { off: missing };
  if (query.length !== store.dim) {
    return { off: { kind: 'wrong-dimension', queryDim: query.length, indexDim: store.dim! } };
  }
  // The query as doubles (exactly its float32 values, as each product read them before), so the loop converts only
  // the matrix's floats: the same similarities to the last bit, in about half the time at 768 dimensions.
  const q = Float64Array.from(normalize(query));
  const rows = firstPassRows(store, q, limit);
  // Keep only the best `limit` while scanning (paths are in SQLite's order, so ties keep the earlier path): no
  // object per concept and no full sort at 50,000 vectors. Ties are ordered the same way (binary-order.ts): UTF-16
  // `<` put a path with an astral character before one with U+E000–U+FFFF, so the hits of a larger limit were not
  // those of a smaller one followed by more.
  const best: VectorHit[] = [];
  const better = (a: VectorHit, b: VectorHit) =>
    a.similarity > b.similarity || (a.similarity === b.similarity && binaryBefore(a.path, b.path));
  const { matrix } = store;
  const stride = store.dim ?? 0;
  const count = rows?.length ?? store.paths.length;
  for (let n = 0; n < count; n++) {
    const i = rows ? rows[n] : n;
    const similarity = dotAt(q, matrix, i * stride);
    if (best.length === limit && similarity <= best[best.length - 1].similarity) continue;
    const hit = { path: store.paths[i], similarity };
    let at = best.length;
    while (at > 0 && better(hit, best[at - 1])) at--;
    best.splice(at, 0, hit);
    if (best.length > limit) best.pop();
  }
  return { hits: best };
}

/**
 * The rows the exact scan must score (in row order), or undefined for all of them: the SIMD pass's approximations
 * rule out every row that cannot reach the best `limit` (vector-kernel.ts); the kept rows then go through the same
 * exact scan, so the hits are those of scanning every row (tested against it, ties included).
 */
function firstPassRows(store: VectorCache, q: Float64Array, limit: number): number[] | undefined {
  if (!store.kernel || limit < 1 || limit >= store.paths.length) return undefined;
  const approximation = store.kernel.approximate(q);
  return approximation ? candidateRows(approximation, limit) : undefined;
}

/**
 * dot(q, the vector at `row` of `matrix`), summed one product after another in index order (so the same similarity
 * to the last bit as a plain loop), four products per step.
 */
function dotAt(q: Float64Array, matrix: Float32Array, row: number): number {
  const dim = q.length;
  let sum = 0;
  let k = 0;
  for (; k + 3 < dim; k += 4) {
    sum += q[k] * matrix[row + k];
    sum += q[k + 1] * matrix[row + k + 1];
    sum += q[k + 2] * matrix[row + k + 2];
    sum += q[k + 3] * matrix[row + k + 3];
  }
  for (; k < dim; k++) sum += q[k] * matrix[row + k];
  return sum;
}

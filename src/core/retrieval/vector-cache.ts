// Every current concept vector of one model, decoded and normalized in one matrix (and its int8 copy for the first
// pass, vector-kernel.ts), kept per index. A change to the index refreshes only the rows of the paths it touched
// (logged by the index, vector-touched.ts); every other row is carried over as it was. Decoding all 10,000 vectors
// again cost 300–500 ms on the first question after every save, which a long-lived process (the plugin, the MCP
// server) pays after each one.
//
// Exactness: a row's floats, codes and bounds depend only on its blob and the matrix's dimension, and a path the log
// does not name has the same blob as when it was read; rows stay in SQLite's path order (the scan visits rows in that
// order and its ties depend on it). So the refreshed cache holds the very paths, floats and codes a rebuild would.
import { normalizedInto } from '../embed/vectors';
import { vectorChangeMark, vectorChangesSince, type StoredVector } from '../index/vector-touched';
import { createScanKernel, type ScanKernel } from './vector-kernel';
import { binaryBefore } from './binary-order';
import type { WikiIndex } from '../index/wiki-index';

/** The vectors of one model as of one index generation. */
export interface VectorCache {
  readonly generation: number;
  readonly model: string;
  readonly paths: string[];
  /** Every vector, normalized, one after another (`dim` floats each): one array, scanned in one tight loop. */
  readonly matrix: Float32Array;
  readonly dim: number | undefined;
  /** The approximate first pass, when it can run here and every row is finite (else the exact scan alone). */
  readonly kernel: ScanKernel | null;
  /** Each row's stored dimension (the matrix's is the first row's). */
  readonly dims: Int32Array;
  /** The index's change log as of this cache (vector-touched.ts). */
  readonly mark: number;
}

/** More logged changes than this since the cache was made: it is built anew. */
export const MOST_REFRESHED = 1024;

const caches = new WeakMap<WikiIndex, VectorCache>();

/** How many times a cache was refreshed from the change log rather than built anew (for tests and the bench). */
export const refreshCount = { value: 0 };

/** The index's current vectors of `model`: cached, refreshed where the index changed, or built. */
export function vectorsOf(index: WikiIndex, model: string): VectorCache {
  const cached = caches.get(index);
  if (cached && cached.generation === index.generation && cached.model === model) return cached;
  let cache: VectorCache | null = null;
  if (cached && cached.model === model) {
    const changes = vectorChangesSince(index, model, cached.mark, MOST_REFRESHED);
    if (changes) cache = refreshed(cached, index.generation, changes.paths, changes.rows, changes.mark);
    if (cache) refreshCount.value++;
  }
  cache ??= built(index, model);
  caches.set(index, cache);
  return cache;
}

/** Forgets the index's cached vectors (tests compare a refreshed cache with one built anew). */
export function forgetVectors(index: WikiIndex): void {
  caches.delete(index);
}

function built(index: WikiIndex, model: string): VectorCache {
  // The mark first: a change logged after it is one the rows below may not hold yet.
  const mark = vectorChangeMark(index);
  const rows = index.currentVectors(model);
  const dim = rows[0]?.dim ?? 0;
  const matrix = new Float32Array(rows.length * dim);
  rows.forEach((r, i) => setFloats(matrix, i, r, dim));
  const dims = Int32Array.from(rows, (r) => r.dim);
  const paths = rows.map((r) => r.path);
  return {
    generation: index.generation,
    model,
    paths,
    matrix,
    dim: rows[0]?.dim,
    kernel: kernelOf(matrix, paths.length, dim),
    dims,
    mark,
  };
}

/** Row `i` of the matrix from its stored bytes. */
function setFloats(matrix: Float32Array, i: number, r: StoredVector, dim: number): void {
  // The same floats as normalize(decodeVector(...)) gave, in the matrix's row. A blob shorter than `dim` (a
  // damaged row) leaves NaN where the per-vector dot product read past its end, a longer one is cut as it was.
  const n = normalizedInto(r.vector, matrix, i * dim, dim);
  if (n < dim) matrix.fill(NaN, i * dim + n, (i + 1) * dim);
}

/** A kernel over every row of `matrix`, or null (none here, or a row not finite). */
function kernelOf(matrix: Float32Array, rows: number, dim: number): ScanKernel | null {
  let kernel = createScanKernel(rows, dim);
  for (let i = 0; kernel && i < rows; i++)
    if (!kernel.setRow(i, matrix.subarray(i * dim, (i + 1) * dim))) kernel = null;
  return kernel;
}

/**
 * `old` with the rows of `touched` paths replaced by `rows` (their current vectors, path order), or null when the
 * matrix's dimension would change (a rebuild then reads it as a rebuild does).
 */
function refreshed(
  old: VectorCache,
  generation: number,
  touched: readonly string[],
  rows: StoredVector[],
  mark: number,
): VectorCache | null {
  if (touched.length === 0) return { ...old, generation, mark };
  const inPlace = replacedInPlace(old, touched, rows);
  if (inPlace) return { ...inPlace, generation, mark };
  const gone = new Set(touched);
  // Each new row: an old row's index (≥ 0), or -1 - the index of its fresh vector in `rows`.
  const order: number[] = [];
  let j = 0;
  for (let i = 0; i < old.paths.length; i++) {
    if (gone.has(old.paths[i])) continue;
    while (j < rows.length && binaryBefore(rows[j].path, old.paths[i])) order.push(-1 - j++);
    order.push(i);
  }
  while (j < rows.length) order.push(-1 - j++);
  if (order.length === 0 || old.dim === undefined) return null;
  const dim = old.dim;
  const firstDim = order[0] >= 0 ? old.dims[order[0]] : rows[-1 - order[0]].dim;
  if (firstDim !== dim) return null;
  const n = order.length;
  const matrix = new Float32Array(n * dim);
  const dims = new Int32Array(n);
  const paths: string[] = new Array<string>(n);
  let kernel = old.kernel ? createScanKernel(n, dim) : null;
  for (let at = 0; at < n;) {
    if (order[at] < 0) {
      const r = rows[-1 - order[at]];
      setFloats(matrix, at, r, dim);
      dims[at] = r.dim;
      paths[at] = r.path;
      if (kernel && !kernel.setRow(at, matrix.subarray(at * dim, (at + 1) * dim))) kernel = null;
      at++;
      continue;
    }
    // A run of consecutive old rows, copied at once.
    const from = order[at];
    let count = 1;
    while (at + count < n && order[at + count] === from + count) count++;
    matrix.set(old.matrix.subarray(from * dim, (from + count) * dim), at * dim);
    dims.set(old.dims.subarray(from, from + count), at);
    for (let k = 0; k < count; k++) paths[at + k] = old.paths[from + k];
    if (kernel) kernel.copyRows(old.kernel!, from, at, count);
    at += count;
  }
  // No kernel before (none here, or a row not finite): made over the whole matrix, as a rebuild makes it.
  if (!old.kernel) kernel = kernelOf(matrix, n, dim);
  return { generation, model: old.model, paths, matrix, dim, kernel, dims, mark };
}

/** Where `path` is among `paths` (in SQLite's order), or -1. */
function rowOf(paths: readonly string[], path: string): number {
  let lo = 0;
  let hi = paths.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (binaryBefore(paths[mid], path)) lo = mid + 1;
    else hi = mid;
  }
  return lo < paths.length && paths[lo] === path ? lo : -1;
}

/**
 * When the touched paths are the same rows before and after (vectors replaced, the commonest change: a note saved,
 * then embedded again), `old` with those rows written over in place (its arrays are no longer read: the cache that
 * replaces it shares them); otherwise null.
 */
function replacedInPlace(old: VectorCache, touched: readonly string[], rows: StoredVector[]): VectorCache | null {
  const dim = old.dim;
  if (dim === undefined || !old.kernel) return null;
  const at = rows.map((r) => rowOf(old.paths, r.path));
  const current = new Set(rows.map((r) => r.path));
  // A row added, or one gone (touched, held before and no longer current): the rows move.
  if (at.some((i, k) => i < 0 || rows[k].dim !== old.dims[i])) return null;
  if (touched.some((p) => !current.has(p) && rowOf(old.paths, p) >= 0)) return null;
  let kernel: ScanKernel | null = old.kernel;
  rows.forEach((r, k) => {
    setFloats(old.matrix, at[k], r, dim);
    if (kernel && !kernel.setRow(at[k], old.matrix.subarray(at[k] * dim, (at[k] + 1) * dim))) kernel = null;
  });
  return { ...old, kernel };
}

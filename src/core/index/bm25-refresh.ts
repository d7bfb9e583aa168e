// Carrying a kept phrase's scores to a new state of the index (bm25-cache.ts keeps the phrases): its untouched rows'
// weighted frequencies kept, the touched rows' read again, every score recomputed (bm25-frequencies.ts).
import type { PhraseScores } from './bm25-cache';
import { invertScore, phraseScore, type RowSizes } from './bm25-frequencies';
import type { TouchedRows } from './bm25-touched';
import type { Database } from './sqlite';

/** A kept phrase: its rows, their weighted frequencies, and its scores as of the state `at`. */
export interface Kept extends PhraseScores {
  readonly phrase: string;
  readonly weights: string;
  /** Each row's weighted frequency, or null when it could not be recovered exactly (then dropped on a change). */
  readonly freqs: Float64Array | null;
  readonly at: number;
  /** Rows written since `at`: their frequencies are asked of FTS5 again. */
  readonly touched: Set<number>;
}

/**
 * `k` on the current state: its untouched rows' frequencies kept, the touched rows' read again, every score
 * recomputed. The touched rows' frequencies come from their text indexed apart (bm25-touched.ts) when they are few,
 * else from concepts_fts (walked). Null when a frequency is not recovered exactly or a check fails (FTS5 then scores
 * the phrase anew).
 */
export function refreshed(
  db: Database,
  sizes: RowSizes,
  touchedRows: TouchedRows,
  k: Kept,
  state: number,
  indexTouched: number,
): Kept | null {
  const found =
    k.touched.size === 0
      ? new Map<number, number>()
      : k.touched.size <= indexTouched
        ? touchedRows.frequencies(state, k.phrase, k.weights, k.touched)
        : null;
  if (found) return rescored(sizes, k, carried(k, found), state);
  return walked(db, sizes, k, state);
}

/**
 * `k`'s rows and frequencies with its touched rows replaced by `found` (rowid → frequency), in rowid order: the rows
 * between them copied whole (a change touches a few of 10,000 rows).
 */
function carried(k: Kept, found: ReadonlyMap<number, number>): { ids: Float64Array; freqs: Float64Array } {
  const old = k.freqs!;
  const gone: number[] = [];
  for (const id of k.touched) {
    const at = lowerBound(k.ids, id, 0);
    if (k.ids[at] === id) gone.push(at);
  }
  gone.sort((a, b) => a - b);
  const added = Float64Array.from(found.keys()).sort();
  const ids = new Float64Array(k.ids.length - gone.length + added.length);
  const freqs = new Float64Array(ids.length);
  // The untouched rows, then each found row merged in at its place.
  const keptIds = new Float64Array(k.ids.length - gone.length);
  const keptFreqs = new Float64Array(keptIds.length);
  let n = 0;
  let from = 0;
  for (const at of [...gone, k.ids.length]) {
    keptIds.set(k.ids.subarray(from, at), n);
    keptFreqs.set(old.subarray(from, at), n);
    n += at - from;
    from = at + 1;
  }
  let out = 0;
  from = 0;
  for (const id of added) {
    const at = lowerBound(keptIds, id, from);
    ids.set(keptIds.subarray(from, at), out);
    freqs.set(keptFreqs.subarray(from, at), out);
    out += at - from;
    ids[out] = id;
    freqs[out++] = found.get(id)!;
    from = at;
  }
  ids.set(keptIds.subarray(from), out);
  freqs.set(keptFreqs.subarray(from), out);
  return { ids, freqs };
}

/** The first index at or after `from` whose value in the sorted `values` is not below `x`. */
function lowerBound(values: Float64Array, x: number, from: number): number {
  let lo = from;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A kept phrase on `state` from its rows' frequencies: every score recomputed (null when a row has no size). */
function rescored(
  sizes: RowSizes,
  k: Kept,
  rows: { ids: Float64Array; freqs: Float64Array },
  state: number,
): Kept | null {
  const { ids, freqs } = rows;
  const idf = sizes.idf(ids.length);
  const scores = new Float64Array(ids.length);
  for (let i = 0; i < ids.length; i++) {
    const d = sizes.size(ids[i]);
    if (d === undefined) return null;
    scores[i] = phraseScore(freqs[i], d, sizes.avgdl, idf);
  }
  return { phrase: k.phrase, weights: k.weights, ids, freqs, scores, at: state, touched: new Set() };
}

/**
 * `k` refreshed from concepts_fts: its scores on the touched rows plus one untouched row (`+rowid in`: FTS5 walks the
 * phrase's rows), inverted; the untouched row's recomputed score checked against FTS5's (the row count, average and
 * idf are right). For more touched rows than bm25-touched.ts indexes.
 */
function walked(db: Database, sizes: RowSizes, k: Kept, state: number): Kept | null {
  const freqs = k.freqs!;
  const keep: number[] = [];
  for (let i = 0; i < k.ids.length; i++) if (!k.touched.has(k.ids[i])) keep.push(i);
  const rows = new Map<number, number>();
  for (const i of keep) rows.set(k.ids[i], freqs[i]);
  let check: { id: number; score: number } | undefined;
  if (k.touched.size > 0) {
    if (keep.length === 0) return null;
    const sentinel = k.ids[keep[0]];
    const asked = db.numberPairs(
      `select rowid, bm25(concepts_fts, ${k.weights}) from concepts_fts where concepts_fts match ? ` +
        'and +rowid in (select value from json_each(?))',
      [k.phrase, JSON.stringify([...k.touched, sentinel])],
    );
    const found: { id: number; score: number }[] = [];
    for (let i = 0; i < asked.ids.length; i++) {
      if (asked.ids[i] === sentinel) check = { id: sentinel, score: asked.values[i] };
      else found.push({ id: asked.ids[i], score: asked.values[i] });
    }
    if (!check) return null;
    const idf = sizes.idf(rows.size + found.length);
    for (const { id, score } of found) {
      const d = sizes.size(id);
      const f = d === undefined ? undefined : invertScore(score, d, sizes.avgdl, idf);
      if (f === undefined) return null;
      rows.set(id, f);
    }
  }
  const ids = Float64Array.from(rows.keys()).sort();
  const idf = sizes.idf(ids.length);
  const out = new Float64Array(ids.length);
  const scores = new Float64Array(ids.length);
  for (let i = 0; i < ids.length; i++) {
    const d = sizes.size(ids[i]);
    if (d === undefined) return null;
    out[i] = rows.get(ids[i])!;
    scores[i] = phraseScore(out[i], d, sizes.avgdl, idf);
  }
  if (check && !Object.is(scores[ids.indexOf(check.id)], check.score)) return null;
  return { phrase: k.phrase, weights: k.weights, ids, freqs: out, scores, at: state, touched: new Set() };
}

// FTS5's index format (fts5_index.c, SQLite 3.54) as bm25-doclist.ts reads it: varints, leaf pages, a term's place on
// a page, a position list's weighted instances, and segments merged newest first. Anything unexpected throws
// Unread: the reader then gives null and the caller asks FTS5.

/** The reader gives up: the caller asks FTS5 (never a guess). */
export class Unread extends Error {}

/** An SQLite varint at `at` of `a`: its value (exact below 2^53, else Unread) and the offset after it. */
export function varint(a: Uint8Array, at: number): [number, number] {
  let v = 0;
  for (let k = 0; k < 9; k++) {
    if (at >= a.length) throw new Unread();
    const c = a[at++];
    if (k === 8) {
      v = v * 256 + c;
      break;
    }
    v = v * 128 + (c & 0x7f);
    if (!(c & 0x80)) break;
  }
  if (v > Number.MAX_SAFE_INTEGER) throw new Unread();
  return [v, at];
}

/** Where the last `varintAt` ended: read it right after each call (no pair allocated per varint on hot paths). */
export const cursor = { at: 0 };

/** `varint`'s value, its end left in `cursor.at` (a one-byte varint, most of a doclist's, read inline). */
export function varintAt(a: Uint8Array, at: number): number {
  if (at < a.length && a[at] < 0x80) {
    cursor.at = at + 1;
    return a[at];
  }
  const [v, end] = varint(a, at);
  cursor.at = end;
  return v;
}

/** One leaf page: its bytes, where its footer (term offsets) starts, whether it holds a term. */
export interface Leaf {
  readonly a: Uint8Array;
  readonly szLeaf: number;
  readonly termless: boolean;
}

/** Rowids ascending, each with its weighted frequency or -1 (a delete marker): the first `n` of the arrays. */
export interface Entries {
  ids: Float64Array;
  freqs: Float64Array;
  n: number;
}

/** Entries with room for `capacity`. */
export const entries = (capacity = 0): Entries => ({
  ids: new Float64Array(capacity),
  freqs: new Float64Array(capacity),
  n: 0,
});

/** Appends an entry, the arrays doubled when full. */
export function push(e: Entries, id: number, freq: number): void {
  if (e.n === e.ids.length) {
    const ids = new Float64Array(Math.max(64, e.n * 2));
    ids.set(e.ids);
    const freqs = new Float64Array(ids.length);
    freqs.set(e.freqs);
    e.ids = ids;
    e.freqs = freqs;
  }
  e.ids[e.n] = id;
  e.freqs[e.n++] = freq;
}

/** Where a page's doclist ends (fts5SegIterNextPage): its first term, or past the page when it has none. */
export function endOfDoclist(leaf: Leaf): number {
  return leaf.termless ? leaf.a.length + 1 : varint(leaf.a, leaf.szLeaf)[0];
}

/**
 * fts5LeafSeek without bGe: the term `key` on this page, as the offset of its doclist and the end of that doclist
 * on the page (the next term's offset, or past the page); undefined when the page does not hold it.
 */
export function seek(leaf: Leaf, key: Uint8Array): { off: number; end: number } | undefined {
  const { a, szLeaf } = leaf;
  if (leaf.termless) throw new Unread();
  let pgidx = szLeaf;
  let termOff: number;
  [termOff, pgidx] = varint(a, pgidx);
  let term = new Uint8Array(0);
  let firstOnPage = true;
  for (;;) {
    if (termOff >= a.length || termOff < 4) throw new Unread();
    let at = termOff;
    let keep = 0;
    if (!firstOnPage) [keep, at] = varint(a, at);
    let nNew: number;
    [nNew, at] = varint(a, at);
    if (keep > term.length || nNew < 1 || at + nNew > szLeaf) throw new Unread();
    const next = new Uint8Array(keep + nNew);
    next.set(term.subarray(0, keep));
    next.set(a.subarray(at, at + nNew), keep);
    term = next;
    firstOnPage = false;
    const order = compare(term, key);
    if (order === 0) {
      if (pgidx >= a.length) return { off: at + nNew, end: a.length + 1 };
      const [delta] = varint(a, pgidx);
      return { off: at + nNew, end: termOff + delta };
    }
    if (order > 0 || pgidx >= a.length) return undefined;
    let delta: number;
    [delta, pgidx] = varint(a, pgidx);
    termOff += delta;
  }
}

/** memcmp order, a prefix first. */
function compare(x: Uint8Array, y: Uint8Array): number {
  const n = Math.min(x.length, y.length);
  for (let i = 0; i < n; i++) if (x[i] !== y[i]) return x[i] - y[i];
  return x.length - y.length;
}

/**
 * A detail=full position list's instances, each weighted by its column's weight (bm25(): `aFreq += w`, w the column's
 * weight or 1.0 past the weights given): column 0's positions, then 0x01, a column number and its positions. A
 * list FTS5 would read only in part (a marker not followed by a position) is Unread.
 */
export function weighted(a: Uint8Array, from: number, to: number, weights: readonly number[]): number {
  let f = 0;
  let w = weights.length > 0 ? weights[0] : 1;
  let i = from;
  while (i < to) {
    const b = a[i];
    if (b === 0x01) {
      const col = varintAt(a, i + 1);
      i = cursor.at;
      // A position (its value + 2) must follow: FTS5 stops counting at anything else (sqlite3Fts5PoslistNext64).
      if (i >= to || a[i] < 2) throw new Unread();
      w = col < weights.length ? weights[col] : 1;
    } else if (b === 0x00) throw new Unread();
    else {
      while (a[i] & 0x80) if (++i >= to) throw new Unread();
      i++;
      f += w;
    }
  }
  if (i !== to) throw new Unread();
  return f;
}

/**
 * Segments' entries (newest segment first) merged in one pass, as fts5MultiIterDoCompare does: for a rowid in several
 * the newest segment's entry decides, deletions (-1) dropped. The output is allocated once; a run of rowids from one
 * segment below every other segment's next rowid is copied without comparing again (a big segment and a few saves'
 * small ones: the usual shape), so the cost is the entries plus the segments times the runs, not rows x segments.
 */
export function mergeNewestFirst(segs: readonly Entries[]): { ids: Float64Array; freqs: Float64Array } {
  let total = 0;
  for (const e of segs) total += e.n;
  const ids = new Float64Array(total);
  const freqs = new Float64Array(total);
  const pos = new Int32Array(segs.length);
  let k = 0;
  for (;;) {
    // The smallest next rowid (the newest segment on a tie) and the smallest among the other segments.
    let best = -1;
    let bestId = Infinity;
    let second = Infinity;
    for (let s = 0; s < segs.length; s++) {
      if (pos[s] >= segs[s].n) continue;
      const id = segs[s].ids[pos[s]];
      if (id < bestId) {
        second = bestId;
        bestId = id;
        best = s;
      } else if (id < second) second = id;
    }
    if (best < 0) break;
    const e = segs[best];
    let p = pos[best];
    if (second === bestId) {
      // Older segments' entries for the same rowid are overridden.
      for (let s = best + 1; s < segs.length; s++) if (pos[s] < segs[s].n && segs[s].ids[pos[s]] === bestId) pos[s]++;
      if (e.freqs[p] >= 0) {
        ids[k] = bestId;
        freqs[k++] = e.freqs[p];
      }
      pos[best] = p + 1;
      continue;
    }
    for (; p < e.n && e.ids[p] < second; p++)
      if (e.freqs[p] >= 0) {
        ids[k] = e.ids[p];
        freqs[k++] = e.freqs[p];
      }
    pos[best] = p;
  }
  return k === total ? { ids, freqs } : { ids: ids.slice(0, k), freqs: freqs.slice(0, k) };
}

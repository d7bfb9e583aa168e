// The scores of common phrases kept between questions and across index changes, for bm25-phrases.ts: a kept
// phrase holds its rows' weighted frequencies, and after a change only the rows the change touched are asked of FTS5
// again (bm25-frequencies.ts recomputes bm25() from them bit for bit).
import { invertScore, logTouchedRows, phraseScore, RowSizes, takeTouchedRows } from './bm25-frequencies';
import { MAX_INDEXED_ROWS, TouchedRows } from './bm25-touched';
import type { Database } from './sqlite';

/** A phrase's scores: the rowid of each row it matches and bm25() of the phrase alone there (≤ 0). */
export interface PhraseScores {
  readonly ids: Float64Array;
  readonly scores: Float64Array;
}

/** A kept phrase: its rows, their weighted frequencies, and its scores as of the state `at`. */
interface Kept extends PhraseScores {
  readonly phrase: string;
  readonly weights: string;
  /** Each row's weighted frequency, or null when it could not be recovered exactly (then dropped on a change). */
  readonly freqs: Float64Array | null;
  readonly at: number;
  /** Rows written since `at`: their frequencies are asked of FTS5 again. */
  readonly touched: Set<number>;
}

/** Phrases matching at least this many rows are kept (fewer cost FTS5 little to score again). */
const KEEP_FROM_ROWS = 512;
/** At most this many rows of kept phrases (24 bytes each: ~24 MB), the oldest phrase dropped first. */
const KEEP_ROWS = 1_000_000;
/** At most this many phrases' row counts are kept. */
const MAX_COUNTS = 10_000;
/** A kept phrase with more rows touched than this (or a quarter of its rows) is scored by FTS5 anew. */
const MAX_TOUCHED = 4_096;

/**
 * Kept single-phrase scores of one database. `key` is the index's generation and SQLite's change counter: on a
 * change, a kept phrase keeps its rows' weighted frequencies, and its scores are recomputed from them (bm25-
 * frequencies.ts) once FTS5 has given the frequencies of the rows the change touched, which a trigger logs whatever
 * path writes them.
 */
export class PhraseScoreCache {
  private key = '';
  private generation = 0;
  private warm = false;
  /** The state of the index, counted: a kept phrase's scores are valid while its `at` equals it. */
  private state = 0;
  private rows = 0;
  private readonly kept = new Map<string, Kept>();
  /** Rows matching each phrase asked since the last change (any weights), and the number of concepts then. */
  private readonly counts = new Map<string, number>();
  private total: number | undefined;
  /** Counts of earlier states, each with the rows touched since (its bound: n ± drift), for `common`. */
  private readonly earlier = new Map<string, { n: number; drift: number }>();
  /** Row sizes and totals, read once something is kept (and the touched rows logged from then on). */
  private sizes: RowSizes | undefined;
  /** The touched rows' text indexed apart, where a kept phrase's frequencies in them are read (bm25-touched.ts). */
  private touchedRows: TouchedRows | undefined;
  /** How many times a kept phrase was carried to a new state from its frequencies (for tests). */
  refreshes = 0;

  /** `keepFrom`: fewest rows of a phrase worth keeping; `keepRows`: most rows kept in all (tests set small ones). */
  constructor(
    private readonly keepFrom = KEEP_FROM_ROWS,
    private readonly keepRows = KEEP_ROWS,
    /** False only in tests: a change does not refresh the touched rows (to show the refresh is what keeps it exact). */
    private readonly refreshTouched = true,
    /** Most touched rows whose text is indexed apart (bm25-touched.ts); beyond, concepts_fts is walked (tests: 0). */
    private readonly indexTouched = MAX_INDEXED_ROWS,
  ) {}

  /**
   * True when a BM25 question was already answered on this very state of the index, or phrases are kept from an
   * earlier one: a long-lived process (the MCP server, the plugin, a batch evaluation) then scores phrase by phrase.
   * Otherwise the question takes FTS5's single pass, which costs less when nothing is kept (a cold CLI question).
   */
  use(db: Database, generation: number): boolean {
    this.generation = generation;
    const key = `${generation}:${this.changeCount(db)}`;
    if (key !== this.key) {
      this.changed(db);
      this.key = `${generation}:${this.changeCount(db)}`;
    }
    const warm = this.warm;
    this.warm = true;
    return warm;
  }

  private changeCount(db: Database): number {
    return db.get<{ n: number }>('select total_changes() as n')!.n;
  }

  /** The index changed: kept phrases learn which rows were touched; the rest is dropped. */
  private changed(db: Database): void {
    this.state++;
    const touched = this.sizes ? takeTouchedRows(db) : new Set<number>();
    // A count taken before stays a bound: each touched row moves it by one at most. Only while rows are logged.
    if (this.sizes && this.earlier.size + this.counts.size <= MAX_COUNTS) {
      for (const e of this.earlier.values()) e.drift += touched.size;
      for (const [phrase, n] of this.counts) this.earlier.set(phrase, { n, drift: touched.size });
    } else this.earlier.clear();
    this.counts.clear();
    this.total = undefined;
    this.sizes?.update(touched);
    for (const [key, k] of this.kept) {
      if (this.refreshTouched) for (const id of touched) k.touched.add(id);
      if (!k.freqs || k.touched.size > Math.min(MAX_TOUCHED, k.ids.length / 4)) this.drop(key);
    }
    this.warm = this.kept.size > 0;
  }

  private drop(key: string): void {
    const k = this.kept.get(key);
    if (!k) return;
    this.kept.delete(key);
    this.rows -= k.ids.length;
  }

  /** The phrases kept, oldest first (for tests). */
  keptPhrases(): string[] {
    return [...this.kept.values()].map((k) => k.phrase);
  }

  /** Whether the scores of this phrase under these weights are kept. */
  keeps(phrase: string, weights: string): boolean {
    return this.kept.has(`${weights}\u0000${phrase}`);
  }

  /** How many rows match `phrase` (counted once per state of the index: FTS5 walks its whole row list to count). */
  count(db: Database, phrase: string): number {
    let n = this.counts.get(phrase);
    if (n === undefined) {
      for (const k of this.kept.values())
        if (k.phrase === phrase) {
          const fresh = this.current(db, k);
          if (fresh) return fresh.ids.length;
        }
      n = db.get<{ n: number }>('select count(*) as n from concepts_fts where concepts_fts match ?', [phrase])!.n;
      this.counted(phrase, n);
    }
    return n;
  }

  /**
   * Whether `phrase` is in half the rows or more (FTS5 then clamps its idf): from a count of an earlier state where
   * the rows touched since cannot have moved it across half (a count walks the phrase's rows: 1–3 ms for a common word
   * at 10,000 concepts, again after every change), else counted.
   */
  common(db: Database, phrase: string): boolean {
    const total = this.concepts(db);
    const n = this.counts.get(phrase);
    if (n !== undefined) return 2 * n >= total;
    const e = this.earlier.get(phrase);
    if (e && 2 * (e.n - e.drift) >= total) return true;
    if (e && 2 * (e.n + e.drift) < total) return false;
    return 2 * this.count(db, phrase) >= total;
  }

  /** How many concepts the index holds (FTS5's row count, by which it clamps a phrase's idf). */
  concepts(db: Database): number {
    this.total ??= db.get<{ n: number }>('select count(*) as n from concepts')!.n;
    return this.total;
  }

  private counted(phrase: string, n: number): void {
    // A long-lived process asks many distinct words of an unchanged index: the counts are cheap to take again.
    if (this.counts.size >= MAX_COUNTS) this.counts.clear();
    this.counts.set(phrase, n);
  }

  /** The scores of one phrase, from the cache or from FTS5 (then kept when the phrase is common). */
  scores(db: Database, phrase: string, weights: string): PhraseScores {
    const key = `${weights}\u0000${phrase}`;
    const hit = this.kept.get(key);
    const fresh = hit && this.current(db, hit);
    if (fresh) return fresh;
    const { ids, values } = db.numberPairs(
      `select rowid, bm25(concepts_fts, ${weights}) from concepts_fts where concepts_fts match ?`,
      [phrase],
    );
    this.counted(phrase, ids.length);
    if (ids.length >= this.keepFrom && ids.length <= this.keepRows) {
      for (const oldest of this.kept.keys()) {
        if (this.rows + ids.length <= this.keepRows) break;
        this.drop(oldest);
      }
      if (!this.sizes) {
        // Logged from before the sizes are read: no write can fall between them.
        logTouchedRows(db);
        this.sizes = new RowSizes(db);
      }
      const freqs = frequencies(this.sizes, ids, values);
      this.kept.set(key, { phrase, weights, ids, scores: values, freqs, at: this.state, touched: new Set() });
      this.rows += ids.length;
    }
    return { ids, scores: values };
  }

  /** A kept phrase's scores on the current state: refreshed if the index changed, or null (dropped) if it cannot be. */
  private current(db: Database, k: Kept): Kept | null {
    if (k.at === this.state) return k;
    const key = `${k.weights}\u0000${k.phrase}`;
    // The refresh may write to the temp table of touched rows, which moves SQLite's change counter: not a change
    // of the index, so the key follows it (when it was current: a change made before stays one).
    const keyCurrent = this.key === `${this.generation}:${this.changeCount(db)}`;
    this.touchedRows ??= new TouchedRows(db);
    const fresh =
      this.sizes && k.freqs ? refreshed(db, this.sizes, this.touchedRows, k, this.state, this.indexTouched) : null;
    if (keyCurrent) this.key = `${this.generation}:${this.changeCount(db)}`;
    this.drop(key);
    if (!fresh) return null;
    this.refreshes++;
    this.kept.set(key, fresh);
    this.rows += fresh.ids.length;
    return fresh;
  }
}

/** Each row's weighted frequency recovered from FTS5's scores, or null when one is not recovered exactly. */
function frequencies(sizes: RowSizes, ids: Float64Array, scores: Float64Array): Float64Array | null {
  const idf = sizes.idf(ids.length);
  const freqs = new Float64Array(ids.length);
  for (let i = 0; i < ids.length; i++) {
    const d = sizes.size(ids[i]);
    const f = d === undefined ? undefined : invertScore(scores[i], d, sizes.avgdl, idf);
    if (f === undefined) return null;
    freqs[i] = f;
  }
  return freqs;
}

/**
 * `k` on the current state: its untouched rows' frequencies kept, the touched rows' read again, every score
 * recomputed. The touched rows' frequencies come from their text indexed apart (bm25-touched.ts) when they are few,
 * else from concepts_fts (walked). Null when a frequency is not recovered exactly or a check fails (FTS5 then scores
 * the phrase anew).
 */
function refreshed(
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

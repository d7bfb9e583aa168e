// The scores of common phrases kept between questions and across index changes, for bm25-phrases.ts: a kept
// phrase holds its rows' weighted frequencies, and after a change only the rows the change touched are asked of FTS5
// again (bm25-frequencies.ts recomputes bm25() from them bit for bit).
import { Doclists, wholeWeights } from './bm25-doclist';
import { invertScore, logTouchedRows, phraseScore, RowSizes, takeTouchedRows } from './bm25-frequencies';
import { type Kept, refreshed } from './bm25-refresh';
import { MAX_INDEXED_ROWS, TouchedRows } from './bm25-touched';
import type { Database } from './sqlite';

/** A phrase's scores: the rowid of each row it matches and bm25() of the phrase alone there (≤ 0). */
export interface PhraseScores {
  readonly ids: Float64Array;
  readonly scores: Float64Array;
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
  /** The last question was asked inside a transaction (use). */
  private askedInTransaction = false;
  /** Rows matching each phrase asked since the last change (any weights), and the number of concepts then. */
  private readonly counts = new Map<string, number>();
  private total: number | undefined;
  /** Counts of earlier states, each with the rows touched since (its bound: n ± drift), for `common`. */
  private readonly earlier = new Map<string, { n: number; drift: number }>();
  /** Row sizes and totals, read once something is kept (and the touched rows logged from then on). */
  private sizes: RowSizes | undefined;
  /** The touched rows' text indexed apart, where a kept phrase's frequencies in them are read (bm25-touched.ts). */
  private touchedRows: TouchedRows | undefined;
  /** FTS5's doclists read in JavaScript: a phrase not kept is scored without bm25() walking its rows. */
  private doclists: Doclists | undefined;
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
    /** False only in tests: phrases not kept are scored by FTS5's bm25(), never from its doclists. */
    private readonly readDoclists = true,
  ) {}

  /**
   * True when a BM25 question was already answered on this very state of the index, or phrases are kept from an
   * earlier one: a long-lived process (the MCP server, the plugin, a batch evaluation) then scores phrase by phrase.
   * Otherwise the question takes FTS5's single pass, which costs less when nothing is kept (a cold CLI question).
   */
  use(db: Database, generation: number): boolean {
    // Asked inside a transaction, then after it: a rollback moves neither the generation nor SQLite's change counter
    // back, so what was kept (scores, row sizes) may be of rows no longer there. Forgotten, whatever the outcome.
    const inTransaction = db.inTransaction();
    if (this.askedInTransaction && !inTransaction) this.forget(db);
    this.askedInTransaction = inTransaction;
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

  /**
   * Readies a long-lived process (the MCP server once it has opened, or applied a batch) for its next question: that
   * one is scored phrase by phrase like every later one, and the row sizes and FTS5's segment list, read once for
   * all (60–150 ms at 10,000 concepts), are read now instead of in the middle of an answer.
   */
  prepare(db: Database, generation: number): void {
    if (db.inTransaction()) return;
    this.use(db, generation);
    if (!this.readDoclists) return;
    this.rowSizes(db);
    this.absorbing(db, () => (this.doclists ??= new Doclists(db)).prepare(this.state));
  }

  /** Everything kept dropped, as if no question had been asked (the touched rows logged so far too). */
  private forget(db: Database): void {
    this.state++;
    if (this.sizes) takeTouchedRows(db);
    this.sizes = undefined;
    this.kept.clear();
    this.rows = 0;
    this.counts.clear();
    this.earlier.clear();
    this.total = undefined;
    this.key = '';
    this.warm = false;
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
    const read = this.fewRows(phrase) ? null : this.fromDoclists(db, phrase, weights);
    const { ids, values } =
      read ??
      db.numberPairs(`select rowid, bm25(concepts_fts, ${weights}) from concepts_fts where concepts_fts match ?`, [
        phrase,
      ]);
    this.counted(phrase, ids.length);
    if (ids.length >= this.keepFrom && ids.length <= this.keepRows) {
      for (const oldest of this.kept.keys()) {
        if (this.rows + ids.length <= this.keepRows) break;
        this.drop(oldest);
      }
      const sizes = this.rowSizes(db);
      const freqs = read ? read.freqs : frequencies(sizes, ids, values);
      this.kept.set(key, { phrase, weights, ids, scores: values, freqs, at: this.state, touched: new Set() });
      this.rows += ids.length;
    }
    return { ids, scores: values };
  }

  /** The row sizes, read once (the touched rows logged from before they are read: no write falls between them). */
  private rowSizes(db: Database): RowSizes {
    if (!this.sizes) {
      logTouchedRows(db);
      this.sizes = new RowSizes(db);
    }
    return this.sizes;
  }

  /**
   * Runs `fn`, which may write to the connection's temp tables (the touched rows indexed apart, the doclist reader's
   * tokenizer): that moves SQLite's change counter but is no change of the index, so the key follows it (when it was
   * current: a change made before stays one).
   */
  private absorbing<T>(db: Database, fn: () => T): T {
    const keyCurrent = this.key === `${this.generation}:${this.changeCount(db)}`;
    const out = fn();
    if (keyCurrent) this.key = `${this.generation}:${this.changeCount(db)}`;
    return out;
  }

  /** Whether a phrase not kept would be scored from FTS5's doclists (bm25-doclist.ts), not by bm25() row by row. */
  readsDoclists(db: Database, phrase: string, weights: string): boolean {
    if (!this.readDoclists || !wholeWeights(weights) || this.fewRows(phrase)) return false;
    return this.absorbing(db, () => (this.doclists ??= new Doclists(db)).readable(phrase, this.state));
  }

  /**
   * Whether `phrase` was counted on fewer rows than are kept (now or before the last changes): FTS5 scores it cheaply,
   * so its doclists are not read (and, common in a small index, it is bounded as before).
   */
  private fewRows(phrase: string): boolean {
    const known = this.counts.get(phrase) ?? this.earlier.get(phrase)?.n;
    return known !== undefined && known < this.keepFrom;
  }

  /**
   * A phrase's rows, scores and weighted frequencies from FTS5's doclists and the kept row sizes: bm25() bit for bit
   * (bm25-frequencies.ts) at ~1 ms for a word on 10,000 rows, where FTS5 scoring it cost 20–50 ms. Null when the
   * reader cannot say (bm25-doclist.ts) or a row has no size: FTS5 scores it.
   */
  private fromDoclists(db: Database, phrase: string, weights: string) {
    const whole = this.readDoclists ? wholeWeights(weights) : null;
    if (!whole) return null;
    const sizes = this.rowSizes(db);
    const rows = this.absorbing(db, () => (this.doclists ??= new Doclists(db)).read(phrase, whole, this.state));
    if (!rows) return null;
    const idf = sizes.idf(rows.ids.length);
    const values = new Float64Array(rows.ids.length);
    for (let i = 0; i < rows.ids.length; i++) {
      const d = sizes.size(rows.ids[i]);
      if (d === undefined) return null;
      values[i] = phraseScore(rows.freqs[i], d, sizes.avgdl, idf);
    }
    return { ids: rows.ids, values, freqs: rows.freqs };
  }

  /** A kept phrase's scores on the current state: refreshed if the index changed, or null (dropped) if it cannot be. */
  private current(db: Database, k: Kept): Kept | null {
    if (k.at === this.state) return k;
    const key = `${k.weights}\u0000${k.phrase}`;
    this.touchedRows ??= new TouchedRows(db);
    const touchedRows = this.touchedRows;
    const fresh = this.absorbing(db, () =>
      this.sizes && k.freqs ? refreshed(db, this.sizes, touchedRows, k, this.state, this.indexTouched) : null,
    );
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

// FTS5's bm25() of one phrase, recomputed outside FTS5 bit for bit, so a common phrase's scores survive an index
// change: only the rows the change touched are asked of FTS5 again (bm25-phrases.ts keeps the phrases).
//
// Why: FTS5 scores a phrase row by row (its position lists, the row's size): 15–40 ms for a word on 7,000–10,000
// pages at 10,000 concepts, paid again for every common word after each save. Its formula (fts5_aux.c) is, for a
// phrase alone: -1.0 × (0.0 + idf × ((f × (k1 + 1)) / (f + k1 × (1 − b + b × D / avgdl)))), k1 = 1.2, b = 0.75, where
// f is the row's weighted frequency of the phrase (a sum of whole-number column weights: an integer), D the row's
// token count (its docsize record), avgdl the table's token total over its row count (the averages record) and idf
// ln((N − n + 0.5) / (n + 0.5)) clamped to 1e-6. The same IEEE operations in the same order give the same double in
// JavaScript (WebAssembly has no fused multiply-add); the logarithm is taken with SQLite's own ln(), the C library's
// log() FTS5 calls. f is recovered from FTS5's score by inverting the formula and kept only when recomputing it gives
// FTS5's score exactly; otherwise the phrase is not kept (never a guessed score).
import type { Database } from './sqlite';

const K1 = 1.2;
const B = 0.75;

/** bm25() of one phrase alone in a row, as FTS5 computes it (≤ 0). */
export function phraseScore(f: number, d: number, avgdl: number, idf: number): number {
  return -1.0 * (0.0 + idf * ((f * (K1 + 1.0)) / (f + K1 * (1 - B + (B * d) / avgdl))));
}

/** The weighted frequency whose score is exactly `score`, or undefined when none is (weights not whole numbers). */
export function invertScore(score: number, d: number, avgdl: number, idf: number): number | undefined {
  const k = K1 * (1 - B + (B * d) / avgdl);
  const t = -score / idf;
  const guess = Math.round((k * t) / (K1 + 1.0 - t));
  if (!Number.isFinite(guess)) return undefined;
  for (const f of [guess, guess - 1, guess + 1])
    if (f >= 0 && Object.is(phraseScore(f, d, avgdl, idf), score)) return f;
  return undefined;
}

/** SQLite's varints (FTS5's docsize and averages records): big-endian 7-bit groups, a 9th byte of 8 bits. */
export function varints(bytes: Uint8Array): number[] {
  const out: number[] = [];
  let i = 0;
  while (i < bytes.length) {
    let v = 0;
    for (let k = 0; ; k++) {
      const c = bytes[i++];
      if (k === 8) {
        v = v * 256 + c;
        break;
      }
      v = v * 128 + (c & 0x7f);
      if (!(c & 0x80)) break;
    }
    out.push(v);
  }
  return out;
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/** Above this rowid, or below 0, row sizes go in a Map (see bm25-phrases.ts MAX_DENSE_ROWID). */
const MAX_DENSE_ROWID = 4_000_000;

/** Each row's token count and the table's row count and average, as FTS5's bm25() reads them. */
export class RowSizes {
  /**
   * Each row's token count by rowid, -1 for no row: a refresh recomputes every score of a kept phrase (10,000 at
   * 10,000 concepts) and a Map lookup per row cost more than the rest of it.
   */
  private dense = new Int32Array(0);
  private readonly far = new Map<number, number>();
  /** FTS5's row count (N) and average row length, from its averages record. */
  rows = 0;
  avgdl = 0;
  private readonly idfs = new Map<number, number>();

  /** Every row's size, read once (~10,000 small records at 10,000 concepts). */
  constructor(private readonly db: Database) {
    db.each<{ id: number; sz: Uint8Array }>('select id, sz from concepts_fts_docsize', [], (r) =>
      this.set(r.id, sum(varints(r.sz))),
    );
    this.readTotals();
  }

  /** A row's token count (D), or undefined for a row not in the index. */
  size(rowid: number): number | undefined {
    if (rowid >= 0 && rowid < this.dense.length) {
      const d = this.dense[rowid];
      return d < 0 ? undefined : d;
    }
    return this.far.get(rowid);
  }

  /** After a change: the touched rows' sizes read again (gone ones dropped), and the totals. */
  update(touched: Iterable<number>): void {
    for (const id of touched) {
      const row = this.db.get<{ sz: Uint8Array }>('select sz from concepts_fts_docsize where id = ?', [id]);
      this.set(id, row ? sum(varints(row.sz)) : -1);
    }
    this.readTotals();
  }

  /** Records a row's size (-1: the row is gone). */
  private set(rowid: number, size: number): void {
    if (rowid < 0 || rowid > MAX_DENSE_ROWID || !Number.isInteger(rowid)) {
      if (size < 0) this.far.delete(rowid);
      else this.far.set(rowid, size);
      return;
    }
    if (rowid >= this.dense.length) {
      if (size < 0) return;
      const grown = new Int32Array(Math.min(MAX_DENSE_ROWID + 1, Math.max(rowid + 1, this.dense.length * 2, 1024)));
      grown.fill(-1);
      grown.set(this.dense);
      this.dense = grown;
    }
    this.dense[rowid] = size;
  }

  /** FTS5's idf of a phrase on `n` rows of this table (ftsIdf). */
  idf(n: number): number {
    let idf = this.idfs.get(n);
    if (idf === undefined) {
      idf = ftsIdf(this.db, this.rows, n);
      this.idfs.set(n, idf);
    }
    return idf;
  }

  /** The averages record (rowid 1 of the data table): the row count, then each column's token total. */
  private readTotals(): void {
    const block = this.db.get<{ block: Uint8Array }>('select block from concepts_fts_data where id = 1')?.block;
    const values = block ? varints(block) : [0];
    this.rows = values[0];
    this.avgdl = sum(values.slice(1)) / values[0];
    this.idfs.clear();
  }
}

/** FTS5's idf of a phrase on `n` of `rows` rows: ln((rows − n + 0.5) / (n + 0.5)) by SQLite's ln(), clamped to 1e-6. */
export function ftsIdf(db: Database, rows: number, n: number): number {
  const x = db.get<{ x: number }>('select ln(?) as x', [(rows - n + 0.5) / (n + 0.5)])!.x;
  return x <= 0 ? 1e-6 : x;
}

/** Names of the connection's own log of the concept rows written (temp: never part of wiki.db). */
const TOUCHED = 'temp.okf_bm25_touched';

/**
 * Starts logging the rowid of every concept row inserted, deleted or updated, whichever code path writes it: FTS5's
 * rows are the concepts table's rows (external content), so a row FTS5 scores differently is one logged here. A row
 * SQLite deletes to resolve a REPLACE conflict on `path` fires no delete trigger (recursive_triggers is off): the
 * before-triggers log the row holding the new path, or a kept phrase would keep a row FTS5 no longer has.
 */
export function logTouchedRows(db: Database): void {
  db.exec(
    `create table if not exists ${TOUCHED} (id integer not null);
     create temp trigger if not exists okf_bm25_ins after insert on main.concepts
       begin insert into ${TOUCHED} values (new.rowid); end;
     create temp trigger if not exists okf_bm25_del after delete on main.concepts
       begin insert into ${TOUCHED} values (old.rowid); end;
     create temp trigger if not exists okf_bm25_upd after update on main.concepts
       begin insert into ${TOUCHED} values (old.rowid), (new.rowid); end;
     create temp trigger if not exists okf_bm25_ins_replaced before insert on main.concepts
       begin insert into ${TOUCHED} select rowid from main.concepts where path = new.path; end;
     create temp trigger if not exists okf_bm25_upd_replaced before update of path on main.concepts
       begin insert into ${TOUCHED} select rowid from main.concepts where path = new.path; end;`,
  );
}

/** The rows logged since the last call (each once), the log emptied. */
export function takeTouchedRows(db: Database): Set<number> {
  const ids = new Set(db.all<{ id: number }>(`select id from ${TOUCHED}`).map((r) => r.id));
  if (ids.size > 0) db.run(`delete from ${TOUCHED}`);
  return ids;
}

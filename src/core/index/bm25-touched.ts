// The weighted frequencies of a kept phrase in the rows a change touched, from FTS5 itself without walking the
// phrase's rows (bm25-cache.ts refreshes kept phrases with them): the touched rows' current text is indexed in a temp,
// contentless FTS5 table declared as concepts_fts is (its columns and tokenizer, read from its own declaration), and
// the phrase's bm25() there, over those few rows, is inverted as bm25-frequencies.ts inverts the main table's.
//
// Why: asking concepts_fts for a kept phrase's scores on the touched rows (`+rowid in (…)`) walked the phrase's whole
// row list, and bm25() walked it again to count its rows for the idf: 7–13 ms for a word on 10,000 pages at 10,000
// concepts, for each kept word of a question, on the first question to ask it after a save. Indexing a touched row
// here costs ~0.4 ms once per change (the bench's bodies, ~470 tokens), and each phrase then a few microseconds.
import { ftsIdf, invertScore, varints } from './bm25-frequencies';
import type { Database } from './sqlite';

/** The temp table's name (the connection's own: never part of wiki.db). */
const TABLE = 'okf_bm25_rows';

/** More touched rows than this are not indexed here: walking the phrase's rows in concepts_fts then costs less. */
export const MAX_INDEXED_ROWS = 64;

/** The touched rows' current text, indexed per state of the index, and each phrase's frequencies in them. */
export class TouchedRows {
  private state = -1;
  private readonly indexed = new Set<number>();
  /** Whether the temp table exists (undefined: not tried yet; false: concepts_fts's declaration was not understood). */
  private ready: boolean | undefined;

  constructor(private readonly db: Database) {}

  /**
   * Each of `rows` that holds `phrase` on `state` (the cache's count of index changes), with its weighted frequency
   * there; a row absent from the map holds the phrase no more, or is gone. Null when a frequency is not recovered
   * exactly (weights that are not whole numbers), or the table cannot be made: the caller falls back to concepts_fts.
   * Writes only to the temp table; the caller absorbs the change counter's move.
   */
  frequencies(state: number, phrase: string, weights: string, rows: ReadonlySet<number>): Map<number, number> | null {
    if (!this.prepare()) return null;
    if (state !== this.state) {
      if (this.indexed.size > 0) this.db.run(`insert into temp.${TABLE} (${TABLE}) values ('delete-all')`);
      this.indexed.clear();
      this.state = state;
    }
    const missing = [...rows].filter((id) => !this.indexed.has(id));
    if (missing.length > 0) {
      this.db.run(
        `insert into temp.${TABLE} (rowid, path, title, aliases, description, tags, body) select rowid, path, title, ` +
          'aliases, description, tags, body from main.concepts where rowid in (select value from json_each(?))',
        [JSON.stringify(missing)],
      );
      for (const id of missing) this.indexed.add(id);
    }
    const found = new Map<number, number>();
    if (this.indexed.size === 0) return found;
    // bm25() here reads this table's own row count, average and row sizes: the inversion takes the same ones.
    const { ids, values } = this.db.numberPairs(
      `select rowid, bm25(${TABLE}, ${weights}) from temp.${TABLE} where ${TABLE} match ?`,
      [phrase],
    );
    if (ids.length === 0) return found;
    const totals = varints(
      this.db.get<{ block: Uint8Array }>(`select block from temp.${TABLE}_data where id = 1`)?.block ??
        new Uint8Array(),
    );
    const avgdl = totals.slice(1).reduce((a, b) => a + b, 0) / totals[0];
    const idf = ftsIdf(this.db, totals[0], ids.length);
    const sizes = new Map(
      this.db
        .all<{ id: number; sz: Uint8Array }>(`select id, sz from temp.${TABLE}_docsize`)
        .map((r) => [r.id, varints(r.sz).reduce((a, b) => a + b, 0)]),
    );
    for (let i = 0; i < ids.length; i++) {
      if (!rows.has(ids[i])) continue;
      const d = sizes.get(ids[i]);
      const f = d === undefined ? undefined : invertScore(values[i], d, avgdl, idf);
      if (f === undefined) return null;
      found.set(ids[i], f);
    }
    return found;
  }

  /** Creates the temp table, declared as concepts_fts but contentless; false when that declaration is not read. */
  private prepare(): boolean {
    if (this.ready === undefined) {
      const args = ftsDeclaration(this.db);
      // Every argument but the external content's: the same columns in the same order, the same tokenizer.
      const kept = args
        ?.split(',')
        .map((a) => a.trim())
        .filter((a) => !/^content(_rowid)?\s*=/i.test(a));
      // Split at every comma: an argument with a comma inside quotes would come out unbalanced, and is refused.
      const balanced = (a: string) => (a.match(/'/g) ?? []).length % 2 === 0 && (a.match(/"/g) ?? []).length % 2 === 0;
      this.ready =
        kept !== undefined &&
        kept.every(balanced) &&
        kept.slice(0, 6).join(',') === 'path unindexed,title,aliases,description,tags,body';
      if (this.ready)
        this.db.exec(`create virtual table if not exists temp.${TABLE} using fts5(${kept!.join(', ')}, content = '')`);
    }
    return this.ready;
  }
}

/** The arguments `concepts_fts` was declared with (`using fts5(...)`'s text), or undefined when that is not read. */
export function ftsDeclaration(db: Database): string | undefined {
  const sql = db.get<{ sql: string }>(
    "select sql from main.sqlite_schema where type = 'table' and name = 'concepts_fts'",
  )?.sql;
  return sql ? /using\s+fts5\s*\(([^]*)\)\s*$/i.exec(sql)?.[1] : undefined;
}

// A canonical dump of every table, for comparing an incrementally maintained index with a fresh rebuild.
// The FTS index is dumped term by term (fts5vocab), keyed by path, so a stale or missing FTS entry shows up
// even though its text lives in `concepts`.
import { TABLES } from './schema';
import { rawDatabase, type WikiIndex } from './wiki-index';

/** Every row of every table, each table sorted, as JSON lines. */
export function dumpIndex(index: WikiIndex): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const db = rawDatabase(index);
  db.exec("create virtual table if not exists temp.okf_fts_terms using fts5vocab(main, 'concepts_fts', 'instance')");
  try {
    for (const table of TABLES) {
      const rows = db.all(
        table === 'concepts_fts'
          ? 'select c.path, v.term, v.col, v.offset from temp.okf_fts_terms v left join concepts c on c.rowid = v.doc'
          : `select * from ${table}`,
      );
      out[table] = rows
        .map((row) =>
          JSON.stringify(row, (_key, value: unknown) =>
            value instanceof Uint8Array ? Array.from(value).join(',') : value,
          ),
        )
        .sort();
    }
  } finally {
    db.exec('drop table if exists temp.okf_fts_terms');
  }
  return out;
}

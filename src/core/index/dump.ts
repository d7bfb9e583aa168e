// A canonical dump of every table, for comparing an incrementally maintained index with a fresh rebuild.
import { TABLES } from './schema';
import type { WikiIndex } from './wiki-index';

/** Every row of every table, each table sorted by all its columns, as JSON lines. */
export function dumpIndex(index: WikiIndex): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const table of TABLES) {
    const rows = index.db.all(table === 'concepts_fts' ? 'select path, title, aliases, description, tags, body from concepts_fts' : `select * from ${table}`);
    out[table] = rows
      .map((row) =>
        JSON.stringify(row, (_key, value: unknown) => (value instanceof Uint8Array ? Array.from(value).join(',') : value)),
      )
      .sort();
  }
  return out;
}

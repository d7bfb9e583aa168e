// Every concept's catalog fields (retrieval/catalog.ts builds its title list and concept map from them), read from
// SQLite or from the catalog section wiki.db carries after its database (snapshot.ts). Reading them from SQLite was
// most of the catalog's cost in a cold CLI question at 10,000 concepts (a JSON string built row by row in WASM);
// the section is that same string, written with the database it was read from, under the same checksum. The section
// also carries the files' recorded stats (`files`, what a catch-up compares: recorded-stats.ts), for the same reason.
import type { ConceptInfoRow } from './read-queries';
import { Checksum, sealTrailer, trailer, TRAILER_ROOM } from './snapshot';
import type { Database } from './sqlite';

/** The fields, in the order each row lists them. */
const COLUMNS = [
  'path',
  'title',
  'type',
  'aliases',
  'trust',
  'status',
  'stale_after',
  'superseded_by',
  'superseded_at',
  'generated_at',
] as const;

const ROWS_SQL =
  `select json_group_array(json_array(${COLUMNS.join(', ')})) as j ` +
  `from (select ${COLUMNS.join(', ')} from concepts order by path)`;
const PATHS_SQL = 'select json_group_array(path) as j from (select path from concepts order by path)';
/** Every file's path, mtime, size and ctime, as four flat JSON arrays in one pass (in the table's order, by path). */
export const FILE_STATS_SQL =
  'select json_group_array(path) as p, json_group_array(mtime) as m, json_group_array(size) as s, ' +
  'json_group_array(ctime) as c from files';
const TRUST = new Set(['human-reviewed', 'machine-confirmed', 'unverified']);

/** The rows as one JSON array of arrays (COLUMNS order), in path order, as SQLite gives them. */
function rowsJson(db: Database): string {
  return db.get<{ j: string }>(ROWS_SQL)?.j ?? '[]';
}

/** The catalog section of each database loaded from a wiki.db, until the catalog is first read. */
const loadedSections = new WeakMap<Database, string>();

/** Keeps the catalog section of the wiki.db `db` was loaded from (its checksum matched), for catalogRows. */
export function keepSection(db: Database, section: string): void {
  loadedSections.set(db, section);
}

/** The key of the files' stats in a section, written last (catalogSection). */
const FILES_KEY = ',"files":';

/**
 * The files' stats of the section kept for `db`, parsed alone: the rows are parsed when the catalog is read (the whole
 * section parsed for the stats cost a cold question's catch-up 72 ms of CPU against 15, and its answer no less). A key
 * is the only place its unescaped quotes can be, so the last one is the section's own.
 */
function keptFiles(db: Database): unknown {
  const text = loadedSections.get(db);
  const at = text?.lastIndexOf(FILES_KEY) ?? -1;
  if (text === undefined || at < 0 || !text.endsWith('}')) return undefined;
  try {
    return JSON.parse(text.slice(at + FILES_KEY.length, -1));
  } catch {
    return undefined;
  }
}

/** The files' recorded stats, in four columns of one length; a path's stats are at its position. */
export interface FileStatColumns {
  readonly paths: readonly string[];
  readonly mtimes: readonly (number | null)[];
  readonly sizes: readonly (number | null)[];
  readonly ctimes: readonly (number | null)[];
}

/**
 * The recorded stats the section of the wiki.db `db` was loaded from holds, while the index is as loaded (`asLoaded`:
 * no file applied or removed, no stat recorded since), else undefined (also when the section has none, as one written
 * by an older version, or not of their shape): the caller reads them from SQLite (`FILE_STATS_SQL`). They are the
 * `files` table's own as the export read them, under the checksum that vouches for that table.
 */
export function loadedFileStats(db: Database, asLoaded: boolean): FileStatColumns | undefined {
  const files = asLoaded ? keptFiles(db) : undefined;
  if (!Array.isArray(files) || files.length !== 4 || !files.every((c) => Array.isArray(c))) return undefined;
  const [paths, mtimes, sizes, ctimes] = files as unknown[][];
  const n = paths.length;
  if (mtimes.length !== n || sizes.length !== n || ctimes.length !== n) return undefined;
  const stat = (v: unknown) => v === null || typeof v === 'number';
  for (let i = 0; i < n; i++)
    if (typeof paths[i] !== 'string' || !stat(mtimes[i]) || !stat(sizes[i]) || !stat(ctimes[i])) return undefined;
  return { paths, mtimes, sizes, ctimes } as FileStatColumns;
}

/**
 * Every concept's catalog fields, in path order: from the section `db` was loaded with when it is unchanged since
 * (`asLoaded`) and the section stands for it, otherwise from SQLite. The section is read once: the catalog caches
 * what it builds, and any change to the index makes it stale.
 */
export function catalogRows(db: Database, asLoaded: boolean): ConceptInfoRow[] {
  const section = loadedSections.get(db);
  loadedSections.delete(db);
  return (asLoaded && section !== undefined && rowsFromSection(db, section)) || named(JSON.parse(rowsJson(db)));
}

/**
 * The catalog section of the wiki.db being written: the rows as SQLite gives them, with the columns they hold
 * (a version whose columns differ reads the rows from SQLite instead), then the files' recorded stats (an older
 * version ignores that key).
 */
function catalogSection(db: Database): Uint8Array {
  const f = db.get<{ p: string; m: string; s: string; c: string }>(FILE_STATS_SQL);
  const files = f === undefined ? '[[],[],[],[]]' : `[${f.p},${f.m},${f.s},${f.c}]`;
  return new TextEncoder().encode(`{"columns":${JSON.stringify(COLUMNS)},"rows":${rowsJson(db)},"files":${files}}`);
}

/** The wiki.db bytes of `db`: the database, its catalog section, then the trailer with their checksum. */
export function exportFile(db: Database): Uint8Array {
  const section = catalogSection(db);
  return sealTrailer(db.export(section.byteLength + TRAILER_ROOM), section);
}

/** The bytes exportFile gives, handed to `sink` in pieces (each valid only during the call). */
export function exportFileTo(db: Database, sink: (piece: Uint8Array) => void): void {
  const section = catalogSection(db);
  const sum = new Checksum(db.byteLength() + section.byteLength);
  db.exportTo((piece) => {
    sum.update(piece);
    sink(piece);
  });
  sink(section);
  sink(trailer(sum.update(section).digest(), section.byteLength));
}

/**
 * The rows a loaded wiki.db's catalog section holds, or undefined when they cannot stand for SQLite's: another
 * version's columns, or not the concepts the database holds (a file written by another tool, with a recomputed
 * checksum). Each field is checked for its type, so a forged section cannot put a number where a title goes.
 */
function rowsFromSection(db: Database, section: string): ConceptInfoRow[] | undefined {
  let parsed: { columns?: unknown; rows?: unknown };
  try {
    parsed = JSON.parse(section) as typeof parsed;
  } catch {
    return undefined;
  }
  if (JSON.stringify(parsed.columns) !== JSON.stringify(COLUMNS) || !Array.isArray(parsed.rows)) return undefined;
  const rows = parsed.rows as unknown[];
  const paths = JSON.parse(db.get<{ j: string }>(PATHS_SQL)?.j ?? '[]') as string[];
  if (paths.length !== rows.length) return undefined;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    if (!Array.isArray(row) || row.length !== COLUMNS.length || row[0] !== paths[i]) return undefined;
    for (let c = 1; c < 5; c++) if (typeof row[c] !== 'string') return undefined;
    for (let c = 5; c < COLUMNS.length; c++) if (row[c] !== null && typeof row[c] !== 'string') return undefined;
    if (!TRUST.has(row[4] as string)) return undefined;
  }
  return named(rows);
}

/**
 * Rows of COLUMNS-ordered values as objects keyed by column name. Written out (one object literal, the keys in COLUMNS
 * order, typed so that a field missing here fails to compile): keys added in a loop cost a cold question ~8 ms more at
 * 10,000 concepts.
 */
function named(rows: unknown): ConceptInfoRow[] {
  return (rows as unknown[][]).map((row) => {
    const out: ConceptInfoRow = {
      path: row[0] as string,
      title: row[1] as string,
      type: row[2] as string,
      aliases: row[3] as string,
      trust: row[4] as ConceptInfoRow['trust'],
      status: row[5] as string | null,
      stale_after: row[6] as string | null,
      superseded_by: row[7] as string | null,
      superseded_at: row[8] as string | null,
      generated_at: row[9] as string | null,
    };
    return out;
  });
}

// The exact-schema check run on a wiki.db before any query touches its tables: every object in
// `sqlite_schema` (type, name, table, SQL) must be one a fresh index of this version creates, and every one of
// those must be there. A trigger added to a table (rows rewritten as they are read back into an answer), a
// view named like a table (a recursive one hangs the first query), an extra index or table: all refused, and
// the index is rebuilt from the concept files. The expected set is derived by creating the schema in memory,
// never copied by hand, so it follows schema.ts.
import { INDEX_FORMAT, SCHEMA_SQL, SCHEMA_VERSION } from './schema';
import { Database } from './sqlite';

/** One row of sqlite_schema, as compared. */
interface SchemaObject {
  readonly type: string;
  readonly name: string;
  readonly tbl_name: string;
  readonly sql: string | null;
}

const SCHEMA_QUERY = 'select type, name, tbl_name, sql from sqlite_schema';
/** The objects of an attached database `schema` (the previous wiki.db a rebuild carries vectors from). */
const schemaQuery = (schema: string) => `select type, name, tbl_name, sql from ${schema}.sqlite_schema`;
const keyOf = (o: SchemaObject) => `${o.type} ${o.name}`;

/** The start of the reason a wiki.db written by a newer schema version is not used (schemaProblem, load.ts). */
export const NEWER_VERSION = 'written by a newer version';

/** True when a load problem's reason says the file was written by a newer schema version than this one reads. */
export function writtenByNewer(reason: string): boolean {
  return reason.startsWith(NEWER_VERSION);
}

let expectedPromise: Promise<Map<string, SchemaObject>> | undefined;

/** The objects a fresh, empty index of this version has (computed once per process). */
export function expectedSchema(): Promise<Map<string, SchemaObject>> {
  expectedPromise ??= (async () => {
    const db = await Database.open();
    try {
      db.exec(SCHEMA_SQL);
      return new Map(db.all<SchemaObject>(SCHEMA_QUERY).map((o) => [keyOf(o), o]));
    } finally {
      db.close();
    }
  })();
  return expectedPromise;
}

/**
 * Why `db` (or its attached database `schema`) is not exactly our schema, or undefined when it is. Reads only
 * `sqlite_schema` (which runs nothing the file defines) until the shape is known; then, for a clear message, the
 * version in `meta` when `meta` is exactly our table and the file holds no trigger or view.
 */
export async function schemaProblem(db: Database, schema = 'main'): Promise<string | undefined> {
  const expected = await expectedSchema();
  const found = new Map(db.all<SchemaObject>(schemaQuery(schema)).map((o) => [keyOf(o), o]));
  const differences: string[] = [];
  for (const [key, object] of found) {
    const wanted = expected.get(key);
    if (!wanted)
      differences.push(`unexpected ${key}${object.tbl_name !== object.name ? ` on ${object.tbl_name}` : ''}`);
    else if (wanted.sql !== object.sql || wanted.tbl_name !== object.tbl_name)
      differences.push(`${key} is defined differently`);
  }
  for (const key of expected.keys()) if (!found.has(key)) differences.push(`${key} is missing`);
  if (differences.length === 0) return undefined;

  const executable = [...found.values()].some((o) => o.type === 'trigger' || o.type === 'view');
  const metaIsOurs = found.get('table meta')?.sql === expected.get('table meta')?.sql;
  if (!metaIsOurs) return 'not an OKF Graph Wiki index';
  if (!executable) {
    const meta = new Map(
      db.all<{ key: string; value: string }>(`select key, value from ${schema}.meta`).map((r) => [r.key, r.value]),
    );
    if (meta.get('format') !== INDEX_FORMAT) return 'not an OKF Graph Wiki index';
    const version = Number(meta.get('schema_version'));
    if (version > SCHEMA_VERSION) return `${NEWER_VERSION} (schema ${version}, this version reads ${SCHEMA_VERSION})`;
    if (version !== SCHEMA_VERSION) return `schema version ${meta.get('schema_version')}, expected ${SCHEMA_VERSION}`;
  }
  const shown = differences.sort().slice(0, 3).join(', ');
  const more = differences.length > 3 ? ` and ${differences.length - 3} more` : '';
  return `not the exact schema this version writes (${shown}${more})`;
}

/**
 * The schema version of the attached database `schema` when it is an OKF Graph Wiki index of another version whose
 * `tables` (with their indexes) and `meta` are exactly this version's, and which holds no trigger or view: a rebuild
 * may read those tables from it. Undefined otherwise. Reads only `sqlite_schema` until that is known.
 */
export async function versionWithSameTables(
  db: Database,
  schema: string,
  tables: readonly string[],
): Promise<number | undefined> {
  const expected = await expectedSchema();
  const kept = new Set(['meta', ...tables]);
  const found = db.all<SchemaObject>(schemaQuery(schema));
  if (found.some((o) => o.type === 'trigger' || o.type === 'view')) return undefined;
  const mine = (objects: Iterable<SchemaObject>) =>
    [...objects]
      .filter((o) => kept.has(o.tbl_name))
      .map((o) => `${keyOf(o)} ${o.tbl_name} ${o.sql}`)
      .sort();
  if (mine(found).join('\n') !== mine(expected.values()).join('\n')) return undefined;
  const meta = new Map(
    db.all<{ key: string; value: string }>(`select key, value from ${schema}.meta`).map((r) => [r.key, r.value]),
  );
  const version = Number(meta.get('schema_version'));
  return meta.get('format') === INDEX_FORMAT && Number.isInteger(version) ? version : undefined;
}

// Loading a persisted wiki.db into a Database, with every check WikiIndex.load promises (see its comment): size,
// checksum trailer, header, exact schema, format and version, and the full checks when there is no checksum.
import { INDEX_FORMAT, SCHEMA_VERSION, TABLES } from './schema';
import { checksum, oversizedReason, readSnapshot, type Persisted, type PersistedFile } from './snapshot';
import { keepSection } from './catalog-rows';
import { Database } from './sqlite';
import { schemaProblem } from './verify-schema';

/**
 * The database of a persisted wiki.db, or why it is not used. `meanwhile` is called once a file read in another
 * thread (`readIntoLater`) is under way, to start work that runs on this one while it is read; that work must not
 * touch the engine, and the call must not throw. It is not called when the file is not read that way.
 */
export async function loadDatabase(
  persisted: Persisted,
  meanwhile?: () => void,
): Promise<Database | { readonly reason: string }> {
  const oversized = oversizedReason('wiki.db', persisted.byteLength);
  if (oversized) return { reason: oversized };
  const file: PersistedFile =
    persisted instanceof Uint8Array
      ? { byteLength: persisted.byteLength, readInto: (t) => t.set(persisted) }
      : persisted;
  let intact = false;
  let catalog: string | undefined;
  let unreadable: string | undefined;
  let db: Database;
  try {
    // Read straight into the engine's memory, checked there: the bytes are never held twice.
    db = await Database.fromFill(file.byteLength, async (target, view) => {
      try {
        if (file.readIntoLater) {
          const reading = file.readIntoLater(target);
          // Settled before anything else, even if `meanwhile` throws: fromFill frees `target` once this returns, and a
          // read still under way would write into freed memory (and its failure go unhandled).
          try {
            meanwhile?.();
          } finally {
            await reading;
          }
        } else file.readInto(target);
      } catch (error) {
        // The shell's message names the file.
        unreadable = (error as Error).message;
        throw error;
      }
      // Taken again: an await lies between (readIntoLater), after which the first view may be detached.
      const snapshot = readSnapshot(view());
      intact = snapshot.checked !== undefined && snapshot.recorded === checksum(snapshot.checked);
      if (snapshot.recorded !== undefined && !intact) {
        unreadable = 'its checksum does not match its bytes: changed or damaged since it was written';
        throw new Error(unreadable);
      }
      // Decoded now: the bytes after the database are SQLite's to reuse once it has them.
      if (snapshot.section?.byteLength) catalog = new TextDecoder().decode(snapshot.section);
      return snapshot.database.byteLength;
    });
  } catch (error) {
    return { reason: unreadable ?? (error as Error).message };
  }
  try {
    // The schema first: until it is known to be exactly ours, no query may touch a table (a view could hang it).
    const problem = await schemaProblem(db);
    if (problem) throw new Error(problem);
    if (!intact) db.quickCheck();
    const rows = db.all<{ key: string; value: string }>('select key, value from meta');
    const meta = new Map(rows.map((r) => [r.key, r.value]));
    if (meta.get('format') !== INDEX_FORMAT) throw new Error('not an OKF Graph Wiki index');
    const version = Number(meta.get('schema_version'));
    if (version > SCHEMA_VERSION)
      throw new Error(`written by a newer version (schema ${version}, this version reads ${SCHEMA_VERSION})`);
    if (version !== SCHEMA_VERSION)
      throw new Error(`schema version ${meta.get('schema_version')}, expected ${SCHEMA_VERSION}`);
    if (!intact) {
      for (const table of TABLES) db.get(`select count(*) as n from ${table}`);
      // The FTS index must agree with the concepts it indexes; a file damaged by another tool must not answer.
      db.run("insert into concepts_fts (concepts_fts, rank) values ('integrity-check', 1)");
    }
    // The catalog section, under the same checksum, stands in for the catalog's first query (catalog-rows.ts).
    if (catalog !== undefined) keepSection(db, catalog);
    return db;
  } catch (error) {
    db.close();
    return { reason: (error as Error).message.replace(/^SQLITE_\w+: sqlite3 result code \d+: /, '') };
  }
}

// Loading a persisted wiki.db into a Database, with every check WikiIndex.load promises (see its comment): size,
// checksum trailer, header, exact schema, format and version, and the full checks when there is no checksum.
import { INDEX_FORMAT, SCHEMA_VERSION, TABLES } from './schema';
import { checksum, oversizedReason, readSnapshot, type Persisted, type PersistedFile } from './snapshot';
import { keepSection } from './catalog-rows';
import { checkHeader, HEADER_BYTES } from './file-header';
import { checksumMatches, openInPlace } from './in-place-file';
import { WikiDbChanged } from './reader-vfs';
import { Database, type Row } from './sqlite';
import { schemaProblem } from './verify-schema';

const CHECKSUM_MISMATCH = 'its checksum does not match its bytes: changed or damaged since it was written';

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
  if (file.readInPlace && file.openReader) {
    // Called once even when the file is then read whole (it changed while checked in place).
    const first = meanwhile;
    let called = false;
    if (first) meanwhile = () => void (called || ((called = true), first()));
    const opened = await loadInPlace(file, meanwhile);
    const result = opened === 'whole' || 'reason' in opened ? opened : await checked(opened.db, true, opened.catalog);
    // Written in place after its checksum pass (found in the schema checks): loaded whole as it now is, checked again.
    if (result !== 'whole' && result !== 'changed') return result;
  }
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
        unreadable = CHECKSUM_MISMATCH;
        throw new Error(unreadable);
      }
      // Decoded now: the bytes after the database are SQLite's to reuse once it has them.
      if (snapshot.section?.byteLength) catalog = new TextDecoder().decode(snapshot.section);
      return snapshot.database.byteLength;
    });
  } catch (error) {
    return { reason: unreadable ?? (error as Error).message };
  }
  const result = await checked(db, intact, catalog);
  return result === 'changed' ? { reason: 'it changed while it was read' } : result;
}

/**
 * The checks after the bytes are SQLite's (`intact`: their checksum matched), then `db`, or why it is not used;
 * 'changed' when a file read in place was written since its checksum pass (WikiDbChanged).
 */
async function checked(
  db: Database,
  intact: boolean,
  catalog?: string,
): Promise<Database | { reason: string } | 'changed'> {
  try {
    // The schema first: until it is known to be exactly ours, no query may touch a table (a view could hang it).
    const problem = await schemaProblem(db);
    if (problem) throw new Error(problem);
    if (!intact) quickCheck(db);
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
    if (error instanceof WikiDbChanged) return 'changed';
    return { reason: (error as Error).message.replace(/^SQLITE_\w+: sqlite3 result code \d+: /, '') };
  }
}

/**
 * wiki.db opened where it lies (Database.inPlace: a question reads the pages it needs, not 127 MB) once the checksum
 * over every byte, read a piece at a time into one small buffer, matched; 'whole' when it has no trailer or cannot be
 * opened so (the load reads it whole, which also says why it cannot be read) or it changed while checked.
 */
async function loadInPlace(
  file: PersistedFile,
  meanwhile?: () => void,
): Promise<{ db: Database; catalog?: string } | { reason: string } | 'whole'> {
  const opened = openInPlace(file);
  if (opened === 'whole' || opened === 'unusable') return 'whole';
  const { reader, databaseBytes, checkedBytes } = opened;
  let catalog: string | undefined;
  try {
    meanwhile?.();
    if (!checksumMatches(opened)) throw new Error(CHECKSUM_MISMATCH);
    const header = new Uint8Array(HEADER_BYTES);
    reader.readAt(header, 0);
    const section = new Uint8Array(checkedBytes - databaseBytes);
    reader.readAt(section, databaseBytes);
    // The checksum vouched for the bytes as they were: read again since, they must be the same file unchanged. If
    // another tool wrote it meanwhile, the current file is loaded whole, with all its checks (its vectors kept, where
    // a load problem would rebuild without them).
    if (reader.unchanged && !reader.unchanged()) {
      reader.close();
      return 'whole';
    }
    if (section.byteLength) catalog = new TextDecoder().decode(section);
    try {
      checkHeader(header, databaseBytes);
    } catch (error) {
      throw new Error(`not a readable SQLite database: ${(error as Error).message}`);
    }
  } catch (error) {
    reader.close();
    return { reason: (error as Error).message };
  }
  try {
    return { db: await Database.inPlace(databaseBytes, reader), catalog };
  } catch (error) {
    // Written in place since the checksum pass: the load reads the file whole as it now is.
    return error instanceof WikiDbChanged ? 'whole' : { reason: (error as Error).message };
  }
}

/**
 * SQLite's page-by-page check (`pragma quick_check`): seconds on a large file, so it runs only when the bytes are not
 * known to be exactly what this tool wrote. Throws, saying what SQLite found.
 */
function quickCheck(db: Database): void {
  let check: Row[];
  try {
    check = db.all('pragma quick_check');
  } catch (error) {
    const message = (error as Error).message.replace(/^SQLITE_\w+: sqlite3 result code \d+: /, '');
    throw new Error(`not a readable SQLite database: ${message}`);
  }
  if (check.length !== 1 || check[0].quick_check !== 'ok')
    throw new Error(`not a readable SQLite database: integrity check failed: ${String(check[0]?.quick_check)}`);
}

// A database opened where its file lies (reader-vfs.ts, read-only): SQLite reads only the pages a query needs,
// where a load into memory reads, and the kernel maps, every byte (127 MB at 10,000 concepts, of which a lexical
// question needs a few). The connection stays writable: before the first write, `materialize` reads the whole file
// into the engine's memory and makes it the connection's main database (`sqlite3_deserialize`), so what the
// connection holds in temp (caches' tables and triggers) is kept; the triggers are created again, as
// deserializing leaves them listed but no longer firing. The caller vouched for the bytes (their checksum)
// before opening; each read fails once the file changed since (`FileReader.unchanged`), never answering from
// other bytes.
import type { Database as WasmDatabase, Sqlite3Static } from '@sqlite.org/sqlite-wasm';
import { changedWhileRead, serveFile, WikiDbChanged } from './reader-vfs';
import type { FileReader } from './snapshot';

/** The main database of a connection, read in place until `materialize`. */
export interface InPlaceMain {
  readonly db: WasmDatabase;
  /** Reads the whole file into memory as the connection's main database; throws inside a transaction. */
  materialize(): void;
  /** Forgets the file and closes the reader (after the connection closed, or once materialized). */
  close(): void;
  /** Why the last read of the file failed, naming it (SQLite says only "disk I/O error"); undefined once closed. */
  readonly problem: () => Error | undefined;
}

/** Opens the first `byteLength` bytes read through `reader` (the reader is this object's to close, also on a throw). */
export function openInPlaceMain(sqlite3: Sqlite3Static, byteLength: number, reader: FileReader): InPlaceMain {
  const { uri, release, problem } = serveFile(sqlite3, byteLength, reader, true);
  let open = true;
  const close = () => {
    if (!open) return;
    open = false;
    release();
    reader.close();
  };
  // SQLite's error of a failed read says only "disk I/O error": the VFS's names the file and the problem.
  const failed = (error: unknown) => {
    const named = problem();
    close();
    return named ?? error;
  };
  let db: WasmDatabase;
  try {
    db = new sqlite3.oo1.DB(uri, 'w');
  } catch (error) {
    throw failed(error);
  }
  try {
    // Temp tables and sorts in memory, as they are on an in-memory main database (the VFS creates no other file).
    db.exec('pragma temp_store = memory');
    // The schema read here, where a failed read is named: its first page and every definition (none is run).
    db.exec('select name from sqlite_schema');
  } catch (error) {
    db.close();
    throw failed(error);
  }
  return {
    db,
    materialize: () => {
      const { capi, wasm } = sqlite3;
      // Deserializing reattaches main, which SQLite refuses inside a transaction: writes begin outside one (sqlite.ts).
      if (!capi.sqlite3_get_autocommit(db)) throw new Error('the index was first written inside a transaction');
      const pointer = wasm.alloc(byteLength);
      try {
        reader.readAt(wasm.heap8u().subarray(pointer, pointer + byteLength), 0);
        if (reader.unchanged && !reader.unchanged()) throw new WikiDbChanged(changedWhileRead(reader));
      } catch (error) {
        wasm.dealloc(pointer);
        throw error;
      }
      const flags = capi.SQLITE_DESERIALIZE_FREEONCLOSE | capi.SQLITE_DESERIALIZE_RESIZEABLE;
      // With FREEONCLOSE, SQLite frees the buffer even when deserializing fails.
      const rc = capi.sqlite3_deserialize(db, 'main', pointer, byteLength, byteLength, flags);
      if (rc !== 0) throw new Error(`sqlite3_deserialize failed (${rc})`);
      close();
      relinkTempTriggers(db);
    },
    close,
    problem,
  };
}

/**
 * Temp triggers on main's tables (the caches' change logs) survive `sqlite3_deserialize` in sqlite_temp_schema but
 * stay attached to the main tables it replaced, so they no longer fire: a cache would keep scores or vectors of rows
 * since written. Created again, they attach to the tables now read.
 */
function relinkTempTriggers(db: WasmDatabase): void {
  const triggers: { name: string; sql: string }[] = [];
  db.exec({
    sql: "select name, sql from sqlite_temp_schema where type = 'trigger' order by name",
    rowMode: 'object',
    callback: (row) => void triggers.push(row as unknown as { name: string; sql: string }),
  });
  if (triggers.length === 0) return;
  const create = /^\s*create\s+(?:temp\s+|temporary\s+)?trigger\s+(?:if\s+not\s+exists\s+)?/i;
  db.exec('savepoint okf_relink');
  try {
    for (const { name, sql } of triggers) {
      db.exec(`drop trigger temp."${name.replace(/"/g, '""')}"`);
      db.exec(sql.replace(create, 'create temp trigger '));
    }
    db.exec('release okf_relink');
  } catch (error) {
    db.exec('rollback to okf_relink; release okf_relink');
    throw error;
  }
}

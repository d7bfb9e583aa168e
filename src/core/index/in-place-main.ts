// A database opened where its file lies (reader-vfs.ts, read-only): SQLite reads only the pages a query needs,
// where a load into memory reads, and the kernel maps, every byte (127 MB at 10,000 concepts, of which a lexical
// question needs a few). The connection stays writable: before the first write, `materialize` reads the whole file
// into the engine's memory and makes it the connection's main database (`sqlite3_deserialize`), so what the
// connection holds in temp (caches' triggers and tables) is kept. The caller vouched for the bytes (their checksum)
// before opening; each read fails once the file changed since (`FileReader.unchanged`), never answering from
// other bytes.
import type { Database as WasmDatabase, Sqlite3Static } from '@sqlite.org/sqlite-wasm';
import { serveFile } from './reader-vfs';
import type { FileReader } from './snapshot';

/** The main database of a connection, read in place until `materialize`. */
export interface InPlaceMain {
  readonly db: WasmDatabase;
  /** Reads the whole file into memory as the connection's main database; throws inside a transaction. */
  materialize(): void;
  /** Forgets the file and closes the reader (after the connection closed, or once materialized). */
  close(): void;
}

/** Opens the first `byteLength` bytes read through `reader` (the reader is this object's to close, also on a throw). */
export function openInPlaceMain(sqlite3: Sqlite3Static, byteLength: number, reader: FileReader): InPlaceMain {
  const { uri, release } = serveFile(sqlite3, byteLength, reader, true);
  let open = true;
  const close = () => {
    if (!open) return;
    open = false;
    release();
    reader.close();
  };
  let db: WasmDatabase;
  try {
    db = new sqlite3.oo1.DB(uri, 'w');
  } catch (error) {
    close();
    throw error;
  }
  try {
    // Temp tables and sorts in memory, as they are on an in-memory main database (the VFS creates no other file).
    db.exec('pragma temp_store = memory');
  } catch (error) {
    db.close();
    close();
    throw error;
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
        if (reader.unchanged && !reader.unchanged()) throw new Error('wiki.db changed while it was read');
      } catch (error) {
        wasm.dealloc(pointer);
        throw error;
      }
      const flags = capi.SQLITE_DESERIALIZE_FREEONCLOSE | capi.SQLITE_DESERIALIZE_RESIZEABLE;
      // With FREEONCLOSE, SQLite frees the buffer even when deserializing fails.
      const rc = capi.sqlite3_deserialize(db, 'main', pointer, byteLength, byteLength, flags);
      if (rc !== 0) throw new Error(`sqlite3_deserialize failed (${rc})`);
      close();
    },
    close,
  };
}

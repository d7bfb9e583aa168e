// The one module that talks to SQLite: the official WASM build (@sqlite.org/sqlite-wasm), in memory, with
// FTS5 and JSON1. Its bytes are inlined by the builds (esbuild `binary` loader), so the plugin, the CLI and
// the tests run the same engine. Everything else uses the small Database class below, so the engine is swappable.
import type { Database as WasmDatabase, PreparedStatement, Sqlite3Static } from '@sqlite.org/sqlite-wasm';

import { checkFileSize } from './file-header';
import { engine } from './sqlite-engine';
import { openInPlaceMain, type InPlaceMain } from './in-place-main';
import { RawCalls, type Row, type SqlValue } from './raw-statement';
import { serveFile, WikiDbChanged } from './reader-vfs';
import type { FileReader } from './snapshot';

export type { Row, SqlValue } from './raw-statement';

/** SQL that writes only the connection's temp database (no write of main), in one or more statements. */
const TEMP_ONLY =
  /^\s*(create\s+(temp\b|(virtual\s+)?table\s+if\s+not\s+exists\s+temp\.)|drop\s+table\s+if\s+exists\s+temp\.)/i;

/** A prepared statement that can be run many times (bulk inserts). */
export interface Statement {
  run(params: readonly SqlValue[]): void;
  finalize(): void;
}

/** A statement prepared once, with its pointer and result column names (read once: they cost a call each). */
interface Cached {
  readonly stmt: PreparedStatement;
  readonly pointer: number;
  readonly names: readonly string[];
}

/** An in-memory SQLite database. Every value reaches SQL as a bound parameter. */
export class Database {
  /** Prepared statements by SQL text: preparing costs more than running for the small statements used here. */
  private readonly statements = new Map<string, Cached>();
  private readonly raw: RawCalls;
  /** Set while the main database is read where its file lies (`inPlace`), until the first write. */
  private lazy: InPlaceMain | undefined;

  private constructor(
    private readonly sqlite3: Sqlite3Static,
    private readonly db: WasmDatabase,
  ) {
    this.raw = new RawCalls(sqlite3);
  }

  /** Opens an empty in-memory database. */
  static async open(): Promise<Database> {
    const sqlite3 = await engine();
    return new Database(sqlite3, new sqlite3.oo1.DB(':memory:', 'c'));
  }

  /**
   * Opens a database from the bytes of a SQLite file (`wiki.db`). Throws when the bytes are not a SQLite
   * database; callers treat that as "rebuild from the concept files". Checks the header and the size only:
   * the caller checks the schema, then the pages when it has no checksum to rely on (`quickCheck`).
   */
  static async fromBytes(bytes: Uint8Array): Promise<Database> {
    return Database.fromFill(bytes.byteLength, (target) => {
      target.set(bytes);
      return bytes.byteLength;
    });
  }

  /**
   * As fromBytes, for bytes written straight into the engine's memory: `fill` gets a buffer of `size` bytes there,
   * fills it and returns how many of them are the database (the rest is ignored). Its error is passed on, the buffer
   * freed. After an await, `fill` takes the buffer again from `view`: a growth of the engine's memory detaches views.
   */
  static async fromFill(size: number, fill: (target: Uint8Array, view: () => Uint8Array) => number | Promise<number>) {
    const sqlite3 = await engine();
    if (size === 0) throw new Error('not a readable SQLite database: empty file');
    const pointer = sqlite3.wasm.alloc(size);
    const view = () => sqlite3.wasm.heap8u().subarray(pointer, pointer + size);
    let length: number;
    try {
      length = await fill(view(), view);
    } catch (error) {
      sqlite3.wasm.dealloc(pointer);
      throw error;
    }
    const db = new sqlite3.oo1.DB(':memory:', 'c');
    let owned = false;
    try {
      if (length === 0) throw new Error('empty file');
      checkFileSize(sqlite3.wasm.heap8u().subarray(pointer, pointer + length));
      const { capi } = sqlite3;
      const rc = capi.sqlite3_deserialize(
        db,
        'main',
        pointer,
        length,
        size,
        capi.SQLITE_DESERIALIZE_FREEONCLOSE | capi.SQLITE_DESERIALIZE_RESIZEABLE,
      );
      // With FREEONCLOSE, SQLite frees the buffer even when deserializing fails.
      owned = true;
      if (rc !== 0) throw new Error(`sqlite3_deserialize failed (${rc})`);
      const opened = new Database(sqlite3, db);
      // Reading the schema forces SQLite to check the header and parse every definition; it runs none of them.
      opened.all('select name from sqlite_schema');
      return opened;
    } catch (error) {
      if (!owned) sqlite3.wasm.dealloc(pointer);
      try {
        db.close();
      } catch {
        /* already unusable */
      }
      throw new Error(`not a readable SQLite database: ${(error as Error).message}`);
    }
  }

  /**
   * Opens the database of a file read through `reader` (its first `byteLength` bytes) where it lies: SQLite reads the
   * pages its queries need, never the whole file, until the first write reads it whole (in-place-main.ts). The caller
   * checked the bytes (checksum, header) before; as fromBytes, the schema is read here. The reader is the database's.
   */
  static async inPlace(byteLength: number, reader: FileReader): Promise<Database> {
    const sqlite3 = await engine();
    let opened: Database | undefined;
    try {
      const main = openInPlaceMain(sqlite3, byteLength, reader);
      opened = new Database(sqlite3, main.db);
      opened.raw.ioProblem = (opened.lazy = main).problem;
      opened.all('select name from sqlite_schema');
      return opened;
    } catch (error) {
      opened?.close();
      if (error instanceof WikiDbChanged) throw error;
      throw new Error(`not a readable SQLite database: ${(error as Error).message}`);
    }
  }

  /** True while the main database is still read in place (no write yet). For tests. */
  get readInPlace(): boolean {
    return this.lazy !== undefined;
  }

  /** Before a write: the main database read whole into memory, if it was read in place. */
  private writable(): void {
    if (!this.lazy) return;
    this.finalizeStatements();
    this.lazy.materialize();
    this.lazy = undefined;
  }

  /** Runs one or more statements without results (schema changes: cached statements are dropped first). */
  exec(sql: string): void {
    // Temp tables and triggers (the caches') are the connection's own; anything else may write main.
    if (this.lazy && !TEMP_ONLY.test(sql)) this.writable();
    if (!/^\s*(begin|commit|rollback)\b/i.test(sql)) this.finalizeStatements();
    this.db.exec(sql);
  }

  /** Runs one statement with parameters. */
  run(sql: string, params: readonly SqlValue[] = []): void {
    this.steps(sql, params);
  }

  /** All rows of a query, as objects keyed by column name. */
  all<T = Row>(sql: string, params: readonly SqlValue[] = []): T[] {
    const rows: T[] = [];
    this.steps(sql, params, (row) => rows.push(row as T));
    return rows;
  }

  /** Calls `fn` with each row of a query as it is read: no array of every row (the rows can die young). */
  each<T = Row>(sql: string, params: readonly SqlValue[], fn: (row: T) => void): void {
    this.steps(sql, params, fn as (row: Row) => void);
  }

  /**
   * Runs a statement: each row to `onRow`, or one step without it. A write to a main database read in place is
   * refused by SQLite before it changes anything (and outside a transaction: `transaction` reads it whole first), so
   * the statement then runs again once the database is read whole.
   */
  private steps(sql: string, params: readonly SqlValue[], onRow?: (row: Row) => void): void {
    try {
      this.stepsOnce(sql, params, onRow);
    } catch (error) {
      if (!this.lazy || !/^SQLITE_READONLY\b/.test((error as Error).message)) throw error;
      this.writable();
      this.stepsOnce(sql, params, onRow);
    }
  }

  private stepsOnce(sql: string, params: readonly SqlValue[], onRow?: (row: Row) => void): void {
    const { pointer, names } = this.statement(sql);
    const db = this.db.pointer as number;
    try {
      if (params.length) this.raw.bind(db, pointer, params);
      if (!onRow) this.raw.step(db, pointer);
      else while (this.raw.step(db, pointer)) onRow(this.raw.row(pointer, names));
    } finally {
      this.raw.reset(pointer);
    }
  }

  /**
   * The rows of a query of two numeric columns (an integer id, then a double), read straight into typed arrays:
   * no object per row, exact doubles (for scores that are summed afterwards).
   */
  numberPairs(sql: string, params: readonly SqlValue[] = []): { ids: Float64Array; values: Float64Array } {
    const { pointer } = this.statement(sql);
    const db = this.db.pointer as number;
    let ids = new Float64Array(64);
    let values = new Float64Array(64);
    let n = 0;
    try {
      if (params.length) this.raw.bind(db, pointer, params);
      while (this.raw.step(db, pointer)) {
        if (n === ids.length) {
          const grownIds = new Float64Array(n * 2);
          grownIds.set(ids);
          ids = grownIds;
          const grownValues = new Float64Array(n * 2);
          grownValues.set(values);
          values = grownValues;
        }
        ids[n] = this.raw.double(pointer, 0);
        values[n] = this.raw.double(pointer, 1);
        n++;
      }
    } finally {
      this.raw.reset(pointer);
    }
    return { ids: ids.subarray(0, n), values: values.subarray(0, n) };
  }

  private statement(sql: string): Cached {
    let cached = this.statements.get(sql);
    if (!cached) {
      const stmt = this.db.prepare(sql);
      cached = { stmt, pointer: stmt.pointer as number, names: stmt.columnCount ? stmt.getColumnNames() : [] };
      this.statements.set(sql, cached);
    }
    return cached;
  }

  /** Finalizes cached statements (before schema changes that would invalidate them, and on close). */
  private finalizeStatements(): void {
    for (const { stmt } of this.statements.values()) stmt.finalize();
    this.statements.clear();
  }

  /** The first row of a query, or undefined. */
  get<T = Row>(sql: string, params: readonly SqlValue[] = []): T | undefined {
    return this.all<T>(sql, params)[0];
  }

  /** A statement prepared once and run many times. */
  prepare(sql: string): Statement {
    this.writable();
    const stmt = this.db.prepare(sql);
    return {
      run(params: readonly SqlValue[]) {
        stmt.bind(params as SqlValue[]);
        stmt.stepReset();
        stmt.clearBindings();
      },
      finalize() {
        stmt.finalize();
      },
    };
  }

  /** Runs `fn` in a transaction: all of it or none of it. */
  transaction<T>(fn: () => T): T {
    this.writable();
    this.db.exec('begin');
    try {
      const result = fn();
      this.db.exec('commit');
      return result;
    } catch (error) {
      this.db.exec('rollback');
      throw error;
    }
  }

  /**
   * The database as SQLite file bytes (what `wiki.db` holds), followed by `spare` zero bytes for the caller. Read
   * page by page (`sqlite_dbpage`) into one buffer: `sqlite3_serialize` first copies the whole database inside the
   * engine's memory, which then stays that much larger for the life of the process, and its copy was copied again.
   */
  export(spare = 0): Uint8Array {
    const { pageSize, pages } = this.pageLayout();
    const out = new Uint8Array(pageSize * pages + spare);
    this.eachPage(pageSize, pages, (pageNumber, copyInto) => copyInto(out, (pageNumber - 1) * pageSize));
    return out;
  }

  /** The length of the database's file bytes (what `export` gives before its spare bytes). */
  byteLength(): number {
    const { pageSize, pages } = this.pageLayout();
    return pageSize * pages;
  }

  /**
   * The bytes `export` gives, handed to `sink` in order, in pieces of whole pages of at most `pieceBytes` (one buffer,
   * reused: a piece is valid only during the call), so a shell writes wiki.db without holding a copy of all of it.
   */
  exportTo(sink: (piece: Uint8Array) => void, pieceBytes = 4 * 1024 * 1024): void {
    const { pageSize, pages } = this.pageLayout();
    const buffer = new Uint8Array(Math.max(1, Math.floor(pieceBytes / pageSize)) * pageSize);
    let filled = 0;
    // eachPage visits the pages in order (it checks), so each piece is the next bytes of the file.
    this.eachPage(pageSize, pages, (_pageNumber, copyInto) => {
      copyInto(buffer, filled);
      filled += pageSize;
      if (filled === buffer.byteLength) {
        sink(buffer);
        filled = 0;
      }
    });
    if (filled > 0) sink(buffer.subarray(0, filled));
  }

  private pageLayout(): { pageSize: number; pages: number } {
    const pageSize = Number(this.get<{ page_size: number }>('pragma page_size')!.page_size);
    const pages = Number(this.get<{ page_count: number }>('pragma page_count')!.page_count);
    return { pageSize, pages };
  }

  /**
   * Calls `visit` for every page in page-number order, with a function copying the page's bytes into a target at
   * an offset; throws unless there are exactly `pages` pages of `pageSize` bytes, numbered 1 to `pages`.
   */
  private eachPage(
    pageSize: number,
    pages: number,
    visit: (pageNumber: number, copyInto: (target: Uint8Array, offset: number) => void) => void,
  ): void {
    const { pointer } = this.statement('select pgno, data from sqlite_dbpage');
    const db = this.db.pointer as number;
    const copyInto = (target: Uint8Array, offset: number) => {
      if (this.raw.blobInto(pointer, 1, target, offset) !== pageSize) throw new Error('export: a page of another size');
    };
    let seen = 0;
    try {
      while (this.raw.step(db, pointer)) {
        const pageNumber = this.raw.integer(pointer, 0);
        if (pageNumber !== seen + 1) throw new Error(`export: page ${pageNumber} where page ${seen + 1} was expected`);
        visit(pageNumber, copyInto);
        seen++;
      }
    } finally {
      this.raw.reset(pointer);
    }
    if (seen !== pages) throw new Error(`export: ${seen} pages read, the database has ${pages}`);
  }

  /** The database bytes as SQLite's own `sqlite3_serialize` gives them (what `export` must equal; for tests). */
  serialize = (): Uint8Array => this.sqlite3.capi.sqlite3_js_db_export(this.db);

  /** Attaches a file read through `reader` as the read-only database `schema` (reader-vfs.ts). Returns the detach. */
  attachFile(schema: string, byteLength: number, reader: FileReader): () => void {
    const { uri, release } = serveFile(this.sqlite3, byteLength, reader);
    try {
      this.exec(`attach '${uri}' as ${schema}`);
    } catch (error) {
      release();
      throw error;
    }
    return () => {
      try {
        this.exec(`detach ${schema}`);
      } finally {
        release();
      }
    };
  }

  /** Grows the engine's memory by `bytes` in one step if it can (see insertNewFiles); never throws. */
  reserve(bytes: number): void {
    try {
      this.sqlite3.wasm.dealloc(this.sqlite3.wasm.alloc(bytes));
    } catch {
      /* then it grows as SQLite allocates, as before */
    }
  }

  /** Whether a transaction is open (SQLite's autocommit mode is off). */
  inTransaction = (): boolean => this.sqlite3.capi.sqlite3_get_autocommit(this.db) === 0;

  /** The SQLite library version, e.g. `3.54.1`. */
  version = (): string => this.sqlite3.version.libVersion;

  close(): void {
    this.finalizeStatements();
    this.raw.dispose();
    try {
      this.db.close();
    } finally {
      this.lazy?.close();
    }
  }
}

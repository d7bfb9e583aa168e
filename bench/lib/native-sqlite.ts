// The index's Database surface over native SQLite (better-sqlite3), so the benchmark runs the very same
// WikiIndex code — the same inserts, the same FTS5 queries — on both engines and reports the ratio.
import type { Database, Row, SqlValue, Statement } from '../../src/core/index/sqlite';
import { WikiIndex } from '../../src/core/index/wiki-index';
import { INDEX_FORMAT, SCHEMA_SQL, SCHEMA_VERSION } from '../../src/core/index/schema';

/** The part of better-sqlite3's API used here (the package ships no types; a dev-only tool needs no more). */
interface NativeStatement {
  readonly reader: boolean;
  run(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
  get(...params: unknown[]): unknown;
  iterate(...params: unknown[]): IterableIterator<unknown>;
  raw(toggle: boolean): NativeStatement;
}
interface Native {
  exec(sql: string): void;
  prepare(sql: string): NativeStatement;
  transaction<T>(fn: () => T): () => T;
  serialize(): Buffer;
  readonly inTransaction: boolean;
  close(): void;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a native addon, loaded only by the benchmark
const BetterSqlite3 = require('better-sqlite3') as new (path: string) => Native;

const toNative = (params: readonly SqlValue[]) =>
  params.map((p) => (p instanceof Uint8Array ? Buffer.from(p.buffer, p.byteOffset, p.byteLength) : p));

class NativeDatabase {
  private readonly statements = new Map<string, NativeStatement>();

  constructor(private readonly db: Native) {}

  exec(sql: string): void {
    this.db.exec(sql);
  }

  run(sql: string, params: readonly SqlValue[] = []): void {
    this.statement(sql).run(...toNative(params));
  }

  all<T = Row>(sql: string, params: readonly SqlValue[] = []): T[] {
    const stmt = this.statement(sql);
    return (stmt.reader ? stmt.all(...toNative(params)) : (stmt.run(...toNative(params)), [])) as T[];
  }

  get<T = Row>(sql: string, params: readonly SqlValue[] = []): T | undefined {
    return this.all<T>(sql, params)[0];
  }

  /** As Database.each: `fn` called with each row as it is read. */
  each<T = Row>(sql: string, params: readonly SqlValue[], fn: (row: T) => void): void {
    for (const row of this.statement(sql).iterate(...toNative(params))) fn(row as T);
  }

  /** As Database.numberPairs: an integer id and a double per row, in typed arrays. */
  numberPairs(sql: string, params: readonly SqlValue[] = []): { ids: Float64Array; values: Float64Array } {
    const rows = this.db
      .prepare(sql)
      .raw(true)
      .all(...toNative(params)) as [number, number][];
    return { ids: Float64Array.from(rows, (r) => r[0]), values: Float64Array.from(rows, (r) => r[1]) };
  }

  prepare(sql: string): Statement {
    const stmt = this.db.prepare(sql);
    return { run: (params) => void stmt.run(...toNative(params)), finalize: () => undefined };
  }

  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn)();
  }

  export(): Uint8Array {
    return this.db.serialize();
  }

  /** As Database.inTransaction (the BM25 doclist reader asks FTS5 instead while a transaction is open). */
  inTransaction(): boolean {
    return this.db.inTransaction;
  }

  version(): string {
    return (this.db.prepare('select sqlite_version() as v').get() as { v: string }).v;
  }

  close(): void {
    this.db.close();
  }

  private statement(sql: string): NativeStatement {
    let stmt = this.statements.get(sql);
    if (!stmt) {
      stmt = this.db.prepare(sql);
      this.statements.set(sql, stmt);
    }
    return stmt;
  }
}

/** An empty WikiIndex (current schema) whose tables live in native, in-memory SQLite. */
export function createNativeIndex(): WikiIndex {
  const db = new NativeDatabase(new BetterSqlite3(':memory:'));
  db.exec(SCHEMA_SQL);
  db.run('insert into meta (key, value) values (?, ?), (?, ?)', [
    'format',
    INDEX_FORMAT,
    'schema_version',
    String(SCHEMA_VERSION),
  ]);
  // WikiIndex's constructor is private to keep callers on create()/load(); the benchmark swaps the engine under it.
  const Ctor = WikiIndex as unknown as new (db: Database) => WikiIndex;
  return new Ctor(db as unknown as Database);
}

/** The native SQLite library version. */
export function nativeVersion(): string {
  const db = new BetterSqlite3(':memory:');
  try {
    return (db.prepare('select sqlite_version() as v').get() as { v: string }).v;
  } finally {
    db.close();
  }
}

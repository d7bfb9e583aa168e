// Binding parameters, stepping and reading rows through the engine's raw exports instead of its oo1 wrapper.
// Why: the wrapper checks and converts every value through several layers (a bind costs ~1 µs of JavaScript
// before SQLite does anything), which made the JavaScript around SQLite cost more than SQLite itself on a full
// build (~470,000 values bound at 10,000 concepts) and on the query path. The values reach SQLite with exactly
// the types the wrapper gives them, and rows come back exactly as its `get({})` returns them (see the notes).
import type { Sqlite3Static } from '@sqlite.org/sqlite-wasm';

/** A bound SQL parameter. */
export type SqlValue = string | number | null | Uint8Array;
export type Row = Record<string, SqlValue>;

/** The C functions used here, as the engine exports them (pointers are 32-bit numbers, int64 is bigint). */
interface Exports {
  sqlite3_bind_null(stmt: number, i: number): number;
  sqlite3_bind_int(stmt: number, i: number, v: number): number;
  sqlite3_bind_int64(stmt: number, i: number, v: bigint): number;
  sqlite3_bind_double(stmt: number, i: number, v: number): number;
  sqlite3_bind_text(stmt: number, i: number, p: number, n: number, destructor: number): number;
  sqlite3_bind_blob(stmt: number, i: number, p: number, n: number, destructor: number): number;
  sqlite3_bind_parameter_count(stmt: number): number;
  sqlite3_clear_bindings(stmt: number): number;
  sqlite3_step(stmt: number): number;
  sqlite3_reset(stmt: number): number;
  sqlite3_column_count(stmt: number): number;
  sqlite3_column_type(stmt: number, i: number): number;
  sqlite3_column_int64(stmt: number, i: number): bigint;
  sqlite3_column_double(stmt: number, i: number): number;
  sqlite3_column_text(stmt: number, i: number): number;
  sqlite3_column_blob(stmt: number, i: number): number;
  sqlite3_column_bytes(stmt: number, i: number): number;
  sqlite3_malloc(n: number): number;
  sqlite3_free(p: number): void;
}

const SQLITE_ROW = 100;
const SQLITE_DONE = 101;
/** SQLite copies the bound bytes before the call returns, so the scratch buffer can be reused at once. */
const SQLITE_TRANSIENT = -1;
const INTEGER = 1;
const FLOAT = 2;
const TEXT = 3;
const BLOB = 4;

/** The longest string bound by a loop in JavaScript when it is ASCII (longer ones: `encodeInto`, see `encode`). */
const SHORT_STRING = 64;

// Created on first use: some hosts (jsdom under jest) define TextEncoder only after this module has loaded.
let encoder: TextEncoder | undefined;
let decoder: TextDecoder | undefined;

/** Binds, steps and reads rows of prepared statements (by pointer) of one engine instance. */
export class RawCalls {
  private readonly x: Exports;
  private scratch = 0;
  private capacity = 0;
  private bytes: Uint8Array = new Uint8Array(0);
  /** Why a read of a database in place failed, naming its file, as the error to throw (Database.inPlace sets it). */
  ioProblem: (() => Error | undefined) | undefined;

  constructor(private readonly sqlite3: Sqlite3Static) {
    this.x = sqlite3.wasm.exports as Exports;
  }

  /** Binds `params` to parameters 1..n of `stmt` (as oo1's `bind(array)` would). */
  bind(db: number, stmt: number, params: readonly SqlValue[]): void {
    const x = this.x;
    if (params.length > x.sqlite3_bind_parameter_count(stmt))
      throw new Error(`Bind index ${params.length} is out of range.`);
    for (let i = 0; i < params.length; i++) {
      const v = params[i];
      const n = i + 1;
      let rc: number;
      if (v === null || v === undefined) rc = x.sqlite3_bind_null(stmt, n);
      else if (typeof v === 'string') {
        const p = this.room(v.length * 3);
        rc = x.sqlite3_bind_text(stmt, n, p, this.encode(v, p), SQLITE_TRANSIENT);
      } else if (typeof v === 'number') {
        // The wrapper's choice: 32-bit integers as int, other integers as int64, the rest as double.
        if (v === (v | 0)) rc = x.sqlite3_bind_int(stmt, n, v);
        else if (Number.isInteger(v)) rc = x.sqlite3_bind_int64(stmt, n, BigInt(v));
        else rc = x.sqlite3_bind_double(stmt, n, v);
      } else if (v instanceof Uint8Array) {
        const p = this.room(v.byteLength);
        this.heap().set(v, p);
        rc = x.sqlite3_bind_blob(stmt, n, p, v.byteLength, SQLITE_TRANSIENT);
      } else throw new Error(`Unsupported bind() argument type: ${typeof v}`);
      if (rc !== 0) this.fail(db, rc);
    }
  }

  /**
   * Writes `v` as UTF-8 at `p` in the engine's memory (room for 3 bytes per UTF-16 unit); returns the bytes written.
   * A short ASCII string (paths, ids, names, dates: most values a build binds) is copied by this loop, its bytes its
   * code units: `encodeInto`'s call into the host cost more than the copy. Anything else goes to `encodeInto`, from
   * the start: a lone surrogate becomes U+FFFD, as the wrapper's TextEncoder makes it.
   */
  private encode(v: string, p: number): number {
    const heap = this.heap();
    const length = v.length;
    if (length <= SHORT_STRING) {
      let i = 0;
      for (; i < length; i++) {
        const unit = v.charCodeAt(i);
        if (unit >= 0x80) break;
        heap[p + i] = unit;
      }
      if (i === length) return length;
    }
    return (encoder ??= new TextEncoder()).encodeInto(v, heap.subarray(p, p + length * 3)).written;
  }

  /** Steps once: true when a row is available, false when done; throws SQLite's error otherwise. */
  step(db: number, stmt: number): boolean {
    const rc = this.x.sqlite3_step(stmt);
    if (rc === SQLITE_ROW) return true;
    if (rc === SQLITE_DONE) return false;
    return this.fail(db, rc);
  }

  /** Resets the statement and clears its bindings, ready for the next call. */
  reset(stmt: number): void {
    this.x.sqlite3_clear_bindings(stmt);
    this.x.sqlite3_reset(stmt);
  }

  /**
   * The current row as an object keyed by `names` (the statement's column names). As oo1's `get({})`: integers
   * as numbers (bigint beyond 2^53), text decoded whole (NUL bytes kept), blobs copied out of the engine.
   */
  row(stmt: number, names: readonly string[]): Row {
    const x = this.x;
    const out: Row = {};
    for (let i = 0; i < names.length; i++) {
      const type = x.sqlite3_column_type(stmt, i);
      let v: SqlValue;
      if (type === INTEGER) {
        const big = x.sqlite3_column_int64(stmt, i);
        const num = Number(big);
        v = Number.isSafeInteger(num) ? num : (big as unknown as number);
      } else if (type === FLOAT) v = x.sqlite3_column_double(stmt, i);
      else if (type === TEXT) {
        const p = x.sqlite3_column_text(stmt, i);
        const n = x.sqlite3_column_bytes(stmt, i);
        v = (decoder ??= new TextDecoder()).decode(this.heap().subarray(p, p + n));
      } else if (type === BLOB) {
        const n = x.sqlite3_column_bytes(stmt, i);
        const p = x.sqlite3_column_blob(stmt, i);
        v = n ? this.heap().slice(p, p + n) : new Uint8Array(0);
      } else v = null;
      out[names[i]] = v;
    }
    return out;
  }

  /** Column `i` of the current row as a number (an integer column: a page number, a count). */
  integer(stmt: number, i: number): number {
    return Number(this.x.sqlite3_column_int64(stmt, i));
  }

  /** Column `i` of the current row as a double (SQLite converts an integer; exact below 2^53). */
  double(stmt: number, i: number): number {
    return this.x.sqlite3_column_double(stmt, i);
  }

  /** Copies the blob in column `i` of the current row into `target` at `offset`; returns its length. */
  blobInto(stmt: number, i: number, target: Uint8Array, offset: number): number {
    const n = this.x.sqlite3_column_bytes(stmt, i);
    const p = this.x.sqlite3_column_blob(stmt, i);
    if (n) target.set(this.heap().subarray(p, p + n), offset);
    return n;
  }

  /** Frees the scratch buffer (the database closes). */
  dispose(): void {
    if (this.scratch) this.x.sqlite3_free(this.scratch);
    this.scratch = 0;
    this.capacity = 0;
  }

  /**
   * The engine's memory as bytes. The view is kept: growing the memory detaches its buffer, which leaves a view of it
   * empty, and then a new one is taken. The wrapper's `heap8u()` asks the memory for its buffer at every call, a call
   * into the host that cost more than copying most values bound.
   */
  private heap(): Uint8Array {
    if (this.bytes.length === 0) this.bytes = this.sqlite3.wasm.heap8u();
    return this.bytes;
  }

  /** A scratch buffer of at least `bytes` bytes in the engine's memory (grown, never shrunk). */
  private room(bytes: number): number {
    if (bytes > this.capacity || this.scratch === 0) {
      if (this.scratch) this.x.sqlite3_free(this.scratch);
      const size = Math.max(1024, bytes, this.capacity * 2);
      this.scratch = this.x.sqlite3_malloc(size);
      if (!this.scratch) throw new Error(`out of memory binding ${bytes} bytes`);
      this.capacity = size;
    }
    return this.scratch;
  }

  /** Throws SQLite's error for `rc` as the wrapper words it ("SQLITE_…: sqlite3 result code N: message"). */
  private fail(db: number, rc: number): never {
    // An I/O error (primary code SQLITE_IOERR, 10) of a file read in place: its VFS knows the file and the problem.
    const problem = (rc & 0xff) === 10 ? this.ioProblem?.() : undefined;
    if (problem) throw problem;
    this.sqlite3.oo1.DB.checkRc(db, rc);
    throw new Error(`sqlite3 result code ${rc}`);
  }
}

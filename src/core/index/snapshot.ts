// The wiki.db file format around SQLite's bytes: the database, then a 24-byte trailer holding a checksum of
// the database bytes, written by `WikiIndex.export`. SQLite itself ignores bytes past the page count in its
// header, so every SQLite tool still opens the file; a tool that edits it in place leaves the old trailer,
// which then no longer matches. The checksum is what makes a load cheap: bytes that are exactly what this
// tool wrote skip SQLite's page-by-page checks (seconds at 10,000 concepts). It proves integrity, not origin:
// anyone can recompute it, so the schema is checked on every load regardless (see verify-schema.ts).

/**
 * The largest wiki.db read: far above a real index (10,000 concepts with vectors: ~150 MB). A bigger file is a damaged
 * cache.
 */
export const MAX_WIKI_DB_BYTES = 1024 * 1024 * 1024;

const MAGIC = 'okfwsum1';
const TRAILER_BYTES = 24;

/**
 * A wiki.db a shell can hand over without reading it first: its size, and a synchronous read of all of it into
 * a buffer the engine provides (its own memory), so a 150 MB file is never held twice (the CLI, the MCP server).
 * `readInto` throws when the file cannot be read or is no longer `byteLength` bytes long.
 */
export interface PersistedFile {
  readonly byteLength: number;
  readInto(target: Uint8Array): void;
  /**
   * The file opened for reads at any position (a rebuild reads only the pages of vectors it carries, carry.ts);
   * a shell without it has the whole file read instead.
   */
  openReader?(): FileReader;
}

/** An open file read at positions, synchronously (SQLite's reads are). */
export interface FileReader {
  /** Fills all of `target` from byte `position` on; throws when the file cannot give that many bytes. */
  readAt(target: Uint8Array, position: number): void;
  /** False once the file may have been written since it was opened (a shell that can tell: Node, by fstat). */
  unchanged?(): boolean;
  close(): void;
}

/** wiki.db as a shell hands it over: its bytes, or a file to read into the engine. */
export type Persisted = Uint8Array | PersistedFile;

/** True for bytes or a file to read, false for a problem (`{ reason }`) a shell passed instead. */
export function isPersisted(value: Persisted | { readonly reason: string }): value is Persisted {
  return value instanceof Uint8Array || 'readInto' in value;
}

/** The database bytes of a wiki.db and the checksum recorded after them, if any. */
export interface Snapshot {
  readonly database: Uint8Array;
  /** Undefined when the file has no trailer (written by an older version or by another tool). */
  readonly recorded?: string;
}

/**
 * A 64-bit checksum of `bytes` (two multiply-rotate lanes over 32-bit words, then the tail): fast enough for
 * 150 MB in about a hundred milliseconds of plain JS, and any changed, moved or missing byte changes it.
 */
export function checksum(bytes: Uint8Array): string {
  return new Checksum(bytes.byteLength).update(bytes).digest();
}

/**
 * The checksum of `totalBytes` bytes given in order, piece by piece (wiki.db written as it is exported, never whole
 * in memory): the same value as `checksum` of the joined bytes. Every piece but the last is a multiple of 8 bytes.
 */
export class Checksum {
  private h1: number;
  private h2 = 0x85ebca77;
  private seen = 0;
  private ended = false;

  constructor(private readonly totalBytes: number) {
    this.h1 = 0x9e3779b1 ^ totalBytes;
  }

  /** Adds the next piece; throws after a piece that was not a multiple of 8 bytes, or past `totalBytes`. */
  update(bytes: Uint8Array): this {
    if (this.ended) throw new Error('checksum: a piece after the last one');
    if (this.seen + bytes.byteLength > this.totalBytes) throw new Error('checksum: more bytes than announced');
    this.seen += bytes.byteLength;
    const words = bytes.byteLength >>> 2;
    // A Uint32Array view needs 4-byte alignment; a Node Buffer from a pool may not have it (then copy once).
    const aligned = bytes.byteOffset % 4 === 0 ? bytes : bytes.slice();
    const view = new Uint32Array(aligned.buffer, aligned.byteOffset, words);
    let h1 = this.h1;
    let h2 = this.h2;
    for (let i = 0; i + 1 < words; i += 2) {
      h1 = Math.imul((h1 ^ view[i]) >>> 0, 0xcc9e2d51);
      h1 = (h1 << 15) | (h1 >>> 17);
      h2 = Math.imul((h2 ^ view[i + 1]) >>> 0, 0x1b873593);
      h2 = (h2 << 13) | (h2 >>> 19);
    }
    if (bytes.byteLength % 8 !== 0) {
      // The end: an odd word, then the bytes after the last whole word.
      this.ended = true;
      if (words % 2 === 1) h1 = Math.imul(h1 ^ view[words - 1], 0xcc9e2d51);
      for (let i = words * 4; i < bytes.byteLength; i++) h2 = Math.imul(h2 ^ bytes[i], 0x1b873593);
    }
    this.h1 = h1;
    this.h2 = h2;
    return this;
  }

  /** The checksum, once all `totalBytes` bytes were given. */
  digest(): string {
    if (this.seen !== this.totalBytes) throw new Error(`checksum: ${this.seen} of ${this.totalBytes} bytes given`);
    let { h1, h2 } = this;
    h1 = Math.imul(h1 ^ (h1 >>> 16), 0x85ebca6b) ^ Math.imul(h2 ^ (h2 >>> 13), 0xc2b2ae35);
    h2 = Math.imul(h2 ^ (h2 >>> 16), 0x85ebca6b) ^ Math.imul(h1 ^ (h1 >>> 13), 0xc2b2ae35);
    return (h1 >>> 0).toString(16).padStart(8, '0') + (h2 >>> 0).toString(16).padStart(8, '0');
  }
}

/** The room `sealTrailer` needs after the database bytes. */
export const TRAILER_ROOM = TRAILER_BYTES;

/** The wiki.db bytes: the database, then the trailer with its checksum. */
export function withTrailer(database: Uint8Array): Uint8Array {
  const out = new Uint8Array(database.byteLength + TRAILER_BYTES);
  out.set(database);
  return sealTrailer(out);
}

/** Writes the trailer into the last TRAILER_ROOM bytes of `file` (the database before them), without a copy. */
export function sealTrailer(file: Uint8Array): Uint8Array {
  const database = file.subarray(0, file.byteLength - TRAILER_BYTES);
  file.set(trailer(checksum(database)), database.byteLength);
  return file;
}

/** The trailer that follows database bytes whose checksum is `sum`. */
export function trailer(sum: string): Uint8Array {
  return new TextEncoder().encode(MAGIC + sum);
}

/** The checksum recorded in a wiki.db's last TRAILER_ROOM bytes, or undefined when they are no trailer. */
export function recordedChecksum(last: Uint8Array): string | undefined {
  if (last.byteLength !== TRAILER_BYTES) return undefined;
  const text = new TextDecoder().decode(last);
  return text.startsWith(MAGIC) && /^[0-9a-f]{16}$/.test(text.slice(MAGIC.length))
    ? text.slice(MAGIC.length)
    : undefined;
}

/** Splits a wiki.db into its database bytes and the recorded checksum (none when there is no trailer). */
export function readSnapshot(bytes: Uint8Array): Snapshot {
  if (bytes.byteLength < TRAILER_BYTES) return { database: bytes };
  const recorded = recordedChecksum(bytes.subarray(bytes.byteLength - TRAILER_BYTES));
  if (recorded === undefined) return { database: bytes };
  return { database: bytes.subarray(0, bytes.byteLength - TRAILER_BYTES), recorded };
}

/** Why a file of `size` bytes is not read as an index (it names the file), or undefined when it may be. */
export function oversizedReason(name: string, size: number, limit: number = MAX_WIKI_DB_BYTES): string | undefined {
  if (size <= limit) return undefined;
  return `${name} is ${size} bytes, over the ${limit}-byte limit for an index: a damaged cache, not read`;
}

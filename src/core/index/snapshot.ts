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

/** The first trailer: the checksum of the database bytes (24 bytes). Still read; no longer written. */
const MAGIC = 'okfwsum1';
const TRAILER_BYTES = 24;
/**
 * The trailer written now (32 bytes): the checksum of the database and the catalog section after it (catalog-rows.ts),
 * then the section's length in 8 hex digits. A version that knows only the first trailer rebuilds from the files.
 */
const MAGIC_WITH_SECTION = 'okfwsum2';
const SECTION_TRAILER_BYTES = 32;
const SECTION_TRAILER = new RegExp(`^${MAGIC_WITH_SECTION}([0-9a-f]{16})([0-9a-f]{8})$`);

/**
 * A wiki.db a shell can hand over without reading it first: its size, and a synchronous read of all of it into
 * a buffer the engine provides (its own memory), so a 150 MB file is never held twice (the CLI, the MCP server).
 * `readInto` throws when the file cannot be read or is no longer `byteLength` bytes long.
 */
export interface PersistedFile {
  readonly byteLength: number;
  readInto(target: Uint8Array): void;
  /**
   * As readInto, but read off this thread (Node: libuv's thread pool), so the caller works meanwhile: a CLI question
   * lists and stats the bundle while wiki.db is read. Nothing may grow the engine's memory before it settles.
   */
  readIntoLater?(target: Uint8Array): Promise<void>;
  /**
   * The file opened for reads at any position (a rebuild reads only the pages of vectors it carries, carry.ts);
   * a shell without it has the whole file read instead.
   */
  openReader?(): FileReader;
  /**
   * With openReader: the load may open the database where it lies (its checksum checked a piece at a time, then only
   * the pages queries need read, the whole file at the first write): a one-shot CLI question. Not for a process that
   * writes soon or asks much (the MCP server, a rebuild): they read it whole.
   */
  readonly readInPlace?: boolean;
}

/** An open file read at positions, synchronously (SQLite's reads are). */
export interface FileReader {
  /** Fills all of `target` from byte `position` on; throws when the file cannot give that many bytes. */
  readAt(target: Uint8Array, position: number): void;
  /** False once the file may have been written since it was opened (a shell that can tell: Node, by fstat). */
  unchanged?(): boolean;
  /** The file as messages name it (its path), when the shell knows it. */
  readonly name?: string;
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
  /** The bytes `recorded` is the checksum of: the database, then the section (absent without a trailer). */
  readonly checked?: Uint8Array;
  /** The catalog section between the database and the trailer (empty under the first trailer). */
  readonly section?: Uint8Array;
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

/** The room a trailer takes after the database and its section. */
export const TRAILER_ROOM = SECTION_TRAILER_BYTES;

const NO_SECTION = new Uint8Array(0);

/** The wiki.db bytes: the database, the section, then the trailer with their checksum. */
export function withTrailer(database: Uint8Array, section: Uint8Array = NO_SECTION): Uint8Array {
  const out = new Uint8Array(database.byteLength + section.byteLength + TRAILER_ROOM);
  out.set(database);
  return sealTrailer(out, section);
}

/**
 * Writes `section` and the trailer into the last `section.byteLength + TRAILER_ROOM` bytes of `file` (the database
 * before them), without a copy of the database.
 */
export function sealTrailer(file: Uint8Array, section: Uint8Array = NO_SECTION): Uint8Array {
  const checked = file.subarray(0, file.byteLength - TRAILER_ROOM);
  file.set(section, checked.byteLength - section.byteLength);
  file.set(trailer(checksum(checked), section.byteLength), checked.byteLength);
  return file;
}

/** The trailer after the database and a section of `sectionBytes` bytes, whose checksum is `sum`. */
export function trailer(sum: string, sectionBytes: number): Uint8Array {
  return new TextEncoder().encode(MAGIC_WITH_SECTION + sum + sectionBytes.toString(16).padStart(8, '0'));
}

/** Where a wiki.db's parts end, as its trailer says. */
export interface TrailerInfo {
  /** The checksum recorded. */
  readonly recorded: string;
  /** The database's bytes, from the start of the file. */
  readonly databaseBytes: number;
  /** The bytes the checksum covers, from the start of the file: the database, then the section. */
  readonly checkedBytes: number;
}

/**
 * The trailer of a file of `fileBytes` bytes whose last bytes are `last` (TRAILER_ROOM of them, or all of a shorter
 * file), or undefined when it has none.
 */
export function readTrailer(last: Uint8Array, fileBytes: number): TrailerInfo | undefined {
  const decoder = new TextDecoder();
  if (last.byteLength >= SECTION_TRAILER_BYTES) {
    const text = decoder.decode(last.subarray(last.byteLength - SECTION_TRAILER_BYTES));
    const match = SECTION_TRAILER.exec(text);
    const checkedBytes = fileBytes - SECTION_TRAILER_BYTES;
    if (match && parseInt(match[2], 16) <= checkedBytes)
      return { recorded: match[1], databaseBytes: checkedBytes - parseInt(match[2], 16), checkedBytes };
  }
  if (last.byteLength < TRAILER_BYTES) return undefined;
  const text = decoder.decode(last.subarray(last.byteLength - TRAILER_BYTES));
  if (!text.startsWith(MAGIC) || !/^[0-9a-f]{16}$/.test(text.slice(MAGIC.length))) return undefined;
  const databaseBytes = fileBytes - TRAILER_BYTES;
  return { recorded: text.slice(MAGIC.length), databaseBytes, checkedBytes: databaseBytes };
}

/** Splits a wiki.db into its database bytes, its section and the recorded checksum (none without a trailer). */
export function readSnapshot(bytes: Uint8Array): Snapshot {
  const found = readTrailer(bytes.subarray(Math.max(0, bytes.byteLength - TRAILER_ROOM)), bytes.byteLength);
  if (found === undefined) return { database: bytes };
  return {
    database: bytes.subarray(0, found.databaseBytes),
    recorded: found.recorded,
    checked: bytes.subarray(0, found.checkedBytes),
    section: bytes.subarray(found.databaseBytes, found.checkedBytes),
  };
}

/** Why a file of `size` bytes is not read as an index (it names the file), or undefined when it may be. */
export function oversizedReason(name: string, size: number, limit: number = MAX_WIKI_DB_BYTES): string | undefined {
  if (size <= limit) return undefined;
  return `${name} is ${size} bytes, over the ${limit}-byte limit for an index: a damaged cache, not read`;
}

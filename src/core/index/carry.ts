// A rebuild carries the vectors of unchanged concepts, the vector-gate calibrations and the embedding model's meta
// from the previous wiki.db. Read in place when the shell can read it at positions: the file is attached to the new
// index through reader-vfs.ts and SQLite copies the rows itself, so the old database is never whole in the engine's
// memory (~150 MB at 10,000 concepts) and the vectors never pass through JS. The checks are those of a load with a
// checksum (load.ts): the recorded checksum over every byte, the header, the exact schema, format and version; a file
// without a checksum needs SQLite's page checks over all of it, and is read whole as before (WikiIndex.load).
import type { VectorCalibration } from '../embed/calibrate';
import { checkHeader, HEADER_BYTES } from './file-header';
import { INDEX_FORMAT, SCHEMA_VERSION } from './schema';
import { Checksum, oversizedReason, readTrailer, TRAILER_ROOM, type FileReader, type Persisted } from './snapshot';
import type { Database } from './sqlite';
import { schemaProblem } from './verify-schema';
import { WikiIndex } from './wiki-index';

/** A previous wiki.db opened to be read in place: its database bytes (before the trailer) and their checksum. */
export interface InPlaceFile {
  readonly reader: FileReader;
  readonly databaseBytes: number;
  /** The bytes `recorded` covers: the database, then the catalog section after it (snapshot.ts). */
  readonly checkedBytes: number;
  readonly recorded: string;
}

/** The meta keys carried with the vectors (the model they were computed with, and its probe). */
export const CARRIED_META = ['embedding_model', 'embedding_probe'] as const;

/** Bytes read at a time while checking the checksum (a multiple of 8, as Checksum wants). */
const PIECE_BYTES = 4 * 1024 * 1024;

/** Reads `persisted` as a Uint8Array's reader: the plugin hands over the bytes it holds. */
function bytesReader(bytes: Uint8Array): FileReader {
  return {
    readAt: (target, position) => {
      if (position + target.byteLength > bytes.byteLength) throw new Error('read past the end');
      target.set(bytes.subarray(position, position + target.byteLength));
    },
    close: () => undefined,
  };
}

/**
 * The previous wiki.db opened to be read in place; `whole` when it must be read whole instead (no checksum trailer,
 * or a shell that cannot read at positions); `unusable` when it cannot be read at all (nothing is carried, as a
 * load that fails carries nothing).
 */
export function openInPlace(persisted: Persisted): InPlaceFile | 'whole' | 'unusable' {
  if (oversizedReason('wiki.db', persisted.byteLength)) return 'unusable';
  if (persisted.byteLength < TRAILER_ROOM + HEADER_BYTES) return 'whole';
  let reader: FileReader;
  if (persisted instanceof Uint8Array) reader = bytesReader(persisted);
  else if (persisted.openReader) {
    try {
      reader = persisted.openReader();
    } catch {
      return 'unusable';
    }
  } else return 'whole';
  try {
    const last = new Uint8Array(TRAILER_ROOM);
    reader.readAt(last, persisted.byteLength - TRAILER_ROOM);
    const found = readTrailer(last, persisted.byteLength);
    if (found !== undefined) return { reader, ...found };
    reader.close();
    return 'whole';
  } catch {
    reader.close();
    return 'unusable';
  }
}

/**
 * Carries into `to` what the previous wiki.db holds for concepts unchanged since (same path and content hash), then
 * closes the file. Returns how many vectors; 0, carrying nothing, when the file fails any check or a read.
 */
export async function carryInPlace(to: WikiIndex, file: InPlaceFile): Promise<number> {
  const carried = await withPreviousAttached(to, file, (db) => copyCarried(to, db));
  if (carried === undefined) return 0;
  to.touch();
  return carried;
}

/**
 * Runs `body` in one transaction over `to`'s database with `file` attached as `previous`, once it passed every check
 * of a load with a checksum, then closes the file. Undefined, with nothing changed, when the file fails a check or a
 * read (or `body` throws).
 */
export async function withPreviousAttached<T>(
  to: WikiIndex,
  file: InPlaceFile,
  body: (db: Database) => T,
): Promise<T | undefined> {
  try {
    if (!checksumMatches(file)) return undefined;
    const header = new Uint8Array(HEADER_BYTES);
    file.reader.readAt(header, 0);
    checkHeader(header, file.databaseBytes);
    const db = WikiIndex.rawDatabase(to);
    const detach = db.attachFile('previous', file.databaseBytes, file.reader);
    try {
      if ((await schemaProblem(db, 'previous')) !== undefined || !isOurs(db)) return undefined;
      return db.transaction(() => {
        const done = body(db);
        // The checksum vouched for the bytes read before the copy: a write in place since voids what SQLite read.
        if (file.reader.unchanged && !file.reader.unchanged()) throw new Error('changed while it was read');
        return done;
      });
    } finally {
      detach();
    }
  } catch {
    return undefined;
  } finally {
    file.reader.close();
  }
}

/** The recorded checksum against every byte it covers, read a piece at a time (never the whole file at once). */
function checksumMatches(file: InPlaceFile): boolean {
  const sum = new Checksum(file.checkedBytes);
  const piece = new Uint8Array(Math.min(PIECE_BYTES, file.checkedBytes));
  for (let at = 0; at < file.checkedBytes; at += piece.byteLength) {
    const view = piece.subarray(0, Math.min(piece.byteLength, file.checkedBytes - at));
    file.reader.readAt(view, at);
    sum.update(view);
  }
  return sum.digest() === file.recorded;
}

/** The format and version in the attached file's meta are this version's (as a load checks). */
function isOurs(db: Database): boolean {
  const meta = new Map(
    db.all<{ key: string; value: string }>('select key, value from previous.meta').map((r) => [r.key, r.value]),
  );
  return meta.get('format') === INDEX_FORMAT && Number(meta.get('schema_version')) === SCHEMA_VERSION;
}

/**
 * The copy, in the order and with the outcome of restoreEmbeddings over takeEmbeddings (embed-index.ts): the vectors
 * whose concept has the same hash now (in path order), each calibration that parses, then the meta.
 */
function copyCarried(to: WikiIndex, db: Database): number {
  db.run(
    'insert into main.embeddings (path, model, hash, dim, vector) ' +
      'select e.path, e.model, e.hash, e.dim, e.vector from previous.embeddings e ' +
      'join main.concepts c on c.path = e.path and c.hash = e.hash order by e.path',
  );
  const carried = Number(db.get<{ n: number }>('select changes() as n')?.n ?? 0);
  for (const { summary } of db.all<{ summary: string }>('select summary from previous.calibration order by model')) {
    const calibration = parsed(summary);
    if (calibration) to.setVectorCalibration(calibration);
  }
  for (const key of CARRIED_META) {
    const value = db.get<{ value: string }>('select value from previous.meta where key = ?', [key])?.value;
    if (value !== undefined) to.setMeta(key, value);
  }
  return carried;
}

function parsed(summary: string): VectorCalibration | undefined {
  try {
    return JSON.parse(summary) as VectorCalibration;
  } catch {
    return undefined;
  }
}

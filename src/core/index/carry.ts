// A rebuild carries the vectors of unchanged concepts, the vector-gate calibrations and the embedding model's meta
// from the previous wiki.db. Read in place when the shell can read it at positions: the file is attached to the new
// index through reader-vfs.ts and SQLite copies the rows itself, so the old database is never whole in the engine's
// memory (~150 MB at 10,000 concepts) and the vectors never pass through JS. The checks are those of a load with a
// checksum (load.ts): the recorded checksum over every byte, the header, the exact schema, format and version; a file
// without a checksum needs SQLite's page checks over all of it, and is read whole as before (WikiIndex.load). A file
// of another schema version is carried from when its embeddings, calibration and meta tables are exactly this
// version's (a version bump that changed other tables must not throw away vectors that cost an embedding pass each).
import type { VectorCalibration } from '../embed/calibrate';
import { checkHeader, HEADER_BYTES } from './file-header';
import { INDEX_FORMAT, SCHEMA_VERSION } from './schema';
import { checksumMatches, type InPlaceFile } from './in-place-file';
import type { Database } from './sqlite';
import { schemaProblem, versionWithSameTables } from './verify-schema';
import { WikiIndex } from './wiki-index';

export { openInPlace, type InPlaceFile } from './in-place-file';

/** The meta keys carried with the vectors (the model they were computed with, and its probe). */
export const CARRIED_META = ['embedding_model', 'embedding_probe'] as const;

/**
 * Carries into `to` what the previous wiki.db holds for concepts unchanged since (same path and content hash), then
 * closes the file. Returns how many vectors; 0, carrying nothing, when the file fails any check or a read.
 */
export async function carryInPlace(to: WikiIndex, file: InPlaceFile): Promise<number> {
  return (await carryFrom(to, file)).carried;
}

/** The tables a rebuild carries from, as read from a previous wiki.db of any schema version that has them as ours. */
const CARRIED_TABLES = ['embeddings', 'calibration'] as const;

/** What carryFrom did: how many vectors, and the previous file's schema version when it was another one. */
export interface Carried {
  readonly carried: number;
  readonly otherVersion?: number;
}

/** carryInPlace, saying also when the previous file was of another schema version (a newer one is never replaced). */
export async function carryFrom(to: WikiIndex, file: InPlaceFile): Promise<Carried> {
  let otherVersion: number | undefined;
  const accept = async (db: Database) => {
    if (await exactlyOurs(db)) return true;
    otherVersion = await versionWithSameTables(db, 'previous', CARRIED_TABLES);
    return otherVersion !== undefined;
  };
  const carried = await withPreviousAttached(to, file, (db) => copyCarried(to, db), accept);
  if (carried === undefined) return { carried: 0 };
  to.touch();
  return { carried, ...(otherVersion !== undefined ? { otherVersion } : {}) };
}

/**
 * Runs `body` in one transaction over `to`'s database with `file` attached as `previous`, once it passed every check
 * of a load with a checksum (`accept`: the schema's, exactly ours by default), then closes the file. Undefined, with
 * nothing changed, when the file fails a check or a read (or `body` throws).
 */
export async function withPreviousAttached<T>(
  to: WikiIndex,
  file: InPlaceFile,
  body: (db: Database) => T,
  accept: (db: Database) => Promise<boolean> = exactlyOurs,
): Promise<T | undefined> {
  try {
    if (!checksumMatches(file)) return undefined;
    const header = new Uint8Array(HEADER_BYTES);
    file.reader.readAt(header, 0);
    checkHeader(header, file.databaseBytes);
    const db = WikiIndex.rawDatabase(to);
    const detach = db.attachFile('previous', file.databaseBytes, file.reader);
    try {
      if (!(await accept(db))) return undefined;
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

/** The attached file is exactly this version's schema, format and version (as a load checks). */
async function exactlyOurs(db: Database): Promise<boolean> {
  return (await schemaProblem(db, 'previous')) === undefined && isOurs(db);
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

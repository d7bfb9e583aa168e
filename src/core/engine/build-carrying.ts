// A rebuild's full build that carries the vectors of unchanged concepts over from the previous wiki.db, without
// ever holding two whole databases in memory.
import { restoreEmbeddings, takeEmbeddings, type CarriedEmbeddings } from '../embed/embed-index';
import { buildIndex, type Progress } from '../index/build';
import { carryFrom, openInPlace } from '../index/carry';
import { SCHEMA_VERSION } from '../index/schema';
import { isPersisted, type Persisted } from '../index/snapshot';
import { isLoadProblem, WikiIndex, type LoadProblem } from '../index/wiki-index';
import { writtenByNewer } from '../index/verify-schema';
import type { BundleSource } from '../types';

/**
 * A full build (`WikiSession.rebuilt`) with the vectors of unchanged concepts carried over from `persisted`, the
 * wiki.db the store read. Read in place after the build when the shell can (index/carry.ts: only the pages carried,
 * never the whole old database in memory); else read whole first and closed before the build. `newer`: the file was
 * written by a newer schema version than this one reads, and must be left as it is (its vectors are still carried
 * when its embeddings table is as ours).
 */
export async function buildCarrying(
  persisted: Persisted | LoadProblem | undefined,
  bundle: BundleSource,
  onProgress?: Progress,
): Promise<{ fresh: WikiIndex; carried: number; newer?: true }> {
  const previous = persisted !== undefined && isPersisted(persisted) ? openInPlace(persisted) : 'unusable';
  try {
    const taken = previous === 'whole' ? await previousEmbeddings(persisted as Persisted) : undefined;
    const fresh = await buildIndex(bundle, onProgress);
    if (typeof previous !== 'object') {
      const carried = taken && !('newer' in taken) ? restoreEmbeddings(taken, fresh) : 0;
      return { fresh, carried, ...(taken && 'newer' in taken ? { newer: true } : {}) };
    }
    const { carried, otherVersion } = await carryFrom(fresh, previous);
    return { fresh, carried, ...((otherVersion ?? 0) > SCHEMA_VERSION ? { newer: true } : {}) };
  } catch (error) {
    if (typeof previous === 'object') previous.reader.close();
    throw error;
  }
}

/**
 * The vectors a rebuild carries over from a wiki.db read whole, when it loads (its bytes are not kept); `newer` when
 * it was written by a newer schema version.
 */
async function previousEmbeddings(persisted: Persisted): Promise<CarriedEmbeddings | { newer: true } | undefined> {
  const previous = await WikiIndex.load(persisted);
  if (isLoadProblem(previous)) return writtenByNewer(previous.reason) ? { newer: true } : undefined;
  try {
    return takeEmbeddings(previous);
  } finally {
    previous.close();
  }
}

// Opening the index for a bundle: the persisted wiki.db when it is readable and current (then only changed
// files are re-read), otherwise a full rebuild from the concept files. A bad wiki.db never gives a wrong answer.
import type { BundleSource } from '../types';
import { buildIndex, surveyBundle, syncIndex, type Progress, type Survey, type SyncReport } from './build';
import { isLoadProblem, WikiIndex, type LoadProblem } from './wiki-index';
import { isPersisted, type Persisted } from './snapshot';
import { carryFrom, openInPlace } from './carry';
import { SCHEMA_VERSION } from './schema';
import { writtenByNewer } from './verify-schema';

/**
 * How the index came to be. `keepFile`: wiki.db was written by a newer schema version than this one reads, so the
 * index lives in memory only and the file is never replaced (a newer version's file, vectors included, is kept).
 */
export type OpenOutcome =
  | { readonly kind: 'loaded'; readonly sync: SyncReport }
  | { readonly kind: 'built'; readonly reason: string; readonly keepFile?: true };

/** Said once when a newer version's wiki.db is left as it is. */
export const KEPT_NEWER = 'left as it is (written by a newer okf-wiki; this one answers from memory)';

/**
 * Opens `wiki.db` bytes (if any) and catches up with the bundle, or rebuilds when they cannot be trusted. The
 * caller passes a problem instead of bytes when it would not read the file (over the size limit, unreadable).
 */
export async function openIndex(
  source: BundleSource,
  persisted: Persisted | LoadProblem | undefined,
  onProgress?: Progress,
): Promise<{ index: WikiIndex; outcome: OpenOutcome }> {
  if (persisted !== undefined) {
    // The catch-up's listing and stats need no index: started now, they are taken while wiki.db is read where a shell
    // reads it in another thread (the MCP server). A load in place (a CLI question) reads on this thread, so they only
    // fill its waits: the Node shell's stats are synchronous, as a worker or the thread pool cost more CPU than the
    // stats themselves (fs-bundle.ts).
    let survey: Promise<Survey> | undefined;
    const startSurvey = () => {
      survey = surveyBundle(source);
      // Its failure is the catch-up's to throw; unused (the load failed), it is dropped, not left unhandled.
      survey.catch(() => undefined);
    };
    const loaded = isPersisted(persisted) ? await WikiIndex.load(persisted, startSurvey) : persisted;
    if (!isLoadProblem(loaded)) {
      try {
        const sync = await syncIndex(loaded, source, onProgress, survey);
        return { index: loaded, outcome: { kind: 'loaded', sync } };
      } catch (error) {
        // Not returned, so the caller cannot close it: its memory and (read in place) its descriptor go here.
        loaded.close();
        throw error;
      }
    }
    const index = await buildIndex(source, onProgress);
    // The vectors of unchanged concepts are kept from a file of another schema version (carry.ts): an upgrade, or a
    // downgrade on another machine of a synced vault, must not throw away what took an embedding pass each.
    const { carried, otherVersion } = await carriedAfterFailedLoad(index, persisted);
    const newer = writtenByNewer(loaded.reason) || (otherVersion ?? 0) > SCHEMA_VERSION;
    const kept = carried > 0 ? `, ${carried} vector${carried === 1 ? '' : 's'} kept from it` : '';
    const reason = `wiki.db was not used (${loaded.reason}); rebuilt from the concept files${kept}`;
    return {
      index,
      outcome: {
        kind: 'built',
        reason: newer ? `${reason}; ${KEPT_NEWER}` : reason,
        ...(newer ? { keepFile: true } : {}),
      },
    };
  }
  const index = await buildIndex(source, onProgress);
  return { index, outcome: { kind: 'built', reason: 'no wiki.db yet; built from the concept files' } };
}

/** The vectors carried into a fresh build from a wiki.db that did not load, when it can be read in place. */
async function carriedAfterFailedLoad(
  index: WikiIndex,
  persisted: Persisted | LoadProblem,
): Promise<{ carried: number; otherVersion?: number }> {
  const file = isPersisted(persisted) ? openInPlace(persisted) : 'unusable';
  return typeof file === 'object' ? carryFrom(index, file) : { carried: 0 };
}

/** How a full rebuild (`reindex`) came to be; `newer`: over a newer version's wiki.db, which it leaves as it is. */
export function rebuiltOutcome(newer?: true): OpenOutcome {
  const reason = 'rebuilt from the concept files';
  return newer
    ? { kind: 'built', reason: `${reason}; wiki.db ${KEPT_NEWER}`, keepFile: true }
    : { kind: 'built', reason };
}

/** True when wiki.db was written by a newer schema version: never replaced, the index lives in memory. */
export function keepsFile(outcome: OpenOutcome): boolean {
  return outcome.kind === 'built' && outcome.keepFile === true;
}

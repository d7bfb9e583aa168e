// Opening the index for a bundle: the persisted wiki.db when it is readable and current (then only changed
// files are re-read), otherwise a full rebuild from the concept files. A bad wiki.db never gives a wrong answer.
import type { BundleSource } from '../types';
import { buildIndex, surveyBundle, syncIndex, type Progress, type Survey, type SyncReport } from './build';
import { isLoadProblem, WikiIndex, type LoadProblem } from './wiki-index';
import { isPersisted, type Persisted } from './snapshot';

/** How the index came to be. */
export type OpenOutcome =
  { readonly kind: 'loaded'; readonly sync: SyncReport } | { readonly kind: 'built'; readonly reason: string };

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
    return {
      index,
      outcome: { kind: 'built', reason: `wiki.db was not used (${loaded.reason}); rebuilt from the concept files` },
    };
  }
  const index = await buildIndex(source, onProgress);
  return { index, outcome: { kind: 'built', reason: 'no wiki.db yet; built from the concept files' } };
}

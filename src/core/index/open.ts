// Opening the index for a bundle: the persisted wiki.db when it is readable and current (then only changed
// files are re-read), otherwise a full rebuild from the concept files. A bad wiki.db never gives a wrong answer.
import type { BundleSource } from '../types';
import { buildIndex, syncIndex, type Progress, type SyncReport } from './build';
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
    const loaded = isPersisted(persisted) ? await WikiIndex.load(persisted) : persisted;
    if (!isLoadProblem(loaded)) {
      const sync = await syncIndex(loaded, source, onProgress);
      return { index: loaded, outcome: { kind: 'loaded', sync } };
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

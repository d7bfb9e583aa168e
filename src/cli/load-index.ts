// Opening a bundle's index for a read command: wiki.db when it is current (catching up with edited files),
// otherwise rebuilt from the concept files; the refreshed index is written back so the next run is fast.
import { openIndex } from '../core/index/open';
import { oversizedReason } from '../core/index/snapshot';
import type { LoadProblem, WikiIndex } from '../core/index/wiki-index';
import { WIKI_DB } from './bundle-context';
import type { FsBundle } from './fs-bundle';
import type { CliIo } from './io';

/**
 * wiki.db's bytes for openIndex: undefined when there is none, a problem naming the file when it is over the
 * size limit (never read: a 2 GiB file used to stop every command) or cannot be read. Either way it is rebuilt.
 */
export async function readWikiDb(bundle: FsBundle): Promise<Uint8Array | LoadProblem | undefined> {
  const stat = await bundle.stat(WIKI_DB);
  const oversized = stat && oversizedReason(bundle.resolve(WIKI_DB), stat.size);
  if (oversized) return { reason: oversized };
  try {
    return await bundle.readBytes(WIKI_DB);
  } catch (error) {
    return { reason: `${bundle.resolve(WIKI_DB)} could not be read (${(error as Error).message})` };
  }
}

export async function loadIndex(bundle: FsBundle, io: CliIo): Promise<WikiIndex> {
  const { index, outcome } = await openIndex(bundle, await readWikiDb(bundle));
  const changed = outcome.kind === 'built' || outcome.sync.updated.length > 0 || outcome.sync.removed.length > 0;
  if (outcome.kind === 'built' && (await bundle.exists(WIKI_DB))) io.err(`note: ${outcome.reason}\n`);
  if (changed) {
    try {
      await bundle.write(WIKI_DB, index.export());
    } catch (error) {
      io.err(`note: could not write ${WIKI_DB} (${(error as Error).message}); answering from memory\n`);
    }
  }
  return index;
}

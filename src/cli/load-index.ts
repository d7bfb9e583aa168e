// Opening a bundle's index for a read command: wiki.db when it is current (catching up with edited files),
// otherwise rebuilt from the concept files; the refreshed index is written back so the next run is fast.
import { openIndex } from '../core/index/open';
import type { WikiIndex } from '../core/index/wiki-index';
import { WIKI_DB } from './bundle-context';
import type { FsBundle } from './fs-bundle';
import type { CliIo } from './io';

export async function loadIndex(bundle: FsBundle, io: CliIo): Promise<WikiIndex> {
  const { index, outcome } = await openIndex(bundle, await bundle.readBytes(WIKI_DB));
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

// Opening a bundle's index for a read command: wiki.db when it is current (catching up with edited files),
// otherwise rebuilt from the concept files; the refreshed index is written back so the next run is fast.
import type { WikiIndex } from '../core/index/wiki-index';
import { openSession } from '../node/open-session';
import type { FsBundle } from '../node/fs-bundle';
import type { CliIo } from './io';

export async function loadIndex(bundle: FsBundle, io: CliIo): Promise<WikiIndex> {
  return (await openSession(bundle, io)).index;
}

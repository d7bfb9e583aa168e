// wiki.db in a bundle folder, as the engine session's IndexStore: read when present, written atomically.
import type { IndexStore, SessionEnv } from '../core/engine/session';
import type { Clock } from '../core/types';
import { WIKI_DB } from '../cli/bundle-context';
import type { FsBundle } from '../cli/fs-bundle';
import { readWikiDb } from '../cli/load-index';

/** The bundle's wiki.db. */
export function fsIndexStore(bundle: FsBundle): IndexStore {
  return {
    // Over the size limit or unreadable: a problem naming the file, and the session rebuilds (readWikiDb).
    read: () => readWikiDb(bundle),
    write: (bytes) => bundle.write(WIKI_DB, bytes()),
  };
}

/** A session environment over a bundle folder; `origin` names the command in log.md ("okf-wiki reindex"). */
export function fsSessionEnv(bundle: FsBundle, clock: Clock, origin: string): SessionEnv {
  return { bundle, store: fsIndexStore(bundle), clock, origin };
}

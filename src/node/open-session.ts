// Opening an engine session over a bundle folder for a one-shot read command (context, evaluate): wiki.db loaded and
// caught up (or rebuilt), and written back when that changed it, so the next run is fast, as another writer allows.
import { WikiSession } from '../core/engine/session';
import { systemClock, type Clock } from '../core/types';
import type { FolderBundle, Notes } from './folder-bundle';
import { guardedIndexStore, WikiDbBusy, WikiDbReplaced } from './index-store';
import { WIKI_DB } from './paths';

/**
 * An engine session over the bundle, wiki.db brought up to date (and written back when it changed). `readInPlace`: a
 * one-shot question, which may read wiki.db where it lies (PersistedFile.readInPlace). The write back holds the
 * bundle's write lock and is skipped, unsaid, when another writer holds it or wrote wiki.db since it was read
 * (guardedIndexStore: until session 13 it took no lock, and a reindex's wiki.db renamed in meanwhile lost its vectors
 * to this older index).
 */
export async function openSession(
  bundle: FolderBundle & { readonly root: string },
  io: Notes,
  clock: Clock = systemClock,
  origin = 'okf-wiki',
  readInPlace = false,
): Promise<WikiSession> {
  const store = guardedIndexStore(bundle, origin, readInPlace);
  const session = await WikiSession.open({ bundle, store, clock, origin });
  const outcome = session.opened;
  if (outcome.kind === 'built' && (await bundle.exists(WIKI_DB))) io.err(`note: ${outcome.reason}\n`);
  if (session.openChangedIndex) await saveOrNote(session, io);
  return session;
}

/**
 * Writes wiki.db; a failure is a note, not an error (the answer comes from memory). Another writer's wiki.db, or its
 * lock (a reindex running), is left alone and nothing said: the next open catches up the few files read here again.
 */
export async function saveOrNote(session: WikiSession, io: Notes): Promise<void> {
  try {
    await session.save();
  } catch (error) {
    if (error instanceof WikiDbBusy || error instanceof WikiDbReplaced) return;
    io.err(`note: could not write ${WIKI_DB} (${(error as Error).message}); answering from memory\n`);
  }
}

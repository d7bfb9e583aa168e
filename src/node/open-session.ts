// Opening an engine session over a bundle folder, as both Node shells do: wiki.db loaded and caught up (or
// rebuilt), and written back when that changed it, so the next run is fast.
import { WikiSession } from '../core/engine/session';
import { systemClock, type Clock } from '../core/types';
import type { FolderBundle, Notes } from './folder-bundle';
import { fsSessionEnv } from './index-store';
import { WIKI_DB } from './paths';

/**
 * An engine session over the bundle, wiki.db brought up to date (and written back when it changed). `readInPlace`: a
 * one-shot question, which may read wiki.db where it lies (PersistedFile.readInPlace).
 */
export async function openSession(
  bundle: FolderBundle,
  io: Notes,
  clock: Clock = systemClock,
  origin = 'okf-wiki',
  readInPlace = false,
): Promise<WikiSession> {
  const session = await WikiSession.open(fsSessionEnv(bundle, clock, origin, readInPlace));
  const outcome = session.opened;
  if (outcome.kind === 'built' && (await bundle.exists(WIKI_DB))) io.err(`note: ${outcome.reason}\n`);
  if (session.openChangedIndex) await saveOrNote(session, io);
  return session;
}

/** Writes wiki.db; a failure is a note, not an error (the answer comes from memory). */
export async function saveOrNote(session: WikiSession, io: Notes): Promise<void> {
  try {
    await session.save();
  } catch (error) {
    io.err(`note: could not write ${WIKI_DB} (${(error as Error).message}); answering from memory\n`);
  }
}

// Opening a bundle's index for a read command: wiki.db when it is current (catching up with edited files),
// otherwise rebuilt from the concept files; the refreshed index is written back so the next run is fast.
import { oversizedReason } from '../core/index/snapshot';
import { WikiSession } from '../core/engine/session';
import type { LoadProblem, WikiIndex } from '../core/index/wiki-index';
import { systemClock, type Clock } from '../core/types';
import { WIKI_DB } from './bundle-context';
import type { FsBundle } from './fs-bundle';
import { fsSessionEnv } from '../node/index-store';
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
  return (await openSession(bundle, io)).index;
}

/** An engine session over the bundle, wiki.db brought up to date (and written back when it changed). */
export async function openSession(bundle: FsBundle, io: CliIo, clock: Clock = systemClock, origin = 'okf-wiki'): Promise<WikiSession> {
  const session = await WikiSession.open(fsSessionEnv(bundle, clock, origin));
  const outcome = session.opened;
  if (outcome.kind === 'built' && (await bundle.exists(WIKI_DB))) io.err(`note: ${outcome.reason}\n`);
  if (session.openChangedIndex) await saveOrNote(session, io);
  return session;
}

/** Writes wiki.db; a failure is a note, not an error (the answer comes from memory). */
export async function saveOrNote(session: WikiSession, io: CliIo): Promise<void> {
  try {
    await session.save();
  } catch (error) {
    io.err(`note: could not write ${WIKI_DB} (${(error as Error).message}); answering from memory\n`);
  }
}

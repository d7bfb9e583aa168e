// wiki.db in a bundle folder, as the engine session's IndexStore: read when present, written atomically.
import { lstatSync } from 'node:fs';

import type { IndexStore, SessionEnv } from '../core/engine/session';
import { oversizedReason, type PersistedFile } from '../core/index/snapshot';
import type { LoadProblem } from '../core/index/wiki-index';
import type { Clock, FileStat } from '../core/types';
import { BundleLockBusy, withBundleLock } from './bundle-lock';
import type { FolderBundle, PieceWriter } from './folder-bundle';
import { WIKI_DB } from './paths';

/**
 * wiki.db for openIndex, to be read straight into the engine: undefined when there is none, a problem naming the
 * file when it is over the size limit (never read: a 2 GiB file used to stop every command) or cannot be read.
 * Either way it is rebuilt.
 */
export async function readWikiDb(
  bundle: FolderBundle,
  readInPlace = false,
): Promise<PersistedFile | LoadProblem | undefined> {
  const stat = await bundle.stat(WIKI_DB);
  const oversized = stat && oversizedReason(bundle.resolve(WIKI_DB), stat.size);
  if (oversized) return { reason: oversized };
  const couldNot = (error: unknown) => `${bundle.resolve(WIKI_DB)} could not be read (${(error as Error).message})`;
  try {
    const file = await bundle.openBytes(WIKI_DB);
    if (!file) return notAFile(bundle.resolve(WIKI_DB));
    const named = <T>(read: () => T): T => {
      try {
        return read();
      } catch (error) {
        throw new Error(couldNot(error));
      }
    };
    return {
      byteLength: file.byteLength,
      readInPlace,
      readInto: (target) => named(() => file.readInto(target)),
      ...(file.readIntoLater && {
        readIntoLater: async (target) => {
          try {
            await file.readIntoLater!(target);
          } catch (error) {
            throw new Error(couldNot(error));
          }
        },
      }),
      ...(file.openReader && {
        openReader: () => {
          const reader = named(() => file.openReader!());
          return {
            name: bundle.resolve(WIKI_DB),
            readAt: (target, at) => named(() => reader.readAt(target, at)),
            ...(reader.unchanged && { unchanged: () => reader.unchanged!() }),
            close: () => reader.close(),
          };
        },
      }),
    };
  } catch (error) {
    return { reason: couldNot(error) };
  }
}

/**
 * What stands at wiki.db's place when no file was opened there: a folder (made by mistake, a sync tool's conflict),
 * a link leading to no file inside the bundle, a device; undefined when nothing does (no wiki.db yet). Until
 * session 12 a folder was reported as "no wiki.db yet", and each save then failed with no word on why.
 */
function notAFile(full: string): LoadProblem | undefined {
  let what: string;
  try {
    const found = lstatSync(full);
    if (found.isFile()) return undefined;
    what = found.isDirectory()
      ? 'a folder'
      : found.isSymbolicLink()
        ? 'a link that leads to no file inside the bundle'
        : 'not a regular file';
  } catch {
    return undefined;
  }
  return { reason: `${full} is ${what}, not the index file; move it away to let the index be saved there` };
}

/** The bundle's wiki.db; `readInPlace`: a load may read it where it lies (PersistedFile.readInPlace). */
export function fsIndexStore(bundle: FolderBundle, readInPlace = false): IndexStore {
  return {
    // Over the size limit or unreadable: a problem naming the file, and the session rebuilds (readWikiDb).
    read: () => readWikiDb(bundle, readInPlace),
    // Written as exported, piece by piece: never a whole copy of the database beside SQLite's own memory.
    write: (bytes, writeTo) => bundle.write(WIKI_DB, writeTo ?? bytes()),
  };
}

/** Thrown by a guarded store's write when wiki.db is no longer the file it read or last wrote. */
export class WikiDbReplaced extends Error {
  override readonly name = 'WikiDbReplaced';
}

/** Thrown by a guarded store's write when another writer holds the bundle's write lock: nothing written. */
export class WikiDbBusy extends Error {
  override readonly name = 'WikiDbBusy';
}

/** The bundle's wiki.db for a long-lived writer, which must not write its older index over another one's. */
export interface GuardedIndexStore extends IndexStore {
  /** True when another program wrote wiki.db since this store read it or last wrote it (not when it was deleted). */
  replaced(): Promise<boolean>;
}

/**
 * wiki.db as fsIndexStore, for the MCP server: its index in memory may be hours older than a wiki.db a CLI `reindex`
 * wrote meanwhile (with the vectors it spent minutes computing). Size, mtime and ctime are recorded as read (stat
 * before the read: a file replaced in between only looks replaced once more) and after each write; a write over a
 * file that no longer has them is refused (WikiDbReplaced), so the server loads that file instead. ctime moves on
 * every write and rename and cannot be set back, so a replacement of the same size and mtime still shows. A
 * deleted wiki.db is written again (nobody's index is lost). The check, the write and its record are made holding
 * the bundle's write lock, which every Node writer of wiki.db holds (a reindex for its whole run): a reindex can no
 * longer rename its file in during the export (under a second at 10,000 concepts), to be overwritten by the older
 * index. The lock is not waited for (a reindex holds it for minutes, and the server's calls wait on its saves): when
 * another writer holds it, nothing is written (WikiDbBusy) and the save stays owed. Inside the server's own write
 * tools, which hold it, the write goes ahead. A one-shot read command's catch-up saves through it too (openSession),
 * `readInPlace` then letting a question read wiki.db where it lies.
 */
export function guardedIndexStore(
  bundle: FolderBundle & { readonly root: string },
  command: string,
  readInPlace = false,
): GuardedIndexStore {
  let seen: FileStat | undefined;
  const replaced = async () => {
    const now = await bundle.stat(WIKI_DB);
    return (
      now !== undefined && !(seen && now.size === seen.size && now.mtime === seen.mtime && now.ctime === seen.ctime)
    );
  };
  const writeUnlessReplaced = async (data: Uint8Array | PieceWriter) => {
    if (await replaced()) throw new WikiDbReplaced(`${bundle.resolve(WIKI_DB)} was written by another program`);
    await bundle.write(WIKI_DB, data);
    seen = await bundle.stat(WIKI_DB);
  };
  return {
    read: async () => {
      seen = await bundle.stat(WIKI_DB);
      return readWikiDb(bundle, readInPlace);
    },
    write: async (bytes, writeTo) => {
      try {
        await withBundleLock(bundle.root, command, () => writeUnlessReplaced(writeTo ?? bytes()), { waitMs: 0 });
      } catch (error) {
        if (!(error instanceof BundleLockBusy)) throw error;
        const who = error.owner ? `${error.owner.command} (pid ${error.owner.pid})` : 'another okf-wiki';
        throw new WikiDbBusy(`${bundle.resolve(WIKI_DB)} not written: ${who} is writing the bundle`);
      }
    },
    replaced,
  };
}

/**
 * A session environment over a bundle folder; `origin` names the command in log.md ("okf-wiki reindex"), `readInPlace`
 * lets a one-shot question read wiki.db where it lies (PersistedFile.readInPlace).
 */
export function fsSessionEnv(bundle: FolderBundle, clock: Clock, origin: string, readInPlace = false): SessionEnv {
  return { bundle, store: fsIndexStore(bundle, readInPlace), clock, origin };
}

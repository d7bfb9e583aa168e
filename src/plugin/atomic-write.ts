// Atomic replace over Obsidian's DataAdapter. The adapter's `rename` refuses an existing destination
// ("Destination file already exists!"), so a plain write-then-rename cannot replace a file: the old file is
// first moved aside to `<path>.bak`, the new one renamed into place, then the backup removed. At every moment
// either `<path>` or `<path>.bak` is a complete file, and readPersisted() falls back to the backup.
import type { DataAdapter } from 'obsidian';
import { MAX_WIKI_DB_BYTES, oversizedReason } from '../core/index/snapshot';
import type { LoadProblem } from '../core/index/wiki-index';

export const TEMP_SUFFIX = '.tmp';
export const BACKUP_SUFFIX = '.bak';
/** A temporary file of `path` as `tempPath` names it (or as versions before it did: `<path>.tmp`). */
export const TEMP_NAME = /\.tmp(-[0-9a-z]+)?$/;

/**
 * A new temporary file beside `path`: `<path>.tmp-<random>`. Never a fixed name: the adapter follows a link in its
 * place (a bundle from elsewhere can hold one: git keeps links) and writes over what it leads to, and a write given
 * up at unload, still writing its file, must not share it with the next write (which would rename it over wiki.db).
 */
export function tempPath(path: string): string {
  const [a, b] = crypto.getRandomValues(new Uint32Array(2));
  return `${path}${TEMP_SUFFIX}-${a.toString(36)}${b.toString(36)}`;
}

function parentFolder(path: string): string {
  const i = path.lastIndexOf('/');
  return i <= 0 ? '' : path.slice(0, i);
}

/** The bytes as a standalone ArrayBuffer (a view may cover only part of its buffer). */
export function toArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return copy.buffer;
}

/**
 * The bytes' own buffer when they cover all of it (wiki.db's export, transferred from the engine worker), else a
 * copy: no second 100 MB copy on the main thread per write of wiki.db at 10,000 concepts. The caller hands the
 * bytes over (it does not change them afterwards).
 */
export function ownBuffer(bytes: Uint8Array): ArrayBuffer {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  return whole && bytes.buffer instanceof ArrayBuffer ? bytes.buffer : toArrayBuffer(bytes);
}

/** Writes `data` to `path` so that a reader never sees a half-written file. */
export async function writeAtomically(adapter: DataAdapter, path: string, data: string | Uint8Array): Promise<void> {
  const folder = parentFolder(path);
  if (folder !== '' && !(await adapter.exists(folder))) await adapter.mkdir(folder);
  const temp = tempPath(path);
  const backup = path + BACKUP_SUFFIX;
  if (typeof data === 'string') await adapter.write(temp, data);
  else await adapter.writeBinary(temp, ownBuffer(data));
  if (await adapter.exists(path)) {
    if (await adapter.exists(backup)) await adapter.remove(backup);
    await adapter.rename(path, backup);
  }
  await adapter.rename(temp, path);
  if (await adapter.exists(backup)) await adapter.remove(backup);
  // Each write names its own temporary file: those of writes cut short (a crash, a give-up at unload) go now.
  await removeLeftTemps(adapter, path).catch(() => undefined);
}

/**
 * Removes the temporary files of `path` that writes of it left: a crash, or a write given up at unload (each write
 * names its own). Only names of that form; a link among them is removed, never followed. Not while another write of
 * `path` runs (the caller's writes of it take turns).
 */
async function removeLeftTemps(adapter: DataAdapter, path: string): Promise<void> {
  const folder = parentFolder(path);
  const prefix = path + TEMP_SUFFIX;
  const listing = await adapter.list(folder === '' ? '/' : folder);
  for (const file of listing.files) {
    const full = folder === '' ? file.replace(/^\//, '') : file;
    if (full.startsWith(prefix) && TEMP_NAME.test(full) && full.slice(path.length).replace(TEMP_NAME, '') === '')
      await adapter.remove(full);
  }
}

/**
 * Reads what writeAtomically() left: the file, or its backup when a write was interrupted between the two
 * renames. Undefined when neither exists; a problem naming the file, unread, when it is over `maxBytes` (a
 * damaged cache that is rebuilt, instead of a read that exhausts memory).
 */
export async function readPersisted(
  adapter: DataAdapter,
  path: string,
  maxBytes: number = MAX_WIKI_DB_BYTES,
): Promise<Uint8Array | LoadProblem | undefined> {
  for (const candidate of [path, path + BACKUP_SUFFIX]) {
    if (!(await adapter.exists(candidate))) continue;
    const size = (await adapter.stat(candidate))?.size;
    const oversized = size === undefined ? undefined : oversizedReason(candidate, size, maxBytes);
    if (oversized) return { reason: oversized };
    return new Uint8Array(await adapter.readBinary(candidate));
  }
  return undefined;
}

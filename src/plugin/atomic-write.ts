// Atomic replace over Obsidian's DataAdapter. The adapter's `rename` refuses an existing destination
// ("Destination file already exists!"), so a plain write-then-rename cannot replace a file: the old file is
// first moved aside to `<path>.bak`, the new one renamed into place, then the backup removed. At every moment
// either `<path>` or `<path>.bak` is a complete file, and readPersisted() falls back to the backup.
import type { DataAdapter } from 'obsidian';
import { MAX_WIKI_DB_BYTES, oversizedReason } from '../core/index/snapshot';
import type { LoadProblem } from '../core/index/wiki-index';

export const TEMP_SUFFIX = '.tmp';
export const BACKUP_SUFFIX = '.bak';

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
  const temp = path + TEMP_SUFFIX;
  const backup = path + BACKUP_SUFFIX;
  if (typeof data === 'string') await adapter.write(temp, data);
  else await adapter.writeBinary(temp, ownBuffer(data));
  if (await adapter.exists(path)) {
    if (await adapter.exists(backup)) await adapter.remove(backup);
    await adapter.rename(path, backup);
  }
  await adapter.rename(temp, path);
  if (await adapter.exists(backup)) await adapter.remove(backup);
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

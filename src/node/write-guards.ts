// The checks a write into the bundle makes on the file it replaces: refused when read-only or not a file, owner
// and mode kept, unchanged since an authoring preview, a new page never created over one that appeared meanwhile.
import { constants as fsConstants, promises as fs, type Stats } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { TextDecoder } from 'node:util';
import * as nodePath from 'node:path';
import { ChangedSincePlan } from '../core/author/apply-plan';
import { NOT_A_FILE } from './opened-path';

/** Why a write would refuse the file at `full` outright (not a file, read-only), or undefined. */
export async function refusalOf(path: string, full: string, stat: Stats): Promise<string | undefined> {
  if (!stat.isFile()) return `${path} is ${stat.isDirectory() ? 'a folder, ' : ''}not a file; refused`;
  if ((stat.mode & 0o222) !== 0 && (await writable(full))) return undefined;
  return (
    `${path} is read-only ` +
    `(mode ${(stat.mode & 0o777).toString(8).padStart(4, '0')}); okf-wiki ` +
    `does not replace a read-only file. Make it writable (chmod ` +
    `u+w ${full}) to let okf-wiki change it.`
  );
}

/** True when this process may write `full`. */
async function writable(full: string): Promise<boolean> {
  try {
    await fs.access(full, fsConstants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** Gives the replacement the replaced file's owner (where permitted) and exact mode (the umask does not apply). */
export async function keepOwnerAndMode(handle: FileHandle, was: Stats): Promise<void> {
  if (typeof process.getuid === 'function' && (was.uid !== process.getuid() || was.gid !== process.getgid?.())) {
    // Only root may give a file away; anyone else keeps the file as theirs (and the mode below still holds).
    await handle.chown(was.uid, was.gid).catch(() => undefined);
  }
  await handle.chmod(was.mode & 0o7777);
}

/** Throws `ChangedSincePlan` unless the file still holds `expected`, read as strict UTF-8. */
export async function checkUnchanged(path: string, full: string, expected: string): Promise<void> {
  let bytes: Buffer;
  try {
    bytes = await fs.readFile(full);
  } catch {
    throw new ChangedSincePlan(path, `${path} was removed since the preview; nothing of it was written`);
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw new Error(
      `${path} is not valid UTF-8; editing it would replace the undecodable ` +
        `bytes. Convert it to UTF-8 (e.g. iconv -f latin1 -t utf-8) and run again`,
    );
  }
  if (text !== expected) throw new ChangedSincePlan(path, `${path} changed since the preview; it was not overwritten`);
}

/**
 * Puts a new page in place only if no file has that name (a hard link fails on an existing name; a copy where links are
 * not supported).
 */
export async function createExclusively(tmp: string, full: string, path: string): Promise<void> {
  try {
    await fs.link(tmp, full);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST')
      throw new ChangedSincePlan(path, `${path} was created since the preview; it was not overwritten`);
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS' && code !== 'EOPNOTSUPP') throw error;
    try {
      await fs.copyFile(tmp, full, fsConstants.COPYFILE_EXCL);
    } catch (copyError) {
      if ((copyError as NodeJS.ErrnoException).code === 'EEXIST')
        throw new ChangedSincePlan(path, `${path} was created since the preview; it was not overwritten`);
      throw copyError;
    }
  }
}

/** The lstat of `full`, or undefined when nothing is there. */
export async function lstatIfExists(full: string): Promise<Stats | undefined> {
  try {
    return await fs.lstat(full);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The real path of `dir`, or of its nearest existing ancestor when it does not exist yet. */
export async function realpathOfNearest(dir: string): Promise<string> {
  for (let current = dir; ; current = nodePath.dirname(current)) {
    try {
      return await fs.realpath(current);
    } catch (error) {
      if (!NOT_A_FILE.has((error as NodeJS.ErrnoException).code ?? '') || nodePath.dirname(current) === current)
        throw error;
    }
  }
}

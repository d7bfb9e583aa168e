// What a file descriptor opened to read really is. A path checked before it is opened may change before the open
// (another process swaps a folder for a link leading out of the bundle): only the opened file's own real path
// settles where it is. Linux names it at /proc/self/fd/<fd>; where nothing names it (macOS, the BSDs: no /proc), the
// caller resolves the path before the open and again once open, and compares the file there with the opened one.
import { closeSync, fstatSync, lstatSync, readlinkSync, realpathSync } from 'node:fs';

/** Where Linux names the file an open descriptor refers to. */
const PROC_SELF = '/proc/self/';

/**
 * True when this system names an open file's real path (openedRealPath) as realpath does: probed on the working
 * folder (/proc/self/cwd), so that no file is opened for it; false without /proc (macOS, the BSDs, Windows).
 */
export function namesOpenFiles(): boolean {
  try {
    return readlinkSync(`${PROC_SELF}cwd`) === realpathSync.native(process.cwd());
  } catch {
    return false;
  }
}

/** The real path of the file open as `fd`; only where namesOpenFiles said true (else it throws). */
export function openedRealPath(fd: number): string {
  return readlinkSync(`${PROC_SELF}fd/${fd}`);
}

/** True when open file `fd` is the file now at `real` (same device and inode, the name not followed). */
export function sameFile(fd: number, real: string): boolean {
  const opened = fstatSync(fd);
  const named = lstatSync(real);
  return opened.dev === named.dev && opened.ino === named.ino;
}

/** Errors that mean "no file there" rather than "the disk failed". */
export const NOT_A_FILE = new Set(['ENOENT', 'ENOTDIR', 'EISDIR', 'ELOOP']);

/** Refused: no regular file inside the bundle at that path (a link or folder leading out, a folder, a FIFO). */
export class NotAFileInside extends Error {}

/** `fd`, unless `refusal` gives a reason to refuse it: then it is closed and the reason thrown. */
export function closedUnless(fd: number, refusal: () => Error | undefined): number {
  let reason: Error | undefined;
  try {
    reason = refusal();
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  if (reason === undefined) return fd;
  closeSync(fd);
  throw reason;
}

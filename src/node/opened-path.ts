// What a file descriptor opened to read really is. A path checked before it is opened may change before the open
// (another process swaps a folder for a link leading out of the bundle): only the opened file's own real path
// settles where it is. Linux names it at /proc/self/fd/<fd>; where nothing names it (macOS, the BSDs: no /proc), the
// caller resolves the path first and compares the opened file with the file at that real path (sameFile).
import { closeSync, constants as fsConstants, fstatSync, lstatSync, openSync, readlinkSync } from 'node:fs';

/** Where Linux names the file an open descriptor refers to. */
const FD_LINKS = '/proc/self/fd/';

/**
 * True when this system names an open file's real path (openedRealPath): probed once by opening `realDir` (a real
 * path, e.g. the bundle root) and reading its name back; false without /proc, or where the name differs.
 */
export function namesOpenFiles(realDir: string): boolean {
  let fd: number;
  try {
    fd = openSync(realDir, fsConstants.O_RDONLY);
  } catch {
    return false; // Windows opens no folder; it has no /proc either.
  }
  try {
    return readlinkSync(FD_LINKS + fd) === realDir;
  } catch {
    return false;
  } finally {
    closeSync(fd);
  }
}

/** The real path of the file open as `fd`; only where namesOpenFiles said true (else it throws). */
export function openedRealPath(fd: number): string {
  return readlinkSync(FD_LINKS + fd);
}

/** True when open file `fd` is the file now at `real` (same device and inode, the name not followed). */
export function sameFile(fd: number, real: string): boolean {
  const opened = fstatSync(fd);
  const named = lstatSync(real);
  return opened.dev === named.dev && opened.ino === named.ino;
}

// A file opened for reads at any position (the previous wiki.db a rebuild carries vectors from: SQLite reads the
// pages it needs, core/index/reader-vfs.ts). One descriptor for all reads: a file renamed over meanwhile is not
// mixed in.
import { closeSync, fstatSync, readSync } from 'node:fs';
import type { FileReader } from '../core/index/snapshot';

/**
 * Open file `fd` (opened to read, judged inside the bundle by the caller) for positional reads; it is the reader's to
 * close. Closed and thrown when it no longer has `size` bytes (as readWhole).
 */
export function openReader(fd: number, size: number): FileReader {
  const opened = fstatSync(fd, { bigint: true });
  const now = Number(opened.size);
  if (now !== size) {
    closeSync(fd);
    throw new Error(`it is now ${now} bytes, it was ${size}`);
  }
  return {
    readAt: (target, position) => {
      for (let done = 0; done < target.byteLength;) {
        const n = readSync(fd, target, done, target.byteLength - done, position + done);
        if (n === 0) throw new Error(`it ended before byte ${position + target.byteLength} of ${size}`);
        done += n;
      }
    },
    unchanged: () => {
      const s = fstatSync(fd, { bigint: true });
      // Another writer's save renames its file over ours: this inode loses its link, which moves its ctime (Linux),
      // while its bytes stay those read. So a ctime moved with a link gone is no change; size and mtime must hold.
      const ctimeHeld = s.ctimeNs === opened.ctimeNs || s.nlink < opened.nlink;
      return s.size === opened.size && s.mtimeNs === opened.mtimeNs && ctimeHeld;
    },
    close: () => closeSync(fd),
  };
}

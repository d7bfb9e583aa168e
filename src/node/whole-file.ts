// Whole-file reads and writes through file descriptors, for the Node bundle adapter (a short read or write is
// continued, never taken for the whole).
import { Buffer } from 'node:buffer';
import { closeSync, constants as fsConstants, fstatSync, read, readFileSync, readSync, writeSync } from 'node:fs';
import type { PersistedFile } from '../core/index/snapshot';
import { openReader } from './file-reader';

/** Opening to read: non-blocking, so a FIFO opens without waiting for a writer (and is then refused as not a file). */
export const READ_FLAGS = fsConstants.O_RDONLY | fsConstants.O_NONBLOCK;

/**
 * The bytes of the open regular file `fd`, `size` (its fstat size) at most, as readFileSync reads them. The size is
 * the caller's: readFileSync would fstat the file a second time. A file that reports 0 bytes is read to its end.
 * With `into` large enough, the bytes are read into it (a view of it is returned) rather than a new buffer.
 */
export function readOpenFile(fd: number, size: number, into?: Buffer): Buffer {
  if (size === 0) return readFileSync(fd);
  const bytes = into !== undefined && into.byteLength >= size ? into.subarray(0, size) : Buffer.allocUnsafe(size);
  let done = 0;
  while (done < size) {
    const n = readSync(fd, bytes, done, size - done, null);
    if (n === 0) return bytes.subarray(0, done);
    done += n;
  }
  return bytes;
}

/** Reads open file `fd` into `target`, which must be exactly its size (the caller closes it). */
export function readWhole(fd: number, target: Uint8Array): void {
  const size = fstatSync(fd).size;
  if (size !== target.byteLength) throw new Error(`it is now ${size} bytes, it was ${target.byteLength}`);
  let done = 0;
  while (done < size) {
    const n = readSync(fd, target, done, size - done, null);
    if (n === 0) throw new Error(`it ended after ${done} of ${size} bytes`);
    done += n;
  }
}

/**
 * As readWhole, but the reads run in libuv's thread pool (the caller's thread works meanwhile). `target` must stay
 * attached until it settles: the memory of a WebAssembly engine must not grow meanwhile.
 */
export async function readWholeLater(fd: number, target: Uint8Array): Promise<void> {
  const size = fstatSync(fd).size;
  if (size !== target.byteLength) throw new Error(`it is now ${size} bytes, it was ${target.byteLength}`);
  let done = 0;
  while (done < size) {
    const n = await new Promise<number>((resolve, reject) =>
      read(fd, target, done, size - done, done, (error, bytesRead) => (error ? reject(error) : resolve(bytesRead))),
    );
    if (n === 0) throw new Error(`it ended after ${done} of ${size} bytes`);
    done += n;
  }
}

/** Writes all of `bytes` at the file's current position (a write may take fewer bytes than given). */
export function writeWhole(fd: number, bytes: Uint8Array): void {
  for (let done = 0; done < bytes.byteLength;) done += writeSync(fd, bytes, done, bytes.byteLength - done);
}

/**
 * A file of `size` bytes to read into the engine (wiki.db): each read opens it again with `open` (which judges it as
 * the first open did and returns its descriptor) and fails when it no longer has `size` bytes. Only the reads of
 * readIntoLater go to the thread pool.
 */
export function persistedFile(size: number, open: () => number): PersistedFile {
  const closing = <T>(fd: number, read: (fd: number) => T): T => {
    try {
      return read(fd);
    } finally {
      closeSync(fd);
    }
  };
  return {
    byteLength: size,
    readInto: (target) => closing(open(), (fd) => readWhole(fd, target.subarray(0, size))),
    readIntoLater: async (target) => {
      const fd = open();
      try {
        await readWholeLater(fd, target.subarray(0, size));
      } finally {
        closeSync(fd);
      }
    },
    openReader: () => openReader(open(), size),
  };
}

// What the Node layer needs of a bundle folder (FsBundle provides it): the core's read and write ports, raw bytes
// for wiki.db, its size before reading it, and whether a file exists. Kept structural so the layer does not
// depend on a shell's module.
import type { PersistedFile } from '../core/index/snapshot';
import type { BundleSource, BundleWriter, FileStat } from '../core/types';

/**
 * Bytes given in pieces to a synchronous sink instead of whole (wiki.db exported as it is written, never all in
 * memory); each piece is valid only during the call.
 */
export type PieceWriter = (sink: (piece: Uint8Array) => void) => void;

export interface FolderBundle extends BundleSource, BundleWriter {
  /** BundleWriter's atomic write; `data` may also come in pieces (wiki.db). */
  write(path: string, data: string | Uint8Array | PieceWriter): Promise<void>;
  /** Raw bytes of a file, or undefined when there is no such file. */
  readBytes(path: string): Promise<Uint8Array | undefined>;
  /** A file to read later straight into a buffer of the caller's (wiki.db), or undefined when there is none. */
  openBytes(path: string): Promise<PersistedFile | undefined>;
  exists(path: string): Promise<boolean>;
  stat(path: string): Promise<FileStat | undefined>;
  /** The absolute file-system path of a bundle path (for messages). */
  resolve(path: string): string;
}

/** Where the Node layer writes notes (stderr for both shells: stdout belongs to the output or the protocol). */
export interface Notes {
  err(text: string): void;
}

// wiki.db in pieces (issue 14): beside the whole file, the plugin keeps the same bytes cut into pieces of at most
// PIECE_BYTES, each named by its checksum, so a start reads wiki.db one piece per task instead of one ~100 MB read
// whose copy holds Obsidian's main thread (Obsidian's DataAdapter has no ranged read). wiki.db itself stays the
// whole, plain SQLite file the CLI, the MCP server and SQL tools read. This file is the engine's half (pure: the
// worker's bundle carries it): the pieces' names at export, and the check and assembly at load. A piece that does
// not match its name means the pieces are not used: wiki.db is read whole instead, never a wrong index.
import { checksum, type PersistedFile } from '../../core/index/snapshot';
import type { LoadProblem } from '../../core/index/wiki-index';

/**
 * Piece size, chosen by measurement at 10,000 concepts (README "Measured"; docs/ARCHITECTURE.md): one save changes
 * ~30 of wiki.db's 26,500 SQLite pages, scattered, so the bytes a deferred write rewrites are about (pieces
 * touched) × PIECE_BYTES: 4 MiB pieces cost ~40 MB per save, 256 KiB ones ~4 MB, for ~400 pieces read at start
 * (each read a fraction of a millisecond on the main thread). A manifest cut at another size (an older version's
 * 4 MiB) still loads: the size travels with the pieces.
 */
export const PIECE_BYTES = 256 * 1024;

/** Piece sizes a manifest may name: powers of two from 64 KiB to 64 MiB (anything else is not used). */
export function isPieceSize(bytes: unknown): bytes is number {
  return (
    typeof bytes === 'number' &&
    Number.isInteger(bytes) &&
    bytes >= 1 << 16 &&
    bytes <= 1 << 26 &&
    (bytes & -bytes) === bytes
  );
}

/**
 * wiki.db as exported: the names of its pieces (in order) and either its bytes whole (for a write of wiki.db) or
 * only the pieces the caller does not have (a deferred write: ~3 MB cross to the main thread, not ~100 MB).
 */
export interface ExportedIndex {
  readonly pieces: readonly string[];
  readonly bytes?: Uint8Array;
  /** The pieces not among the names the caller has, each its own buffer, by their index in `pieces`. */
  readonly fresh?: readonly { readonly index: number; readonly bytes: Uint8Array }[];
}

/** wiki.db read back from its pieces: each piece's bytes and the name it was stored under, in order. */
export interface WikiDbPieces {
  readonly pieces: readonly Uint8Array[];
  readonly names: readonly string[];
  /** The size they were cut at (every piece but the last is this long). */
  readonly pieceBytes: number;
}

/** What the main thread hands the engine for wiki.db: whole bytes, pieces, a problem, or nothing. */
export type WikiDbRead = Uint8Array | WikiDbPieces | LoadProblem | undefined;

/** The name a piece is stored under: its checksum and length (a damaged or truncated piece no longer matches). */
export function pieceName(piece: Uint8Array): string {
  return `${checksum(piece)}-${piece.byteLength}`;
}

/** The names of `bytes`' pieces, `pieceBytes` each (the last one shorter). */
export function pieceNames(bytes: Uint8Array, pieceBytes = PIECE_BYTES): string[] {
  const names: string[] = [];
  for (let at = 0; at < bytes.byteLength; at += pieceBytes) names.push(pieceName(bytes.subarray(at, at + pieceBytes)));
  return names;
}

/** wiki.db's bytes with their pieces' names; only the pieces not named in `have` when it is given. */
export function exported(bytes: Uint8Array, have?: readonly string[]): ExportedIndex {
  const pieces = pieceNames(bytes);
  if (have === undefined) return { bytes, pieces };
  const known = new Set(have);
  const fresh = pieces.flatMap((name, index) =>
    known.has(name) ? [] : [{ index, bytes: bytes.slice(index * PIECE_BYTES, (index + 1) * PIECE_BYTES) }],
  );
  return { pieces, fresh };
}

/** Whether the main thread handed pieces (not whole bytes, a problem or nothing). */
export function isPieces(read: WikiDbRead): read is WikiDbPieces {
  return typeof read === 'object' && read !== null && 'pieces' in read;
}

/**
 * The pieces as one file to read into the engine (copied straight into SQLite's memory, never joined first), or
 * undefined when a piece does not match its name or is not where the cut puts it: then wiki.db is read whole.
 */
export function piecesFile(read: WikiDbPieces): PersistedFile | undefined {
  const { pieces, names, pieceBytes } = read;
  if (pieces.length === 0 || pieces.length !== names.length || !isPieceSize(pieceBytes)) return undefined;
  let byteLength = 0;
  for (let i = 0; i < pieces.length; i++) {
    const size = pieces[i].byteLength;
    const full = i === pieces.length - 1 ? size > 0 && size <= pieceBytes : size === pieceBytes;
    if (!full || pieceName(pieces[i]) !== names[i]) return undefined;
    byteLength += pieces[i].byteLength;
  }
  return {
    byteLength,
    readInto: (target) => {
      let at = 0;
      for (const piece of pieces) {
        target.set(piece, at);
        at += piece.byteLength;
      }
    },
  };
}

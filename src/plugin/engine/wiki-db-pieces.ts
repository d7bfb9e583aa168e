// wiki.db in pieces (issue 14): beside the whole file, the plugin keeps the same bytes cut into pieces of at most
// PIECE_BYTES, each named by its checksum, so a start reads wiki.db one piece per task instead of one ~100 MB read
// whose copy holds Obsidian's main thread (Obsidian's DataAdapter has no ranged read). wiki.db itself stays the
// whole, plain SQLite file the CLI, the MCP server and SQL tools read. This file is the engine's half (pure: the
// worker's bundle carries it): the pieces' names at export, and the check and assembly at load. A piece that does
// not match its name means the pieces are not used: wiki.db is read whole instead, never a wrong index.
import { checksum, type PersistedFile } from '../../core/index/snapshot';
import type { LoadProblem } from '../../core/index/wiki-index';

/** Largest piece: one adapter read of it is a few milliseconds on the main thread. */
export const PIECE_BYTES = 4 * 1024 * 1024;

/** wiki.db's bytes as exported, with the names of their pieces (in order). */
export interface ExportedIndex {
  readonly bytes: Uint8Array;
  readonly pieces: readonly string[];
}

/** wiki.db read back from its pieces: each piece's bytes and the name it was stored under, in order. */
export interface WikiDbPieces {
  readonly pieces: readonly Uint8Array[];
  readonly names: readonly string[];
}

/** What the main thread hands the engine for wiki.db: whole bytes, pieces, a problem, or nothing. */
export type WikiDbRead = Uint8Array | WikiDbPieces | LoadProblem | undefined;

/** The name a piece is stored under: its checksum and length (a damaged or truncated piece no longer matches). */
export function pieceName(piece: Uint8Array): string {
  return `${checksum(piece)}-${piece.byteLength}`;
}

/** The names of `bytes`' pieces, PIECE_BYTES each (the last one shorter). */
export function pieceNames(bytes: Uint8Array): string[] {
  const names: string[] = [];
  for (let at = 0; at < bytes.byteLength; at += PIECE_BYTES)
    names.push(pieceName(bytes.subarray(at, at + PIECE_BYTES)));
  return names;
}

/** wiki.db's bytes with their pieces' names. */
export function exported(bytes: Uint8Array): ExportedIndex {
  return { bytes, pieces: pieceNames(bytes) };
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
  const { pieces, names } = read;
  if (pieces.length === 0 || pieces.length !== names.length) return undefined;
  let byteLength = 0;
  for (let i = 0; i < pieces.length; i++) {
    const full = i === pieces.length - 1 ? pieces[i].byteLength <= PIECE_BYTES : pieces[i].byteLength === PIECE_BYTES;
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

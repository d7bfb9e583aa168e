// wiki.db's pieces on the vault (the main thread's half; engine/wiki-db-pieces.ts says why they exist). They live
// in a hidden folder beside wiki.db (`.wiki.db.pieces/`: outside the vault's tree, the CLI's walk and Obsidian
// Sync), with a manifest naming them in order and the size and mtime of the wiki.db they were cut from. Written
// after wiki.db: each new piece through a temporary file renamed into place (a piece is whole or absent), pieces
// already there left alone (same name, same bytes), then the manifest, then the pieces it no longer names removed.
// A crash at any point leaves either the old manifest, which no longer matches wiki.db's size and mtime (so wiki.db
// is read whole, as before pieces existed), or the new one with all its pieces.
import type { DataAdapter } from 'obsidian';
import { PIECE_BYTES, type ExportedIndex, type WikiDbPieces } from './engine/wiki-db-pieces';
import { TEMP_SUFFIX, writeAtomically } from './atomic-write';
import { nextTask } from './next-task';

const FORMAT = 'okf-wiki-db-pieces 1';
const MANIFEST = 'manifest.json';

interface Manifest {
  readonly format: string;
  readonly pieceBytes: number;
  /** The wiki.db the pieces were cut from (another writer, such as the CLI, changes these). */
  readonly wikiDb: { readonly size: number; readonly mtime: number };
  readonly pieces: readonly string[];
}

/** The pieces' folder for the wiki.db at `wikiDbPath` (a vault path). */
export function piecesFolder(wikiDbPath: string): string {
  const slash = wikiDbPath.lastIndexOf('/');
  return `${wikiDbPath.slice(0, slash + 1)}.${wikiDbPath.slice(slash + 1)}.pieces`;
}

function isManifest(value: unknown): value is Manifest {
  const m = value as Manifest;
  return (
    typeof m === 'object' &&
    m !== null &&
    m.format === FORMAT &&
    m.pieceBytes === PIECE_BYTES &&
    typeof m.wikiDb?.size === 'number' &&
    typeof m.wikiDb?.mtime === 'number' &&
    Array.isArray(m.pieces) &&
    m.pieces.every((p) => typeof p === 'string' && /^[0-9a-f]{16}-\d+$/.test(p))
  );
}

async function readManifest(adapter: DataAdapter, folder: string): Promise<Manifest | undefined> {
  const path = `${folder}/${MANIFEST}`;
  if (!(await adapter.exists(path))) return undefined;
  const parsed: unknown = JSON.parse(await adapter.read(path));
  return isManifest(parsed) ? parsed : undefined;
}

/**
 * wiki.db's pieces, read one per task, when a manifest names them and still matches wiki.db's size and mtime;
 * undefined otherwise (no pieces, another writer changed wiki.db since, a piece missing or unreadable): read
 * wiki.db whole then. The engine checks each piece against its name before using any.
 */
export async function readPieces(adapter: DataAdapter, wikiDbPath: string): Promise<WikiDbPieces | undefined> {
  try {
    const folder = piecesFolder(wikiDbPath);
    const manifest = await readManifest(adapter, folder);
    const stat = manifest && (await adapter.stat(wikiDbPath));
    if (!manifest || !stat || stat.size !== manifest.wikiDb.size || stat.mtime !== manifest.wikiDb.mtime) return;
    const pieces: Uint8Array[] = [];
    for (const name of manifest.pieces) {
      // One piece per task: the adapter's copy of each is a few milliseconds, and input is handled between them.
      await nextTask();
      pieces.push(new Uint8Array(await adapter.readBinary(`${folder}/${name}`)));
    }
    return { pieces, names: manifest.pieces };
  } catch {
    return undefined;
  }
}

/**
 * Writes the pieces of `index` (wiki.db's bytes, just written at `wikiDbPath`) and their manifest; returns the bytes
 * written (new pieces and the manifest).
 */
export async function writePieces(adapter: DataAdapter, wikiDbPath: string, index: ExportedIndex): Promise<number> {
  const stat = await adapter.stat(wikiDbPath);
  if (!stat) throw new Error(`${wikiDbPath} is missing after its write`);
  const folder = piecesFolder(wikiDbPath);
  if (!(await adapter.exists(folder))) await adapter.mkdir(folder);
  let written = 0;
  for (let i = 0; i < index.pieces.length; i++) {
    const path = `${folder}/${index.pieces[i]}`;
    if (await adapter.exists(path)) continue;
    await nextTask();
    const at = i * PIECE_BYTES;
    // A copy of the piece's range (the adapter writes a whole ArrayBuffer): a few milliseconds per task.
    const piece = index.bytes.slice(at, at + PIECE_BYTES);
    await adapter.writeBinary(path + TEMP_SUFFIX, piece.buffer);
    if (await adapter.exists(path)) await adapter.remove(path + TEMP_SUFFIX);
    else await adapter.rename(path + TEMP_SUFFIX, path);
    written += piece.byteLength;
  }
  const manifest: Manifest = {
    format: FORMAT,
    pieceBytes: PIECE_BYTES,
    wikiDb: { size: stat.size, mtime: stat.mtime },
    pieces: index.pieces,
  };
  const text = JSON.stringify(manifest);
  await writeAtomically(adapter, `${folder}/${MANIFEST}`, text);
  written += text.length;
  const kept = new Set([...index.pieces, MANIFEST]);
  for (const path of (await adapter.list(folder)).files)
    if (!kept.has(path.slice(path.lastIndexOf('/') + 1))) await adapter.remove(path);
  return written;
}

/** Removes the pieces of a wiki.db that moved elsewhere (the setting changed). */
export async function removePieces(adapter: DataAdapter, wikiDbPath: string): Promise<void> {
  const folder = piecesFolder(wikiDbPath);
  if (await adapter.exists(folder)) await adapter.rmdir(folder, true);
}

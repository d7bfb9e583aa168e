// wiki.db's pieces on the vault (the main thread's half; engine/wiki-db-pieces.ts says why they exist). They live
// in a hidden folder beside wiki.db (`.wiki.db.pieces/`: outside the vault's tree, the CLI's walk and Obsidian
// Sync), with a manifest (wiki-db-manifest.ts) naming them in order. Each new piece is written through a temporary
// file renamed into place (a piece is whole or absent); pieces already there are left alone (same name, same
// bytes); the manifest is replaced atomically after the pieces it names; pieces no manifest names any more are
// removed only after that. So a crash at any point leaves a manifest whose pieces are all there.
import type { DataAdapter, Stat } from 'obsidian';
import { MAX_WIKI_DB_BYTES } from '../core/index/snapshot';
import { PIECE_BYTES, type ExportedIndex, type WikiDbPieces } from './engine/wiki-db-pieces';
import { BACKUP_SUFFIX, ownBuffer, readPersisted, TEMP_NAME, tempPath, writeAtomically } from './atomic-write';
import { Slicer } from './next-task';
import { namedBytes, parseManifest, type Manifest, type WikiDbRecord } from './wiki-db-manifest';

const MANIFEST = 'manifest.json';
/** A piece's name: its hash and its length (wiki-db-pieces.ts). */
const PIECE_NAME = /^[0-9a-f]{16}-\d+$/;
/** What every manifest format of the plugin's names itself with. */
const MANIFEST_FORMATS = 'okf-wiki-db-pieces ';

/** The pieces' folder for the wiki.db at `wikiDbPath` (a vault path). */
export function piecesFolder(wikiDbPath: string): string {
  const slash = wikiDbPath.lastIndexOf('/');
  return `${wikiDbPath.slice(0, slash + 1)}.${wikiDbPath.slice(slash + 1)}.pieces`;
}

/** The manifest beside `wikiDbPath`, or undefined (none, unreadable, of another format or damaged). */
export async function readManifest(adapter: DataAdapter, wikiDbPath: string): Promise<Manifest | undefined> {
  try {
    const path = `${piecesFolder(wikiDbPath)}/${MANIFEST}`;
    return (await adapter.exists(path)) ? parseManifest(await adapter.read(path)) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * wiki.db's bytes when the file there is not the one the plugin last read or wrote (`recorded`: its size and mtime
 * then; undefined when the index was built instead of read): another shell (the CLI, the MCP server) wrote it
 * meanwhile, recording ctimes the plugin cannot see (core/index/adopt-ctimes.ts keeps them). Undefined when it is
 * ours, absent, or cannot be read (those ctimes are then lost: the next CLI question reads those files once more).
 */
export async function foreignWikiDb(
  adapter: DataAdapter,
  path: string,
  recorded: WikiDbRecord | undefined,
): Promise<Uint8Array | undefined> {
  try {
    const stat = await adapter.stat(path);
    if (stat?.type !== 'file' || (recorded?.size === stat.size && recorded.mtime === stat.mtime)) return undefined;
    const bytes = await readPersisted(adapter, path);
    return bytes instanceof Uint8Array ? bytes : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether the manifest's pieces may stand for the index: wiki.db (stat `wikiDb`) is still the file the plugin last
 * wrote whole (no other tool wrote it since, nobody deleted it), and the pieces are not over the size limit.
 */
export function piecesUsable(manifest: Manifest, wikiDb: Stat | null): boolean {
  return (
    wikiDb !== null &&
    wikiDb.size === manifest.wikiDb.size &&
    wikiDb.mtime === manifest.wikiDb.mtime &&
    manifest.pieces.length > 0 &&
    namedBytes(manifest.pieces) <= MAX_WIKI_DB_BYTES
  );
}

/**
 * The pieces `manifest` names, read in slices of the main thread's time (a read of one is a copy of at most a
 * piece); undefined when one cannot be read. The engine checks each against its name before using any.
 */
export async function readPieceFiles(
  adapter: DataAdapter,
  wikiDbPath: string,
  manifest: Manifest,
): Promise<WikiDbPieces | undefined> {
  const folder = piecesFolder(wikiDbPath);
  const slicer = new Slicer();
  const pieces: Uint8Array[] = [];
  try {
    for (const name of manifest.pieces) {
      if (slicer.due()) await slicer.yield();
      pieces.push(new Uint8Array(await adapter.readBinary(`${folder}/${name}`)));
    }
  } catch {
    return undefined;
  }
  return { pieces, names: manifest.pieces, pieceBytes: manifest.pieceBytes };
}

/** Whether the plugin puts files of this name in the pieces' folder: a piece, the manifest, their temporary files. */
function isOurName(name: string): boolean {
  const unsuffixed = name.replace(TEMP_NAME, '');
  const base = unsuffixed.endsWith(BACKUP_SUFFIX) ? unsuffixed.slice(0, -BACKUP_SUFFIX.length) : unsuffixed;
  return base === MANIFEST || PIECE_NAME.test(base);
}

/** Whether `text` is a manifest of the plugin's, of any format (another one's manifest.json is never replaced). */
function isOurManifest(text: string): boolean {
  try {
    const format = (JSON.parse(text) as { format?: unknown } | null)?.format;
    return typeof format === 'string' && format.startsWith(MANIFEST_FORMATS);
  } catch {
    return false;
  }
}

/**
 * The names in the pieces' folder (pieces, the manifest, temporary files), or none when there is no folder. Throws
 * when it holds anything else, so nothing is written or removed there: the adapter follows links, and a bundle from
 * elsewhere can hold the folder as a link (git keeps links) to a folder of other files, which the pruning of pieces
 * no manifest names deleted, and whose manifest.json was replaced.
 */
async function listed(adapter: DataAdapter, folder: string): Promise<string[]> {
  if (!(await adapter.exists(folder))) return [];
  // A system's hidden files (.DS_Store) are neither refused nor removed.
  const names = (await adapter.list(folder)).files
    .map((path) => path.slice(path.lastIndexOf('/') + 1))
    .filter((name) => !name.startsWith('.'));
  const foreign = names.filter((name) => !isOurName(name));
  if (foreign.length === 0 && names.includes(MANIFEST)) {
    if (!isOurManifest(await adapter.read(`${folder}/${MANIFEST}`).catch(() => ''))) foreign.push(MANIFEST);
  }
  if (foreign.length > 0)
    throw new Error(
      `${folder} holds files that are not wiki.db's pieces (${foreign.slice(0, 3).join(', ')}); it may be a link ` +
        `to another folder. Nothing was written or removed there: move it away, and the plugin makes its own`,
    );
  return names;
}

/**
 * Writes the pieces of `index` that the folder does not hold yet; returns the bytes written. Throws, naming the
 * piece, when one is neither in the folder nor in `index` (removed behind the plugin's back since it was named):
 * the next write then asks for wiki.db's bytes whole.
 */
export async function writeNewPieces(adapter: DataAdapter, wikiDbPath: string, index: ExportedIndex): Promise<number> {
  const folder = piecesFolder(wikiDbPath);
  const present = new Set(await listed(adapter, folder));
  if (present.size === 0 && !(await adapter.exists(folder))) await adapter.mkdir(folder);
  const fresh = new Map((index.fresh ?? []).map((f) => [f.index, f.bytes]));
  const slicer = new Slicer();
  let written = 0;
  for (let i = 0; i < index.pieces.length; i++) {
    const name = index.pieces[i];
    if (present.has(name)) continue;
    if (slicer.due()) await slicer.yield();
    const at = i * PIECE_BYTES;
    // A copy of the piece's range (the adapter writes a whole ArrayBuffer): a fraction of a millisecond.
    const piece = index.bytes?.slice(at, at + PIECE_BYTES) ?? fresh.get(i);
    if (!piece) throw new Error(`${folder}/${name} is missing`);
    const path = `${folder}/${name}`;
    const temp = tempPath(path);
    await adapter.writeBinary(temp, ownBuffer(piece));
    await adapter.rename(temp, path);
    present.add(name);
    written += piece.byteLength;
  }
  return written;
}

/** Replaces the manifest atomically; returns the bytes written. */
export async function writeManifest(adapter: DataAdapter, wikiDbPath: string, manifest: Manifest): Promise<number> {
  const text = JSON.stringify(manifest);
  await writeAtomically(adapter, `${piecesFolder(wikiDbPath)}/${MANIFEST}`, text);
  return text.length;
}

/** Removes what `manifest` (just written) does not name: older pieces, a temporary file left by a crash. */
export async function prunePieces(adapter: DataAdapter, wikiDbPath: string, manifest: Manifest): Promise<void> {
  const folder = piecesFolder(wikiDbPath);
  const kept = new Set([...manifest.pieces, MANIFEST]);
  for (const name of await listed(adapter, folder)) if (!kept.has(name)) await adapter.remove(`${folder}/${name}`);
}

/** Removes the pieces of a wiki.db that moved elsewhere (the setting changed). */
export async function removePieces(adapter: DataAdapter, wikiDbPath: string): Promise<void> {
  const folder = piecesFolder(wikiDbPath);
  // Only a folder of the plugin's own files (listed throws otherwise): never a linked folder's contents.
  await listed(adapter, folder);
  if (await adapter.exists(folder)) await adapter.rmdir(folder, true);
}

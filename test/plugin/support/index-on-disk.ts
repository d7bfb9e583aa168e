// What the two copies of the index on disk hold (wiki.db, and the pieces the plugin writes beside it), read with
// Node's fs as another tool would: the concepts' titles.
import { readFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import { WikiIndex, isLoadProblem, rawDatabase } from '../../../src/core/index/wiki-index';

/** The titles of the concepts in an index's bytes. */
export async function titlesIn(bytes: Uint8Array): Promise<string[]> {
  const index = await WikiIndex.load(bytes);
  if (isLoadProblem(index)) throw new Error(index.reason);
  try {
    return index.conceptTitles().map((c) => c.title);
  } finally {
    index.close();
  }
}

/** The titles in the wiki.db at `path` (a file path). */
export function wikiDbTitles(path: string): Promise<string[]> {
  return titlesIn(new Uint8Array(readFileSync(path)));
}

/** The index the pieces beside the wiki.db at `path` hold: the pieces joined in the manifest's order. */
export function piecesBytes(path: string): Uint8Array {
  const folder = nodePath.join(nodePath.dirname(path), `.${nodePath.basename(path)}.pieces`);
  const manifest = JSON.parse(readFileSync(nodePath.join(folder, 'manifest.json'), 'utf8')) as { pieces: string[] };
  return new Uint8Array(Buffer.concat(manifest.pieces.map((name) => readFileSync(nodePath.join(folder, name)))));
}

/** The titles in the pieces beside the wiki.db at `path`. */
export function piecesTitles(path: string): Promise<string[]> {
  return titlesIn(piecesBytes(path));
}

/** The ctime the wiki.db at `path` records for each file, in path order (null: none recorded). */
export async function wikiDbCtimes(path: string): Promise<(number | null)[]> {
  const index = await WikiIndex.load(new Uint8Array(readFileSync(path)));
  if (isLoadProblem(index)) throw new Error(index.reason);
  try {
    return rawDatabase(index)
      .all<{ ctime: number | null }>('select ctime from files order by path')
      .map((r) => r.ctime);
  } finally {
    index.close();
  }
}

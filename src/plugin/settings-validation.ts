// Checks a path-like setting against the vault before it is applied: the bundle and concept folders must
// exist (a missing folder would silently give 0 concepts), and the index file must be a `.db` path that is not
// an existing note or other file, another application's SQLite database (each would be overwritten with the index,
// QA3 Q1) nor a folder: an existing file is accepted only when it is an okf-wiki index (core/index/peek-index.ts).
import type { Vault } from 'obsidian';
import { notAnIndex } from '../core/index/peek-index';
import { indexFileNameProblem } from './settings';

/** A validated value, or why it was refused. */
export type Checked<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: string };

/** The bundle folder: empty (the vault root) or an existing folder. */
export function checkBundleFolder(vault: Vault, folder: string): Checked<string> {
  if (folder === '' || vault.getFolderByPath(folder) !== null) return { ok: true, value: folder };
  return { ok: false, error: `There is no folder “${folder}” in this vault.` };
}

/** Concept folders: each must exist inside the bundle folder. */
export function checkConceptFolders(
  vault: Vault,
  bundleFolder: string,
  folders: readonly string[],
): Checked<readonly string[]> {
  const missing = folders.filter(
    (f) => vault.getFolderByPath(bundleFolder === '' ? f : `${bundleFolder}/${f}`) === null,
  );
  if (missing.length === 0) return { ok: true, value: folders };
  const where = bundleFolder === '' ? 'the vault' : `“${bundleFolder}”`;
  return { ok: false, error: `Not found in ${where}: ${missing.join(', ')}.` };
}

/** The index file: a `.db` path where nothing but an okf-wiki index (an earlier one, or the CLI's) exists. */
export async function checkIndexFile(vault: Vault, path: string): Promise<Checked<string>> {
  const problem = indexFileNameProblem(path);
  if (problem !== null) return { ok: false, error: problem };
  if (path === '') return { ok: true, value: path };
  if (vault.getFolderByPath(path) !== null)
    return { ok: false, error: `“${path}” is a folder; name a file, like ${path}/wiki.db.` };
  const parts = path.split('/');
  for (let i = 1; i < parts.length; i++) {
    const parent = parts.slice(0, i).join('/');
    if (vault.getFileByPath(parent) !== null) return { ok: false, error: `“${parent}” is a file, not a folder.` };
  }
  if (await vault.adapter.exists(path)) {
    // The vault's adapter reads files whole (no read at an offset); notAnIndex looks at a few pages of them.
    const bytes = new Uint8Array(await vault.adapter.readBinary(path));
    const why = notAnIndex((offset, length) => bytes.subarray(offset, offset + length));
    if (why !== undefined) {
      return {
        ok: false,
        error:
          `“${path}” already exists and is not an OKF Graph Wiki index (${why}); ` +
          `it would be overwritten. Choose another name.`,
      };
    }
  }
  return { ok: true, value: path };
}

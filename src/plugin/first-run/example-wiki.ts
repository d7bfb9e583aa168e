// Creates the example wiki (the computing-history bundle: 36 concepts on the history of computing) in a new
// vault folder, through the Vault API so the new notes are in the vault's tree and editors at once.
import { normalizePath, type Vault } from 'obsidian';
import { EXAMPLE_WIKI_FILES } from './example-wiki-files';

/** The folder the example goes in; `okf-example-wiki 2`, `3`… when the name is taken. */
export const EXAMPLE_FOLDER = 'okf-example-wiki';

/** A folder name not used in the vault yet. */
export function freeFolderName(vault: Vault, base: string = EXAMPLE_FOLDER): string {
  for (let n = 1; ; n++) {
    const name = n === 1 ? base : `${base} ${n}`;
    if (vault.getAbstractFileByPath(name) === null) return name;
  }
}

/** Writes the example's files under a new folder and returns that folder's vault path. */
export async function createExampleWiki(vault: Vault): Promise<string> {
  const folder = freeFolderName(vault);
  const made = new Set<string>();
  for (const [path, text] of Object.entries(EXAMPLE_WIKI_FILES)) {
    const target = normalizePath(`${folder}/${path}`);
    const parent = target.slice(0, target.lastIndexOf('/'));
    if (!made.has(parent) && vault.getFolderByPath(parent) === null) await vault.createFolder(parent);
    made.add(parent);
    await vault.create(target, text);
  }
  return folder;
}

// A batch of vault events in the bundle's terms: which bundle paths to forget and which to read again. A renamed
// or created folder stands for the files in it; a changed path the vault no longer has counts as removed.
import type { Vault } from 'obsidian';
import type { ChangeBatch } from '../core/engine/change-batcher';
import { isIndexedPath, toBundlePath, type BundleScope } from './bundle-scope';

/** Bundle paths a batch removes (a folder's whole subtree) and the indexed ones it asks to read again. */
export interface BundleChanges {
  readonly removed: string[];
  readonly toRead: string[];
}

/** Translates vault paths to bundle paths, dropping those outside the bundle or its concept folders. */
export function bundleChangesOf(vault: Vault, scope: BundleScope, batch: ChangeBatch): BundleChanges {
  const removed: string[] = [];
  const toRead: string[] = [];
  for (const vaultPath of batch.removed) {
    const bundlePath = toBundlePath(scope, vaultPath);
    if (bundlePath !== null) removed.push(bundlePath);
  }
  for (const vaultPath of expandFolders(vault, batch.changed)) {
    const bundlePath = toBundlePath(scope, vaultPath);
    if (bundlePath === null || !isIndexedPath(scope, vaultPath)) continue;
    if (vault.getFileByPath(vaultPath) === null) removed.push(bundlePath);
    else toRead.push(bundlePath);
  }
  return { removed, toRead };
}

/** A renamed or created folder stands for the files in it. */
function expandFolders(vault: Vault, paths: readonly string[]): string[] {
  const out: string[] = [];
  for (const path of paths) {
    if (!vault.getFolderByPath(path)) out.push(path);
    else
      out.push(
        ...vault
          .getFiles()
          .filter((f) => f.path.startsWith(path + '/'))
          .map((f) => f.path),
      );
  }
  return [...new Set(out)];
}

// The metadata cache is the trigger (not the parser): `changed` after a save, vault `delete` and `rename`,
// each filtered to concept files of the bundle before it reaches the batcher, so generated files (timeline.md,
// index.md, log.md, wiki-trigger-keywords.txt, wiki.db) never cause indexing.
import { TFolder, type Plugin, type TAbstractFile } from 'obsidian';
import { isHidden } from '../core/okf/paths';
import { isIndexedPath, toBundlePath, type BundleScope } from './bundle-scope';
import type { ChangeBatcher } from '../core/engine/change-batcher';

/** True when an event about this file or folder can change the index. */
function concerns(scope: BundleScope, file: TAbstractFile, path: string): boolean {
  if (file instanceof TFolder) {
    const bundlePath = toBundlePath(scope, path);
    return bundlePath !== null && !isHidden(bundlePath);
  }
  return isIndexedPath(scope, path);
}

export function watchVault(plugin: Plugin, batcher: ChangeBatcher, scope: () => BundleScope): void {
  const { vault, metadataCache } = plugin.app;
  plugin.registerEvent(
    metadataCache.on('changed', (file) => {
      if (isIndexedPath(scope(), file.path)) batcher.changed(file.path);
    }),
  );
  plugin.registerEvent(
    vault.on('delete', (file) => {
      if (concerns(scope(), file, file.path)) batcher.removed(file.path);
    }),
  );
  plugin.registerEvent(
    vault.on('rename', (file, oldPath) => {
      const s = scope();
      if (concerns(s, file, oldPath)) batcher.removed(oldPath);
      if (concerns(s, file, file.path)) batcher.changed(file.path);
    }),
  );
}

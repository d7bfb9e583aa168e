// Which vault files belong to the bundle and which of them are concepts. Vault paths are Obsidian's
// (`wiki/entities/x.md`); bundle paths are the core's (`/entities/x.md`, relative to the bundle folder).
import { isConceptCandidate, normalizeBundlePath } from '../core/okf/paths';

export interface BundleScope {
  /** Vault folder of the bundle; `` is the vault root. */
  readonly bundleFolder: string;
  /** Bundle folders holding concepts; empty means anywhere in the bundle. */
  readonly conceptFolders: readonly string[];
}

/** The scope of a settings object (only its bundle and concept folders, copied). */
export function scopeOf(settings: BundleScope): BundleScope {
  return { bundleFolder: settings.bundleFolder, conceptFolders: settings.conceptFolders };
}

/** The bundle path of a vault path, or null when the file is outside the bundle. */
export function toBundlePath(scope: BundleScope, vaultPath: string): string | null {
  if (scope.bundleFolder === '') return normalizeBundlePath(vaultPath);
  const prefix = scope.bundleFolder + '/';
  return vaultPath.startsWith(prefix) ? normalizeBundlePath(vaultPath.slice(prefix.length)) : null;
}

/**
 * The vault path of a bundle path. A path with `..` (or otherwise not inside the bundle) is refused with an error
 * naming it: no path the engine sends may read or write outside the bundle.
 */
export function toVaultPath(scope: BundleScope, bundlePath: string): string {
  const normalized = normalizeBundlePath(bundlePath);
  if (normalized === null || bundlePath.replace(/\\/g, '/').split('/').includes('..'))
    throw new Error(`"${bundlePath}" is not a path inside the bundle.`);
  const rel = normalized.slice(1);
  return scope.bundleFolder === '' ? rel : `${scope.bundleFolder}/${rel}`;
}

/** True when a bundle path lies in one of the concept folders (or no folders are configured). */
export function inConceptFolders(scope: BundleScope, bundlePath: string): boolean {
  return scope.conceptFolders.length === 0 || scope.conceptFolders.some((f) => bundlePath.startsWith(`/${f}/`));
}

/**
 * True when a change to this vault file must reach the index: a markdown concept candidate inside the bundle
 * and its concept folders. Generated files (timeline.md, index.md, log.md, wiki-trigger-keywords.txt,
 * wiki.db) and hidden folders never are.
 */
export function isIndexedPath(scope: BundleScope, vaultPath: string): boolean {
  const bundlePath = toBundlePath(scope, vaultPath);
  return bundlePath !== null && isConceptCandidate(bundlePath) && inConceptFolders(scope, bundlePath);
}

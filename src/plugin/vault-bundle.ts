// The bundle as the core sees it (BundleSource, BundleWriter), over the vault: the file list comes from the
// vault's in-memory tree (no disk walk), contents through the adapter, writes atomically.
import { normalizePath, type Vault } from 'obsidian';
import { isConceptCandidate } from '../core/okf/paths';
import type { BundleSource, BundleWriter, FileStat } from '../core/types';
import { writeAtomically } from './atomic-write';
import { inConceptFolders, toBundlePath, toVaultPath, type BundleScope } from './bundle-scope';

export class VaultBundle implements BundleSource, BundleWriter {
  /**
   * Files this bundle wrote that the vault's tree may not show yet: the adapter's writes reach the tree through
   * the file watcher, a moment later. Listing them meanwhile keeps a second generator run (log.md) from reading
   * "no file" and replacing what the first one wrote.
   */
  private readonly written = new Set<string>();

  constructor(
    private readonly vault: Vault,
    readonly scope: BundleScope,
  ) {}

  /**
   * Every file of the bundle, except notes outside the concept folders that would otherwise be read as concepts.
   * Reserved files (index.md, log.md, timeline.md) are always listed, so generators merge into them.
   */
  async list(): Promise<string[]> {
    const out = new Set<string>();
    for (const file of this.vault.getFiles()) {
      const path = toBundlePath(this.scope, file.path);
      if (path === null) continue;
      if (isConceptCandidate(path) && !inConceptFolders(this.scope, path)) continue;
      out.add(path);
    }
    for (const path of [...this.written]) {
      if (out.has(path)) this.written.delete(path);
      else if (await this.vault.adapter.exists(this.vaultPath(path))) out.add(path);
      else this.written.delete(path);
    }
    return [...out].sort();
  }

  async read(path: string): Promise<string> {
    try {
      return await this.vault.adapter.read(this.vaultPath(path));
    } catch (error) {
      throw new Error(`${path}: ${(error as Error).message}`);
    }
  }

  /** From the vault's in-memory tree (no disk access): lets a catch-up skip files unchanged since wiki.db. */
  async stat(path: string): Promise<FileStat | undefined> {
    const file = this.vault.getFileByPath(this.vaultPath(path));
    return file ? { mtime: file.stat.mtime, size: file.stat.size } : undefined;
  }

  /** A file's text, or undefined when it does not exist. */
  async readIfExists(path: string): Promise<string | undefined> {
    const vaultPath = this.vaultPath(path);
    return (await this.vault.adapter.exists(vaultPath)) ? this.vault.adapter.read(vaultPath) : undefined;
  }

  async write(path: string, data: string | Uint8Array): Promise<void> {
    await writeAtomically(this.vault.adapter, this.vaultPath(path), data);
    this.written.add(path);
  }

  /** The vault path of a bundle path. */
  vaultPath(path: string): string {
    return normalizePath(toVaultPath(this.scope, path));
  }
}

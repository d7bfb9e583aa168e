// The bundle as the core sees it (BundleSource, BundleWriter), over the vault: the file list comes from the
// vault's in-memory tree (no disk walk), contents through the adapter, writes atomically.
import { normalizePath, type Vault } from 'obsidian';
import type { BundleSource, BundleWriter, FileStat } from '../core/types';
import { writeAtomically } from './atomic-write';
import { inConceptFolders, toBundlePath, toVaultPath, type BundleScope } from './bundle-scope';

export class VaultBundle implements BundleSource, BundleWriter {
  constructor(
    private readonly vault: Vault,
    readonly scope: BundleScope,
  ) {}

  /** Every file of the bundle; markdown only from the concept folders, so other notes never become concepts. */
  async list(): Promise<string[]> {
    const out: string[] = [];
    for (const file of this.vault.getFiles()) {
      const path = toBundlePath(this.scope, file.path);
      if (path === null) continue;
      if (file.extension === 'md' && !inConceptFolders(this.scope, path)) continue;
      out.push(path);
    }
    return out.sort();
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
  }

  /** The vault path of a bundle path. */
  vaultPath(path: string): string {
    return normalizePath(toVaultPath(this.scope, path));
  }
}

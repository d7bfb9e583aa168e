// Writes a plan's concept files through the Vault rather than behind its back: an existing note with
// `Vault.process` (Obsidian's atomic read-modify-write, which keeps an open editor in step), a new page with
// `Vault.create`, so the file is in the vault's tree at once and the index update that follows can read it.
import { normalizePath, type Vault } from 'obsidian';
import type { BundleWriter } from '../../core/types';
import type { VaultBundle } from '../vault-bundle';

export class VaultPlanWriter implements BundleWriter {
  constructor(
    private readonly vault: Vault,
    private readonly bundle: VaultBundle,
  ) {}

  async write(path: string, data: string | Uint8Array): Promise<void> {
    if (typeof data !== 'string') return this.bundle.write(path, data);
    const vaultPath = this.bundle.vaultPath(path);
    const file = this.vault.getFileByPath(vaultPath);
    if (file) {
      await this.vault.process(file, () => data);
      return;
    }
    const slash = vaultPath.lastIndexOf('/');
    const parent = slash > 0 ? normalizePath(vaultPath.slice(0, slash)) : '';
    if (parent !== '' && this.vault.getFolderByPath(parent) === null) await this.vault.createFolder(parent);
    await this.vault.create(vaultPath, data);
  }
}

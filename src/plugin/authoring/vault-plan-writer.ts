// Writes a plan's concept files through the Vault rather than behind its back: an existing note with
// `Vault.process` (Obsidian's atomic read-modify-write, which keeps an open editor in step), a new page with
// `Vault.create`, so the file is in the vault's tree at once and the index update that follows can read it.
// The plugin cannot take the Node shells' lock file, so it checks instead: the note must still hold the text the
// preview was made from when `process` hands over its current content, or nothing is written.
import { normalizePath, type Vault } from 'obsidian';
import { ChangedSincePlan, type PlanWriter } from '../../core/author/apply-plan';
import type { VaultBundle } from '../vault-bundle';

export class VaultPlanWriter implements PlanWriter {
  constructor(
    private readonly vault: Vault,
    private readonly bundle: VaultBundle,
  ) {}

  async write(path: string, data: string, expected?: string | null): Promise<void> {
    const vaultPath = this.bundle.vaultPath(path);
    const file = this.vault.getFileByPath(vaultPath);
    if (file) {
      if (expected === null)
        throw new ChangedSincePlan(path, `${path} was created since the preview; it was not overwritten`);
      await this.vault.process(file, (current) => {
        // Inside the callback: the content Obsidian is about to replace, not a read made a moment earlier.
        if (expected !== undefined && current !== expected)
          throw new ChangedSincePlan(path, `${path} changed since the preview; it was not overwritten`);
        return data;
      });
      return;
    }
    if (expected !== undefined && expected !== null)
      throw new ChangedSincePlan(path, `${path} was removed since the preview; nothing of it was written`);
    const slash = vaultPath.lastIndexOf('/');
    const parent = slash > 0 ? normalizePath(vaultPath.slice(0, slash)) : '';
    if (parent !== '' && this.vault.getFolderByPath(parent) === null) await this.vault.createFolder(parent);
    try {
      await this.vault.create(vaultPath, data);
    } catch (error) {
      // Obsidian refuses to create over an existing file (one its tree did not show yet).
      if (await this.vault.adapter.exists(vaultPath))
        throw new ChangedSincePlan(path, `${path} was created since the preview; it was not overwritten`);
      throw error;
    }
  }
}

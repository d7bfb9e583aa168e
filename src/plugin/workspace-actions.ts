// Small actions shared by commands and views: open a bundle file, show one of the plugin's views, copy text.
import { Keymap, Notice, type App, type WorkspaceLeaf } from 'obsidian';
import { toVaultPath, type BundleScope } from './bundle-scope';

/** Opens a bundle file in the editor (a new tab with Ctrl/Cmd or a middle click), at a 1-based line if given. */
export async function openBundleFile(
  app: App,
  scope: BundleScope,
  bundlePath: string,
  evt?: MouseEvent,
  line?: number,
): Promise<void> {
  let vaultPath: string;
  try {
    vaultPath = toVaultPath(scope, bundlePath);
  } catch (error) {
    new Notice(`OKF Graph Wiki: ${(error as Error).message}`);
    return;
  }
  const file = app.vault.getFileByPath(vaultPath);
  if (!file) {
    new Notice(`OKF Graph Wiki: ${bundlePath.replace(/^\/+/, '')} is not in the vault any more.`);
    return;
  }
  // The markdown view's ephemeral state `line` (0-based) puts the cursor on that line and scrolls to it.
  await app.workspace
    .getLeaf(Keymap.isModEvent(evt))
    .openFile(file, line !== undefined ? { eState: { line: line - 1 } } : undefined);
}

/** Shows the view of `type`: the existing leaf if there is one, else a new one (right sidebar or a main tab). */
export async function revealView(app: App, type: string, where: 'right' | 'tab'): Promise<WorkspaceLeaf | null> {
  const { workspace } = app;
  let leaf: WorkspaceLeaf | null = workspace.getLeavesOfType(type)[0] ?? null;
  if (!leaf) {
    leaf = where === 'right' ? workspace.getRightLeaf(false) : workspace.getLeaf('tab');
    if (!leaf) return null;
    await leaf.setViewState({ type, active: true });
  }
  await workspace.revealLeaf(leaf);
  return leaf;
}

/** Copies text to the clipboard; false (with a notice) when the platform refuses. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch (error) {
    new Notice(`OKF Graph Wiki: could not copy to the clipboard (${(error as Error).message}).`);
    return false;
  }
}

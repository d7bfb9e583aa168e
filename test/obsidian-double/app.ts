// The App: vault, metadata cache, workspace, file manager, commands and setting tabs, drawn into the document
// the way Obsidian's window is laid out (ribbon, workspace splits, status bar).
import type * as O from 'obsidian';
import { parse, stringify } from 'yaml';
import type { FileStore } from './file-store';
import { MetadataCache } from './metadata-cache';
import { Vault } from './vault';
import { MarkdownView } from './views';
import { Workspace } from './workspace';

/** The command palette's registry (Obsidian's is `app.commands`, not part of the public API). */
export class CommandRegistry {
  readonly commands = new Map<string, O.Command>();

  constructor(private readonly app: App) {}

  add(command: O.Command): void {
    this.commands.set(command.id, command);
  }

  remove(id: string): void {
    this.commands.delete(id);
  }

  list(): O.Command[] {
    return [...this.commands.values()];
  }

  /**
   * Runs a command as the palette does: editor commands only with an active markdown view. False when it cannot run.
   */
  executeCommandById(id: string): boolean {
    const command = this.commands.get(id);
    if (!command) return false;
    const view = this.app.workspace.getActiveViewOfType(MarkdownView as unknown as O.Constructor<O.MarkdownView>);
    const editor = view ? (view as unknown as MarkdownView).editor : null;
    if (command.editorCheckCallback) {
      if (!editor || !command.editorCheckCallback(true, editor as unknown as O.Editor, view!)) return false;
      command.editorCheckCallback(false, editor as unknown as O.Editor, view!);
      return true;
    }
    if (command.editorCallback) {
      if (!editor) return false;
      void command.editorCallback(editor as unknown as O.Editor, view!);
      return true;
    }
    if (command.checkCallback) {
      if (!command.checkCallback(true)) return false;
      command.checkCallback(false);
      return true;
    }
    if (command.callback) {
      void command.callback();
      return true;
    }
    return false;
  }
}

export class FileManager implements Pick<O.FileManager, 'processFrontMatter' | 'renameFile' | 'trashFile'> {
  constructor(private readonly vault: Vault) {}

  async processFrontMatter(file: O.TFile, fn: (frontmatter: Record<string, unknown>) => void): Promise<void> {
    await this.vault.process(file, (text) => {
      const m = /^---\r?\n([\s\S]*?)\r?\n---(\r?\n|$)/.exec(text);
      const fm = ((m ? parse(m[1]) : {}) ?? {}) as Record<string, unknown>;
      fn(fm);
      const block = `---\n${stringify(fm)}---\n`;
      return m ? block + text.slice(m[0].length) : block + text;
    });
  }

  async renameFile(file: O.TAbstractFile, newPath: string): Promise<void> {
    await this.vault.rename(file, newPath);
  }

  async trashFile(file: O.TAbstractFile): Promise<void> {
    await this.vault.trash(file, false);
  }
}

type AppApi = Pick<O.App, 'isDarkMode' | 'loadLocalStorage' | 'saveLocalStorage'>;

export class App implements AppApi {
  readonly containerEl: HTMLElement;
  readonly ribbonEl: HTMLElement;
  readonly statusBarEl: HTMLElement;
  readonly workspace: Workspace;
  readonly metadataCache: MetadataCache;
  readonly fileManager: FileManager;
  readonly commands = new CommandRegistry(this);
  settingTabs: O.PluginSettingTab[] = [];
  private readonly storage = new Map<string, unknown>();

  private constructor(readonly vault: Vault) {
    document.body.addClass('theme-dark');
    this.containerEl = document.body.createDiv({ cls: 'app-container' });
    const main = this.containerEl.createDiv({ cls: 'horizontal-main-container' });
    this.ribbonEl = main.createDiv({ cls: 'workspace-ribbon side-dock-ribbon mod-left' });
    this.workspace = new Workspace(this, main);
    this.statusBarEl = this.containerEl.createDiv({ cls: 'status-bar' });
    this.metadataCache = new MetadataCache(vault);
    this.fileManager = new FileManager(vault);
  }

  /** Opens a vault over `store` and fills the metadata cache, as Obsidian does before it loads plugins. */
  static async create(store: FileStore): Promise<App> {
    const app = new App(await Vault.load(store));
    await app.metadataCache.primeFromDisk();
    return app;
  }

  isDarkMode(): boolean {
    return true;
  }

  loadLocalStorage(key: string): unknown {
    return this.storage.get(key) ?? null;
  }

  saveLocalStorage(key: string, data: unknown): void {
    if (data === null) this.storage.delete(key);
    else this.storage.set(key, data);
  }

  /** This app as the type plugins see. */
  get asObsidian(): O.App {
    return this as unknown as O.App;
  }

  /** Test helper (not Obsidian API): waits until the file watcher and the metadata cache have nothing pending. */
  async settle(): Promise<void> {
    for (let i = 0; i < 3; i++) {
      await this.vault.settle();
      await this.metadataCache.settle();
      await new Promise((r) => setTimeout(r, 0));
    }
  }

  /** Test helper: removes this app's DOM (between tests). */
  destroy(): void {
    this.containerEl.detach();
    document.body.querySelectorAll('.modal-container, .notice-container').forEach((el) => el.remove());
  }
}

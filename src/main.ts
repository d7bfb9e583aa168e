// Obsidian plugin entry: wiring only. onload reads settings and registers views, commands, the settings tab
// and the status bar; the index (WASM engine, wiki.db, catch-up) opens after the layout is ready.
import { Notice, Plugin, type WorkspaceLeaf } from 'obsidian';
import { ChangeBatcher } from './core/engine/change-batcher';
import { copyAnswer, registerCommands } from './plugin/commands';
import { copyAnswerMermaid } from './plugin/copy-mermaid';
import { offerSetup } from './plugin/first-run/first-run';
import type { SetupModal } from './plugin/first-run/setup-modal';
import { createPluginEmbedder } from './plugin/plugin-embedder';
import { SettingsController } from './plugin/settings-controller';
import { OkfSettingTab } from './plugin/settings-tab';
import { StatusBar } from './plugin/status-bar';
import { watchVault } from './plugin/vault-events';
import { LINT_VIEW_TYPE, LintView } from './plugin/views/lint-view';
import { QUERY_VIEW_TYPE, QueryView } from './plugin/views/query-view';
import { engineChoice } from './plugin/engine/engine-worker';
import { WikiService } from './plugin/wiki-service';
import { openBundleFile, revealView } from './plugin/workspace-actions';

/**
 * SQLite's WASM build publishes its loader on globalThis when its module is evaluated; the release build leaves
 * that out (build/sqlite-lean.mjs), and this removes it where the module came unmodified (development, tests),
 * so that a disabled plugin leaves nothing behind. The engine keeps its own reference; nothing else reads them.
 * The plugin's code runs in the main window, whose global object is `window`.
 */
function releaseEngineGlobals(): void {
  const g = window as unknown as Record<string, unknown>;
  delete g.sqlite3InitModule;
  delete g.sqlite3InitModuleState;
}

export default class OkfGraphWikiPlugin extends Plugin {
  /** The settings (data.json) and their edits. */
  config!: SettingsController;
  /** The index and everything done with it; public for tests and for other plugins that want to query. */
  service!: WikiService;
  private batcher: ChangeBatcher | undefined;
  private layoutReady = false;
  private unloaded = false;
  private setupModal: SetupModal | undefined;

  override async onload(): Promise<void> {
    this.config = new SettingsController(this, async (before, after) => {
      await this.service.reconfigure(before, after);
      // The first choice of a folder (first-run dialog or settings) opens the index.
      if (!before.bundleChosen && after.bundleChosen) {
        if (this.layoutReady) this.startIndex();
        // An open settings tab drops its "Not set up yet" row and shows the folder chosen in the dialog.
        settingTab.refresh();
      }
      renderStatus();
    });
    await this.config.load();
    const settingTab = new OkfSettingTab(
      this.app,
      this,
      this.config,
      () => this.service.thresholdReport(),
      () => void this.setUp(),
    );
    this.service = new WikiService({
      vault: this.app.vault,
      settings: () => this.config.settings,
      notify: (message) => new Notice(message, 10_000),
      createEmbedder: (s) => createPluginEmbedder(s),
      // The engine in a Web Worker wherever the build carries its script and the platform has Worker (Obsidian,
      // desktop and mobile); in-process otherwise (jest runs the sources, which carry no worker script).
      engine: engineChoice(),
      notStarted: () =>
        this.config.settings.bundleChosen
          ? undefined
          : 'Choose the folder that holds your OKF wiki first: run “Choose the ' +
            'wiki folder…” or click OKF in the status bar.',
    });

    // The element is removed with the plugin (addStatusBarItem), and its click listener with it.
    const status = new StatusBar(
      this.addStatusBarItem(),
      (text) => new Notice(`OKF Graph Wiki: ${text}`, 15_000),
      () => void this.setUp(),
    );
    const renderStatus = () =>
      this.config.settings.bundleChosen
        ? status.render(this.service.state, this.service.embeddingState)
        : status.renderSetup();
    renderStatus();
    this.service.onChange(renderStatus);

    const openConcept = (path: string, evt?: MouseEvent, line?: number) =>
      void openBundleFile(this.app, this.service.scope, path, evt, line);
    this.registerView(
      QUERY_VIEW_TYPE,
      (leaf: WorkspaceLeaf) =>
        new QueryView(leaf, {
          query: (q) => this.service.query(q),
          openConcept,
          copyContext: (a) => void copyAnswer(a),
          copyMermaid: (a) => void copyAnswerMermaid(a, this.service.scope),
        }),
    );
    this.registerView(
      LINT_VIEW_TYPE,
      (leaf: WorkspaceLeaf) =>
        new LintView(leaf, {
          lint: () => this.service.lint(),
          openFile: openConcept,
          onIndexChange: (listener) => this.service.onChange((event) => event === 'index' && listener()),
        }),
    );

    registerCommands(this, {
      service: this.service,
      openQueryView: async () => {
        const leaf = await revealView(this.app, QUERY_VIEW_TYPE, 'right');
        if (leaf?.view instanceof QueryView) leaf.view.focusQuestion();
      },
      openLintView: async () => void (await revealView(this.app, LINT_VIEW_TYPE, 'tab')),
      chooseWikiFolder: () => void this.setUp(),
      folderChosen: () => this.config.settings.bundleChosen,
    });
    this.addSettingTab(settingTab);

    this.app.workspace.onLayoutReady(() => {
      this.layoutReady = true;
      if (this.config.settings.bundleChosen) this.startIndex();
      else if (!this.config.settings.setupOffered) void this.setUp();
    });
  }

  /**
   * The first-run dialog (also the "Choose the wiki folder…" command and a click on the status bar before a
   * folder is chosen): the folders holding OKF concepts, the example wiki, or later.
   */
  async setUp(): Promise<void> {
    if (this.setupModal || this.unloaded) return;
    await offerSetup(
      {
        app: this.app,
        commit: (patch) => this.config.commit(patch),
        notify: (message) => new Notice(message, 10_000),
        active: () => !this.unloaded,
      },
      (modal) => (this.setupModal = modal),
    );
  }

  /**
   * After layout-ready and a chosen folder: watch the vault, then open the index (events meanwhile wait their turn).
   */
  private startIndex(): void {
    if (this.batcher) return;
    const timers = {
      set: (callback: () => void, ms: number) => window.setTimeout(callback, ms),
      clear: (handle: unknown) => window.clearTimeout(handle as number),
    };
    const batcher = new ChangeBatcher((batch) => void this.service.applyChanges(batch), timers);
    this.batcher = batcher;
    watchVault(this, batcher, () => this.service.scope);
    void this.service.start();
  }

  /** Applies pending file events now (tests; a future "index now" command). */
  flushPendingChanges(): void {
    this.batcher?.flush();
  }

  override onunload(): void {
    this.unloaded = true;
    this.setupModal?.close();
    this.config.dispose();
    this.batcher?.dispose();
    // Obsidian does not await onunload: the write of wiki.db finishes on its own.
    void this.service.close();
    releaseEngineGlobals();
  }
}

// Obsidian plugin entry: wiring only. onload reads settings and registers views, commands, the settings tab
// and the status bar; the index (WASM engine, wiki.db, catch-up) opens after the layout is ready.
import { Notice, Plugin, type WorkspaceLeaf } from 'obsidian';
import { ChangeBatcher } from './plugin/change-batcher';
import { copyAnswer, registerCommands } from './plugin/commands';
import { copyAnswerMermaid } from './plugin/copy-mermaid';
import { createPluginEmbedder } from './plugin/plugin-embedder';
import { SettingsController } from './plugin/settings-controller';
import { OkfSettingTab } from './plugin/settings-tab';
import { StatusBar } from './plugin/status-bar';
import { watchVault } from './plugin/vault-events';
import { LINT_VIEW_TYPE, LintView } from './plugin/views/lint-view';
import { QUERY_VIEW_TYPE, QueryView } from './plugin/views/query-view';
import { WikiService } from './plugin/wiki-service';
import { openBundleFile, revealView } from './plugin/workspace-actions';

/**
 * SQLite's WASM build publishes its loader on globalThis when its module is evaluated; the release build leaves
 * that out (build/sqlite-lean.mjs), and this removes it where the module came unmodified (development, tests),
 * so that a disabled plugin leaves nothing behind. The engine keeps its own reference; nothing else reads them.
 */
function releaseEngineGlobals(): void {
  const g = globalThis as Record<string, unknown>;
  delete g.sqlite3InitModule;
  delete g.sqlite3InitModuleState;
}

export default class OkfGraphWikiPlugin extends Plugin {
  /** The settings (data.json) and their edits. */
  config!: SettingsController;
  /** The index and everything done with it; public for tests and for other plugins that want to query. */
  service!: WikiService;
  private batcher: ChangeBatcher | undefined;

  override async onload(): Promise<void> {
    this.config = new SettingsController(this, (before, after) => this.service.reconfigure(before, after));
    await this.config.load();
    this.service = new WikiService({
      vault: this.app.vault,
      settings: () => this.config.settings,
      notify: (message) => new Notice(message, 10_000),
      createEmbedder: (s) => createPluginEmbedder(s),
    });

    // The element is removed with the plugin (addStatusBarItem), and its click listener with it.
    const status = new StatusBar(this.addStatusBarItem(), (text) => new Notice(`OKF Graph Wiki: ${text}`, 15_000));
    status.render(this.service.state, this.service.embeddingState);
    this.service.onChange(() => status.render(this.service.state, this.service.embeddingState));

    const openConcept = (path: string, evt?: MouseEvent, line?: number) => void openBundleFile(this.app, this.service.scope, path, evt, line);
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
    });
    this.addSettingTab(new OkfSettingTab(this.app, this, this.config, () => this.service.thresholdReport()));

    this.app.workspace.onLayoutReady(() => this.startIndex());
  }

  /** After layout-ready: watch the vault, then open the index (events arriving meanwhile wait their turn). */
  private startIndex(): void {
    const batcher = new ChangeBatcher((batch) => void this.service.applyChanges(batch));
    this.batcher = batcher;
    watchVault(this, batcher, () => this.service.scope);
    void this.service.start();
  }

  /** Applies pending file events now (tests; a future "index now" command). */
  flushPendingChanges(): void {
    this.batcher?.flush();
  }

  override onunload(): void {
    this.config.dispose();
    this.batcher?.dispose();
    // Obsidian does not await onunload: the write of wiki.db finishes on its own.
    void this.service.close();
    releaseEngineGlobals();
  }
}

// Workspace and leaves: a main area and two sidebars drawn into the document (so the browser test can
// screenshot them), views created from the creators plugins register, and `onLayoutReady` callbacks queued
// until the app says the layout is ready.
import type * as O from 'obsidian';
import { Events } from './events';
import { TFile } from './files';
import type { App } from './app';
import { EmptyView, MarkdownView, type View } from './views';

type Side = 'main' | 'left' | 'right';

export class WorkspaceLeaf
  extends Events
  implements
    Pick<
      O.WorkspaceLeaf,
      'view' | 'openFile' | 'getViewState' | 'setViewState' | 'detach' | 'getDisplayText' | 'getIcon'
    >
{
  view: O.View;
  readonly containerEl: HTMLElement;

  constructor(
    readonly app: App,
    readonly side: Side,
  ) {
    super();
    this.containerEl = app.workspace.sideEl(side).createDiv({ cls: 'workspace-leaf' });
    this.view = new EmptyView(this as unknown as O.WorkspaceLeaf) as unknown as O.View;
    this.containerEl.appendChild(this.view.containerEl);
  }

  async openFile(file: O.TFile, openState?: O.OpenViewState): Promise<void> {
    await this.replaceView(new MarkdownView(this as unknown as O.WorkspaceLeaf));
    await (this.view as unknown as MarkdownView).loadFile(file);
    if (openState?.eState) (this.view as unknown as MarkdownView).setEphemeralState(openState.eState);
    this.app.workspace.setActiveLeaf(this as unknown as O.WorkspaceLeaf);
    this.app.workspace.trigger('file-open', file);
  }

  getViewState(): O.ViewState {
    return { type: this.view.getViewType() };
  }

  async setViewState(viewState: O.ViewState): Promise<void> {
    const creator = this.app.workspace.viewCreator(viewState.type);
    const view = creator
      ? creator(this as unknown as O.WorkspaceLeaf)
      : new EmptyView(this as unknown as O.WorkspaceLeaf);
    await this.replaceView(view as unknown as View);
    if (viewState.state) await (this.view as unknown as View).setState(viewState.state, { history: false });
    if (viewState.active) this.app.workspace.setActiveLeaf(this as unknown as O.WorkspaceLeaf);
    this.app.workspace.trigger('layout-change');
  }

  detach(): void {
    void (this.view as unknown as View).closeInLeaf();
    this.containerEl.detach();
    this.app.workspace.removeLeaf(this);
  }

  getDisplayText(): string {
    return this.view.getDisplayText();
  }

  getIcon(): string {
    return this.view.getIcon();
  }

  /** Used when a plugin that registered this view type unloads: the leaf stays, its view goes. */
  async closeView(): Promise<void> {
    await this.replaceView(new EmptyView(this as unknown as O.WorkspaceLeaf));
  }

  private async replaceView(view: View): Promise<void> {
    await (this.view as unknown as View).closeInLeaf();
    this.view = view as unknown as O.View;
    this.containerEl.appendChild(view.containerEl);
    await view.openInLeaf();
  }
}

type WorkspaceApi = Pick<
  O.Workspace,
  | 'containerEl'
  | 'layoutReady'
  | 'onLayoutReady'
  | 'getLeaf'
  | 'getRightLeaf'
  | 'getLeftLeaf'
  | 'ensureSideLeaf'
  | 'getLeavesOfType'
  | 'detachLeavesOfType'
  | 'revealLeaf'
  | 'getActiveViewOfType'
  | 'getActiveFile'
  | 'openLinkText'
  | 'iterateAllLeaves'
  | 'activeLeaf'
>;

export class Workspace extends Events implements WorkspaceApi {
  layoutReady = false;
  activeLeaf: O.WorkspaceLeaf | null = null;
  readonly containerEl: HTMLElement;
  private readonly sides: Record<Side, HTMLElement>;
  private readonly leaves: WorkspaceLeaf[] = [];
  private readonly views = new Map<string, O.ViewCreator>();
  private readyQueue: (() => unknown)[] = [];

  constructor(
    private readonly app: App,
    appContainer: HTMLElement,
  ) {
    super();
    this.containerEl = appContainer.createDiv({ cls: 'workspace' });
    this.sides = {
      left: this.containerEl.createDiv({ cls: 'workspace-split mod-horizontal mod-sidedock mod-left-split' }),
      main: this.containerEl.createDiv({ cls: 'workspace-split mod-vertical mod-root' }),
      right: this.containerEl.createDiv({ cls: 'workspace-split mod-horizontal mod-sidedock mod-right-split' }),
    };
  }

  onLayoutReady(callback: () => unknown): void {
    if (this.layoutReady) callback();
    else this.readyQueue.push(callback);
  }

  /** Test helper (not Obsidian API): the layout is restored; queued onLayoutReady callbacks run. */
  triggerLayoutReady(): void {
    this.layoutReady = true;
    for (const cb of this.readyQueue.splice(0)) cb();
    this.trigger('layout-ready');
  }

  /**
   * Obsidian's rule: without `newLeaf`, a leaf that may be navigated away from (the active one if its view has
   * `navigation` set or is empty, else another such main leaf); a new tab otherwise.
   */
  getLeaf(newLeaf?: O.PaneType | boolean | 'split'): O.WorkspaceLeaf {
    if (!newLeaf) {
      const navigable = (l: WorkspaceLeaf) =>
        l.side === 'main' && (l.view.navigation || l.view.getViewType() === 'empty');
      const active = this.activeLeaf as unknown as WorkspaceLeaf | null;
      const found = active && navigable(active) ? active : this.leaves.filter(navigable).pop();
      if (found) return found as unknown as O.WorkspaceLeaf;
    }
    return this.addLeaf('main') as unknown as O.WorkspaceLeaf;
  }

  getRightLeaf(split: boolean): O.WorkspaceLeaf | null {
    void split;
    return this.addLeaf('right') as unknown as O.WorkspaceLeaf;
  }

  getLeftLeaf(split: boolean): O.WorkspaceLeaf | null {
    void split;
    return this.addLeaf('left') as unknown as O.WorkspaceLeaf;
  }

  async ensureSideLeaf(
    type: string,
    side: O.Side,
    options?: { active?: boolean; split?: boolean; reveal?: boolean; state?: unknown },
  ): Promise<O.WorkspaceLeaf> {
    const existing = this.getLeavesOfType(type)[0];
    if (existing) {
      if (options?.reveal !== false) await this.revealLeaf(existing);
      return existing;
    }
    const leaf = this.addLeaf(side);
    await leaf.setViewState({
      type,
      active: options?.active,
      state: options?.state as Record<string, unknown> | undefined,
    });
    if (options?.reveal !== false) await this.revealLeaf(leaf as unknown as O.WorkspaceLeaf);
    return leaf as unknown as O.WorkspaceLeaf;
  }

  getLeavesOfType(viewType: string): O.WorkspaceLeaf[] {
    return this.leaves.filter((l) => l.view.getViewType() === viewType) as unknown as O.WorkspaceLeaf[];
  }

  detachLeavesOfType(viewType: string): void {
    for (const leaf of this.getLeavesOfType(viewType)) leaf.detach();
  }

  async revealLeaf(leaf: O.WorkspaceLeaf): Promise<void> {
    const l = leaf as unknown as WorkspaceLeaf;
    this.sides[l.side].removeClass('is-collapsed');
    this.setActiveLeaf(leaf);
  }

  setActiveLeaf(leaf: O.WorkspaceLeaf): void {
    if (this.activeLeaf === leaf) return;
    this.activeLeaf = leaf;
    for (const l of this.leaves) l.containerEl.toggleClass('mod-active', (l as unknown as O.WorkspaceLeaf) === leaf);
    this.trigger('active-leaf-change', leaf);
  }

  getActiveViewOfType<T extends O.View>(type: O.Constructor<T>): T | null {
    const view = this.activeLeaf?.view;
    return view instanceof (type as unknown as new (...args: never[]) => object) ? (view as unknown as T) : null;
  }

  getActiveFile(): O.TFile | null {
    const view = this.activeLeaf?.view;
    if (view instanceof MarkdownView) return view.file;
    const lastMain = this.leaves.filter((l) => l.side === 'main' && l.view instanceof MarkdownView).pop();
    return lastMain ? (lastMain.view as unknown as MarkdownView).file : null;
  }

  async openLinkText(linktext: string, sourcePath: string, newLeaf?: O.PaneType | boolean): Promise<void> {
    const file = this.app.metadataCache.getFirstLinkpathDest(linktext.replace(/#.*$/, ''), sourcePath);
    if (!(file instanceof TFile)) throw new Error(`Workspace double: no file for link "${linktext}"`);
    await this.getLeaf(newLeaf).openFile(file);
  }

  iterateAllLeaves(callback: (leaf: O.WorkspaceLeaf) => unknown): void {
    for (const leaf of [...this.leaves]) callback(leaf as unknown as O.WorkspaceLeaf);
  }

  registerViewType(type: string, creator: O.ViewCreator): void {
    if (this.views.has(type)) throw new Error(`Attempting to register an existing view type "${type}"`);
    this.views.set(type, creator);
  }

  unregisterViewType(type: string): void {
    this.views.delete(type);
    for (const leaf of this.leaves) if (leaf.view.getViewType() === type) void leaf.closeView();
  }

  viewCreator(type: string): O.ViewCreator | undefined {
    return this.views.get(type);
  }

  sideEl(side: Side): HTMLElement {
    return this.sides[side];
  }

  removeLeaf(leaf: WorkspaceLeaf): void {
    const i = this.leaves.indexOf(leaf);
    if (i >= 0) this.leaves.splice(i, 1);
    if (this.activeLeaf === (leaf as unknown as O.WorkspaceLeaf)) this.activeLeaf = null;
  }

  private addLeaf(side: Side): WorkspaceLeaf {
    const leaf = new WorkspaceLeaf(this.app, side);
    this.leaves.push(leaf);
    return leaf;
  }
}

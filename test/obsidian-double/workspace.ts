// Workspace, leaves and views: a main area and two sidebars drawn into the document (so the browser test can
// screenshot them), views created from the creators plugins register, `onOpen`/`onClose` called as Obsidian
// does, and `onLayoutReady` callbacks queued until the app says the layout is ready.
import type * as O from 'obsidian';
import { Component } from './component';
import { Events } from './events';
import { TFile } from './files';
import { setIcon } from './functions';
import type { App } from './app';

type Side = 'main' | 'left' | 'right';

export abstract class View extends Component implements Pick<O.View, 'app' | 'icon' | 'navigation' | 'leaf' | 'containerEl' | 'getViewType' | 'getDisplayText' | 'getState' | 'getIcon' | 'onResize'> {
  app: O.App;
  icon = 'document';
  navigation = false;
  containerEl: HTMLElement;

  constructor(public leaf: O.WorkspaceLeaf) {
    super();
    this.app = (leaf as unknown as WorkspaceLeaf).app as unknown as O.App;
    this.containerEl = createDiv({ cls: 'workspace-leaf-content' });
  }

  protected async onOpen(): Promise<void> {}
  protected async onClose(): Promise<void> {}
  abstract getViewType(): string;
  abstract getDisplayText(): string;

  getState(): Record<string, unknown> {
    return {};
  }

  async setState(state: unknown, result: O.ViewStateResult): Promise<void> {
    void state;
    void result;
  }

  getIcon(): string {
    return this.icon;
  }

  onResize(): void {}

  /** Used by the leaf (the double's stand-in for Obsidian's internal open/close). */
  async openInLeaf(): Promise<void> {
    this.containerEl.setAttr('data-type', this.getViewType());
    this.load();
    await this.onOpen();
  }

  async closeInLeaf(): Promise<void> {
    await this.onClose();
    this.unload();
    this.containerEl.detach();
  }
}

export abstract class ItemView extends View implements Pick<O.ItemView, 'contentEl' | 'addAction'> {
  contentEl: HTMLElement;

  constructor(leaf: O.WorkspaceLeaf) {
    super(leaf);
    const header = this.containerEl.createDiv({ cls: 'view-header' });
    header.createDiv({ cls: 'view-header-title' });
    header.createDiv({ cls: 'view-actions' });
    this.contentEl = this.containerEl.createDiv({ cls: 'view-content' });
  }

  addAction(icon: string, title: string, callback: (evt: MouseEvent) => unknown): HTMLElement {
    const actions = this.containerEl.querySelector('.view-actions') as HTMLElement;
    const el = actions.createEl('a', { cls: 'clickable-icon view-action', attr: { 'aria-label': title } });
    setIcon(el, icon);
    el.addEventListener('click', (e) => callback(e));
    return el;
  }

  override async openInLeaf(): Promise<void> {
    (this.containerEl.querySelector('.view-header-title') as HTMLElement).setText(this.getDisplayText());
    await super.openInLeaf();
  }
}

/** A position in the editor, as obsidian.d.ts's EditorPosition. */
type Pos = O.EditorPosition;

/** The editor of a markdown view: text and one selection (the calls plugins make on it). */
export class Editor implements Pick<O.Editor, 'getValue' | 'setValue' | 'getSelection' | 'somethingSelected' | 'replaceSelection' | 'getLine' | 'lineCount' | 'getCursor' | 'setCursor' | 'setSelection'> {
  private text = '';
  private anchor: Pos = { line: 0, ch: 0 };
  private head: Pos = { line: 0, ch: 0 };

  getValue(): string {
    return this.text;
  }

  setValue(content: string): void {
    this.text = content;
    this.anchor = this.head = { line: 0, ch: 0 };
  }

  getLine(line: number): string {
    return this.text.split('\n')[line] ?? '';
  }

  lineCount(): number {
    return this.text.split('\n').length;
  }

  getCursor(): Pos {
    return this.head;
  }

  setCursor(pos: Pos | number, ch?: number): void {
    this.anchor = this.head = typeof pos === 'number' ? { line: pos, ch: ch ?? 0 } : pos;
  }

  setSelection(anchor: Pos, head?: Pos): void {
    this.anchor = anchor;
    this.head = head ?? anchor;
  }

  somethingSelected(): boolean {
    return this.offset(this.anchor) !== this.offset(this.head);
  }

  getSelection(): string {
    const [a, b] = [this.offset(this.anchor), this.offset(this.head)].sort((x, y) => x - y);
    return this.text.slice(a, b);
  }

  replaceSelection(replacement: string): void {
    const [a, b] = [this.offset(this.anchor), this.offset(this.head)].sort((x, y) => x - y);
    this.text = this.text.slice(0, a) + replacement + this.text.slice(b);
    this.anchor = this.head = this.position(a + replacement.length);
  }

  /** Test helper (not Obsidian API): selects the first occurrence of `needle`. */
  select(needle: string): void {
    const start = this.text.indexOf(needle);
    if (start < 0) throw new Error(`Editor double: "${needle}" is not in the text`);
    this.setSelection(this.position(start), this.position(start + needle.length));
  }

  private offset(pos: Pos): number {
    const lines = this.text.split('\n');
    let n = 0;
    for (let i = 0; i < pos.line && i < lines.length; i++) n += lines[i].length + 1;
    return n + pos.ch;
  }

  private position(offset: number): Pos {
    const before = this.text.slice(0, offset).split('\n');
    return { line: before.length - 1, ch: before[before.length - 1].length };
  }
}

/** A markdown file open in a leaf, with its editor. */
export class MarkdownView extends ItemView implements Pick<O.MarkdownView, 'getViewType' | 'getViewData'> {
  file: O.TFile | null = null;
  editor = new Editor();
  override navigation = true;

  getViewType(): string {
    return 'markdown';
  }

  getDisplayText(): string {
    return this.file?.basename ?? 'No file';
  }

  getViewData(): string {
    return this.editor.getValue();
  }

  /** Used by the leaf: loads the file's text into the editor and shows it. */
  async loadFile(file: O.TFile): Promise<void> {
    this.file = file;
    (this.containerEl.querySelector('.view-header-title') as HTMLElement).setText(file.basename);
    this.editor.setValue(await this.app.vault.read(file));
    this.contentEl.empty();
    this.contentEl.createEl('pre', { cls: 'markdown-source-view', text: this.editor.getValue() });
  }
}

class EmptyView extends ItemView {
  getViewType(): string {
    return 'empty';
  }

  getDisplayText(): string {
    return 'New tab';
  }
}

export class WorkspaceLeaf extends Events implements Pick<O.WorkspaceLeaf, 'view' | 'openFile' | 'getViewState' | 'setViewState' | 'detach' | 'getDisplayText' | 'getIcon'> {
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

  async openFile(file: O.TFile): Promise<void> {
    await this.replaceView(new MarkdownView(this as unknown as O.WorkspaceLeaf));
    await (this.view as unknown as MarkdownView).loadFile(file);
    this.app.workspace.setActiveLeaf(this as unknown as O.WorkspaceLeaf);
    this.app.workspace.trigger('file-open', file);
  }

  getViewState(): O.ViewState {
    return { type: this.view.getViewType() };
  }

  async setViewState(viewState: O.ViewState): Promise<void> {
    const creator = this.app.workspace.viewCreator(viewState.type);
    const view = creator ? creator(this as unknown as O.WorkspaceLeaf) : new EmptyView(this as unknown as O.WorkspaceLeaf);
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
      const navigable = (l: WorkspaceLeaf) => l.side === 'main' && (l.view.navigation || l.view.getViewType() === 'empty');
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

  async ensureSideLeaf(type: string, side: O.Side, options?: { active?: boolean; split?: boolean; reveal?: boolean; state?: unknown }): Promise<O.WorkspaceLeaf> {
    const existing = this.getLeavesOfType(type)[0];
    if (existing) {
      if (options?.reveal !== false) await this.revealLeaf(existing);
      return existing;
    }
    const leaf = this.addLeaf(side);
    await leaf.setViewState({ type, active: options?.active, state: options?.state as Record<string, unknown> | undefined });
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

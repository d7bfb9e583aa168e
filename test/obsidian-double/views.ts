// Views: View and ItemView (header and content elements as Obsidian draws them, `onOpen`/`onClose` called by
// the leaf), MarkdownView with its Editor, and the empty view of a new tab.
import type * as O from 'obsidian';
import { Component } from './component';
import { setIcon } from './functions';
import type { WorkspaceLeaf } from './workspace';

export abstract class View
  extends Component
  implements
    Pick<
      O.View,
      | 'app'
      | 'icon'
      | 'navigation'
      | 'leaf'
      | 'containerEl'
      | 'getViewType'
      | 'getDisplayText'
      | 'getState'
      | 'getEphemeralState'
      | 'setEphemeralState'
      | 'getIcon'
      | 'onResize'
    >
{
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

  getEphemeralState(): Record<string, unknown> {
    return {};
  }

  setEphemeralState(state: unknown): void {
    void state;
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
export class Editor implements Pick<
  O.Editor,
  | 'getValue'
  | 'setValue'
  | 'getSelection'
  | 'somethingSelected'
  | 'replaceSelection'
  | 'getLine'
  | 'lineCount'
  | 'getCursor'
  | 'setCursor'
  | 'setSelection'
> {
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

  /** As Obsidian's markdown view: `{ line }` (0-based) puts the cursor at the start of that line and scrolls to it. */
  override setEphemeralState(state: unknown): void {
    const line = (state as { line?: unknown } | null)?.line;
    if (typeof line === 'number') this.editor.setCursor({ line, ch: 0 });
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

export class EmptyView extends ItemView {
  getViewType(): string {
    return 'empty';
  }

  getDisplayText(): string {
    return 'New tab';
  }
}

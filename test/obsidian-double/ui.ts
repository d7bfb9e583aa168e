// Modal, Notice and Scope: the DOM Obsidian builds for them (class names included, so styles.css applies in
// the browser test), with the same API.
import type * as O from 'obsidian';

export class Scope implements Pick<O.Scope, 'register' | 'unregister'> {
  readonly handlers: O.KeymapEventHandler[] = [];

  constructor(readonly parent?: Scope) {}

  register(modifiers: O.Modifier[] | null, key: string | null, func: O.KeymapEventListener): O.KeymapEventHandler {
    const handler = {
      scope: this as unknown as O.Scope,
      modifiers: modifiers?.join(',') ?? null,
      key,
      func,
    } as O.KeymapEventHandler;
    this.handlers.push(handler);
    return handler;
  }

  unregister(handler: O.KeymapEventHandler): void {
    const i = this.handlers.indexOf(handler);
    if (i >= 0) this.handlers.splice(i, 1);
  }
}

/** Test helper (not Obsidian API): every Notice shown since the last `clearNotices()`, oldest first. */
export const shownNotices: Notice[] = [];

export function clearNotices(): void {
  for (const n of shownNotices.splice(0)) n.hide();
}

function noticeContainer(): HTMLElement {
  return (
    (document.body.querySelector('.notice-container') as HTMLElement | null) ??
    document.body.createDiv({ cls: 'notice-container' })
  );
}

export class Notice implements Pick<O.Notice, 'noticeEl' | 'containerEl' | 'messageEl' | 'setMessage' | 'hide'> {
  containerEl: HTMLElement;
  noticeEl: HTMLElement;
  messageEl: HTMLElement;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(message: string | DocumentFragment, duration?: number) {
    this.containerEl = noticeContainer();
    this.noticeEl = this.containerEl.createDiv({ cls: 'notice' });
    this.messageEl = this.noticeEl.createDiv({ cls: 'notice-message' });
    this.setMessage(message);
    shownNotices.push(this);
    const ms = duration ?? 5000;
    if (ms > 0) this.timer = setTimeout(() => this.hide(), ms);
  }

  setMessage(message: string | DocumentFragment): this {
    this.messageEl.setText(message);
    return this;
  }

  hide(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.noticeEl.detach();
  }

  /** Test helper (not Obsidian API). */
  get message(): string {
    return this.messageEl.getText();
  }
}

export class Modal implements Pick<
  O.Modal,
  | 'app'
  | 'scope'
  | 'containerEl'
  | 'modalEl'
  | 'titleEl'
  | 'contentEl'
  | 'open'
  | 'close'
  | 'onOpen'
  | 'onClose'
  | 'setTitle'
  | 'setContent'
> {
  scope = new Scope() as unknown as O.Scope;
  containerEl: HTMLElement;
  modalEl: HTMLElement;
  titleEl: HTMLElement;
  contentEl: HTMLElement;
  shouldRestoreSelection = false;
  private isOpen = false;

  constructor(public app: O.App) {
    this.containerEl = createDiv({ cls: 'modal-container mod-dim' });
    this.containerEl.createDiv({ cls: 'modal-bg' });
    this.modalEl = this.containerEl.createDiv({ cls: 'modal' });
    const close = this.modalEl.createDiv({ cls: 'modal-close-button' });
    close.addEventListener('click', () => this.close());
    const header = this.modalEl.createDiv({ cls: 'modal-header' });
    this.titleEl = header.createDiv({ cls: 'modal-title' });
    this.contentEl = this.modalEl.createDiv({ cls: 'modal-content' });
  }

  open(): void {
    if (this.isOpen) return;
    this.isOpen = true;
    document.body.appendChild(this.containerEl);
    void this.onOpen();
  }

  close(): void {
    if (!this.isOpen) return;
    this.isOpen = false;
    this.containerEl.detach();
    this.onClose();
  }

  onOpen(): Promise<void> | void {}

  onClose(): void {}

  setTitle(title: string): this {
    this.titleEl.setText(title);
    return this;
  }

  setContent(content: string | DocumentFragment): this {
    this.contentEl.setText(content);
    return this;
  }

  setCloseCallback(callback: () => unknown): this {
    const original = this.onClose.bind(this);
    this.onClose = () => {
      original();
      callback();
    };
    return this;
  }
}

// Modal, Notice, Setting and its components, SettingTab/PluginSettingTab, Scope: the DOM Obsidian builds for
// them (class names included, so styles.css applies in the browser test), with the same chaining API.
import type * as O from 'obsidian';
import { setIcon } from './functions';

export class Scope implements Pick<O.Scope, 'register' | 'unregister'> {
  readonly handlers: O.KeymapEventHandler[] = [];

  constructor(readonly parent?: Scope) {}

  register(modifiers: O.Modifier[] | null, key: string | null, func: O.KeymapEventListener): O.KeymapEventHandler {
    const handler = { scope: this as unknown as O.Scope, modifiers: modifiers?.join(',') ?? null, key, func } as O.KeymapEventHandler;
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
  return (document.body.querySelector('.notice-container') as HTMLElement | null) ?? document.body.createDiv({ cls: 'notice-container' });
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

export class Modal implements Pick<O.Modal, 'app' | 'scope' | 'containerEl' | 'modalEl' | 'titleEl' | 'contentEl' | 'open' | 'close' | 'onOpen' | 'onClose' | 'setTitle' | 'setContent'> {
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

export abstract class BaseComponent implements O.BaseComponent {
  disabled = false;

  then(cb: (component: this) => unknown): this {
    cb(this);
    return this;
  }

  setDisabled(disabled: boolean): this {
    this.disabled = disabled;
    return this;
  }
}

export abstract class ValueComponent<T> extends BaseComponent {
  registerOptionListener(listeners: Record<string, (value?: T) => T>, key: string): this {
    void listeners;
    void key;
    return this;
  }

  abstract getValue(): T;
  abstract setValue(value: T): this;
}

export class AbstractTextComponent<T extends HTMLInputElement | HTMLTextAreaElement> extends ValueComponent<string> {
  private changeCallback: ((value: string) => unknown) | undefined;

  constructor(public inputEl: T) {
    super();
    inputEl.addEventListener('input', () => this.onChanged());
  }

  override setDisabled(disabled: boolean): this {
    this.inputEl.disabled = disabled;
    return super.setDisabled(disabled);
  }

  getValue(): string {
    return this.inputEl.value;
  }

  setValue(value: string): this {
    this.inputEl.value = value;
    return this;
  }

  setPlaceholder(placeholder: string): this {
    this.inputEl.placeholder = placeholder;
    return this;
  }

  onChanged(): void {
    this.changeCallback?.(this.getValue());
  }

  onChange(callback: (value: string) => unknown): this {
    this.changeCallback = callback;
    return this;
  }
}

export class TextComponent extends AbstractTextComponent<HTMLInputElement> {
  constructor(containerEl: HTMLElement) {
    super(containerEl.createEl('input', { type: 'text', attr: { spellcheck: 'false' } }));
  }
}

export class TextAreaComponent extends AbstractTextComponent<HTMLTextAreaElement> {
  constructor(containerEl: HTMLElement) {
    super(containerEl.createEl('textarea'));
  }
}

export class ToggleComponent extends ValueComponent<boolean> implements Pick<O.ToggleComponent, 'toggleEl' | 'getValue' | 'setValue' | 'onChange' | 'onClick' | 'setTooltip'> {
  toggleEl: HTMLElement;
  private on = false;
  private changeCallback: ((value: boolean) => unknown) | undefined;

  constructor(containerEl: HTMLElement) {
    super();
    this.toggleEl = containerEl.createDiv({ cls: 'checkbox-container' });
    this.toggleEl.createEl('input', { type: 'checkbox', attr: { tabindex: 0 } });
    this.toggleEl.addEventListener('click', () => this.onClick());
  }

  getValue(): boolean {
    return this.on;
  }

  setValue(on: boolean): this {
    const changed = on !== this.on;
    this.on = on;
    this.toggleEl.toggleClass('is-enabled', on);
    (this.toggleEl.querySelector('input') as HTMLInputElement).checked = on;
    if (changed) this.changeCallback?.(on);
    return this;
  }

  setTooltip(tooltip: string): this {
    this.toggleEl.setAttr('aria-label', tooltip);
    return this;
  }

  onClick(): void {
    if (!this.disabled) this.setValue(!this.on);
  }

  onChange(callback: (value: boolean) => unknown): this {
    this.changeCallback = callback;
    return this;
  }
}

export class DropdownComponent extends ValueComponent<string> implements Pick<O.DropdownComponent, 'selectEl' | 'addOption' | 'addOptions' | 'getValue' | 'setValue' | 'onChange'> {
  selectEl: HTMLSelectElement;
  private changeCallback: ((value: string) => unknown) | undefined;

  constructor(containerEl: HTMLElement) {
    super();
    this.selectEl = containerEl.createEl('select', { cls: 'dropdown' });
    this.selectEl.addEventListener('change', () => this.changeCallback?.(this.getValue()));
  }

  addOption(value: string, display: string): this {
    this.selectEl.createEl('option', { value, text: display });
    return this;
  }

  addOptions(options: Record<string, string>): this {
    for (const [v, d] of Object.entries(options)) this.addOption(v, d);
    return this;
  }

  getValue(): string {
    return this.selectEl.value;
  }

  setValue(value: string): this {
    this.selectEl.value = value;
    return this;
  }

  onChange(callback: (value: string) => unknown): this {
    this.changeCallback = callback;
    return this;
  }
}

export class SliderComponent extends ValueComponent<number> implements Pick<O.SliderComponent, 'sliderEl' | 'setLimits' | 'getValue' | 'setValue' | 'onChange' | 'setDynamicTooltip' | 'setInstant'> {
  sliderEl: HTMLInputElement;
  private changeCallback: ((value: number) => unknown) | undefined;

  constructor(containerEl: HTMLElement) {
    super();
    this.sliderEl = containerEl.createEl('input', { type: 'range', cls: 'slider' });
    this.sliderEl.addEventListener('change', () => this.changeCallback?.(this.getValue()));
  }

  setLimits(min: number | null, max: number | null, step: number | 'any'): this {
    if (min !== null) this.sliderEl.min = String(min);
    if (max !== null) this.sliderEl.max = String(max);
    this.sliderEl.step = String(step);
    return this;
  }

  setInstant(instant: boolean): this {
    void instant;
    return this;
  }

  setDynamicTooltip(): this {
    return this;
  }

  getValuePretty(): string {
    return this.format(this.getValue());
  }

  setDisplayFormat(format: (value: number) => string): this {
    this.format = format;
    return this;
  }

  private format: (value: number) => string = (v) => String(v);

  getValue(): number {
    return Number(this.sliderEl.value);
  }

  setValue(value: number): this {
    this.sliderEl.value = String(value);
    return this;
  }

  onChange(callback: (value: number) => unknown): this {
    this.changeCallback = callback;
    return this;
  }
}

export class ButtonComponent extends BaseComponent implements Pick<O.ButtonComponent, 'buttonEl' | 'setButtonText' | 'setCta' | 'removeCta' | 'setWarning' | 'setTooltip' | 'setIcon' | 'setClass' | 'onClick'> {
  buttonEl: HTMLButtonElement;

  constructor(containerEl: HTMLElement) {
    super();
    this.buttonEl = containerEl.createEl('button');
  }

  override setDisabled(disabled: boolean): this {
    this.buttonEl.disabled = disabled;
    return super.setDisabled(disabled);
  }

  setCta(): this {
    this.buttonEl.addClass('mod-cta');
    return this;
  }

  removeCta(): this {
    this.buttonEl.removeClass('mod-cta');
    return this;
  }

  setWarning(): this {
    this.buttonEl.addClass('mod-warning');
    return this;
  }

  setDestructive(): this {
    this.buttonEl.addClass('mod-destructive');
    return this;
  }

  removeDestructive(): this {
    this.buttonEl.removeClass('mod-destructive');
    return this;
  }

  setTooltip(tooltip: string): this {
    this.buttonEl.setAttr('aria-label', tooltip);
    return this;
  }

  setButtonText(name: string): this {
    this.buttonEl.setText(name);
    return this;
  }

  setIcon(icon: string): this {
    setIcon(this.buttonEl, icon);
    return this;
  }

  setClass(cls: string): this {
    this.buttonEl.addClass(cls);
    return this;
  }

  onClick(callback: (evt: MouseEvent) => unknown): this {
    this.buttonEl.addEventListener('click', (e) => void callback(e));
    return this;
  }
}

export class ExtraButtonComponent extends BaseComponent implements Pick<O.ExtraButtonComponent, 'extraSettingsEl' | 'setIcon' | 'setTooltip' | 'onClick'> {
  extraSettingsEl: HTMLElement;

  constructor(containerEl: HTMLElement) {
    super();
    this.extraSettingsEl = containerEl.createDiv({ cls: 'clickable-icon extra-setting-button' });
  }

  setTooltip(tooltip: string): this {
    this.extraSettingsEl.setAttr('aria-label', tooltip);
    return this;
  }

  setIcon(icon: string): this {
    setIcon(this.extraSettingsEl, icon);
    return this;
  }

  onClick(callback: () => unknown): this {
    this.extraSettingsEl.addEventListener('click', () => void callback());
    return this;
  }
}

type SettingApi = Pick<
  O.Setting,
  | 'settingEl'
  | 'infoEl'
  | 'nameEl'
  | 'descEl'
  | 'controlEl'
  | 'setName'
  | 'setDesc'
  | 'setClass'
  | 'setHeading'
  | 'setDisabled'
  | 'addButton'
  | 'addExtraButton'
  | 'addToggle'
  | 'addText'
  | 'addTextArea'
  | 'addDropdown'
  | 'addSlider'
  | 'then'
  | 'clear'
  | 'setTooltip'
  | 'setErrorMessage'
  | 'addComponent'
  | 'addSearch'
  | 'addMomentFormat'
  | 'addColorPicker'
  | 'addProgressBar'
  | 'addDisplayValue'
  | 'components'
  | 'errorEl'
>;

export class Setting implements SettingApi {
  settingEl: HTMLElement;
  infoEl: HTMLElement;
  nameEl: HTMLElement;
  descEl: HTMLElement;
  controlEl: HTMLElement;
  components: O.BaseComponent[] = [];
  errorEl: HTMLElement | null = null;

  constructor(containerEl: HTMLElement) {
    this.settingEl = containerEl.createDiv({ cls: 'setting-item' });
    this.infoEl = this.settingEl.createDiv({ cls: 'setting-item-info' });
    this.nameEl = this.infoEl.createDiv({ cls: 'setting-item-name' });
    this.descEl = this.infoEl.createDiv({ cls: 'setting-item-description' });
    this.controlEl = this.settingEl.createDiv({ cls: 'setting-item-control' });
  }

  setName(name: string | DocumentFragment): this {
    this.nameEl.setText(name);
    return this;
  }

  setDesc(desc: string | DocumentFragment): this {
    this.descEl.setText(desc);
    return this;
  }

  setClass(cls: string): this {
    this.settingEl.addClass(cls);
    return this;
  }

  setHeading(): this {
    this.settingEl.addClass('setting-item-heading');
    return this;
  }

  setDisabled(disabled: boolean): this {
    this.settingEl.toggleClass('is-disabled', disabled);
    for (const c of this.components) c.setDisabled(disabled);
    return this;
  }

  addButton(cb: (component: O.ButtonComponent) => unknown): this {
    return this.add(new ButtonComponent(this.controlEl), cb);
  }

  addExtraButton(cb: (component: O.ExtraButtonComponent) => unknown): this {
    return this.add(new ExtraButtonComponent(this.controlEl), cb);
  }

  addToggle(cb: (component: O.ToggleComponent) => unknown): this {
    return this.add(new ToggleComponent(this.controlEl), cb);
  }

  addText(cb: (component: O.TextComponent) => unknown): this {
    return this.add(new TextComponent(this.controlEl), cb);
  }

  addTextArea(cb: (component: O.TextAreaComponent) => unknown): this {
    return this.add(new TextAreaComponent(this.controlEl), cb);
  }

  addDropdown(cb: (component: O.DropdownComponent) => unknown): this {
    return this.add(new DropdownComponent(this.controlEl), cb);
  }

  addSlider(cb: (component: O.SliderComponent) => unknown): this {
    return this.add(new SliderComponent(this.controlEl), cb);
  }

  then(cb: (setting: this) => unknown): this {
    cb(this);
    return this;
  }

  setTooltip(tooltip: string): this {
    this.settingEl.setAttr('aria-label', tooltip);
    return this;
  }

  setErrorMessage(message: string | null): this {
    if (message === null) {
      this.errorEl?.detach();
      this.errorEl = null;
    } else {
      this.errorEl ??= this.infoEl.createDiv({ cls: 'setting-item-error' });
      this.errorEl.setText(message);
    }
    return this;
  }

  addComponent<T extends O.BaseComponent>(cb: (el: HTMLElement) => T): this {
    this.components.push(cb(this.controlEl));
    return this;
  }

  addSearch(cb: (component: O.SearchComponent) => unknown): this {
    return this.missing('addSearch', cb);
  }

  addMomentFormat(cb: (component: O.MomentFormatComponent) => unknown): this {
    return this.missing('addMomentFormat', cb);
  }

  addColorPicker(cb: (component: O.ColorComponent) => unknown): this {
    return this.missing('addColorPicker', cb);
  }

  addProgressBar(cb: (component: O.ProgressBarComponent) => unknown): this {
    return this.missing('addProgressBar', cb);
  }

  addDisplayValue(cb: (component: O.DisplayValueComponent) => unknown): this {
    return this.missing('addDisplayValue', cb);
  }

  clear(): this {
    this.controlEl.empty();
    this.components = [];
    return this;
  }

  private missing(name: string, cb: unknown): this {
    void cb;
    throw new Error(`Setting double: ${name} is not implemented; add it to test/obsidian-double/ui.ts`);
  }

  private add<C extends BaseComponent>(component: C, cb: (component: never) => unknown): this {
    this.components.push(component as unknown as O.BaseComponent);
    cb(component as never);
    return this;
  }
}

export abstract class SettingTab implements Pick<O.SettingTab, 'app' | 'containerEl' | 'display' | 'hide'> {
  containerEl: HTMLElement;
  icon = 'settings';

  constructor(public app: O.App) {
    this.containerEl = createDiv({ cls: 'vertical-tab-content' });
  }

  abstract display(): void;

  hide(): void {
    this.containerEl.empty();
  }
}

export abstract class PluginSettingTab extends SettingTab {
  constructor(
    app: O.App,
    readonly plugin: O.Plugin,
  ) {
    super(app);
  }
}

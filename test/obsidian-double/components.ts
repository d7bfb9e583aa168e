// The components a Setting row holds (text, toggle, dropdown, slider, buttons): Obsidian's DOM and chaining API.
import type * as O from 'obsidian';
import { setIcon } from './functions';

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

export class ToggleComponent
  extends ValueComponent<boolean>
  implements Pick<O.ToggleComponent, 'toggleEl' | 'getValue' | 'setValue' | 'onChange' | 'onClick' | 'setTooltip'>
{
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

export class DropdownComponent
  extends ValueComponent<string>
  implements Pick<O.DropdownComponent, 'selectEl' | 'addOption' | 'addOptions' | 'getValue' | 'setValue' | 'onChange'>
{
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

export class SliderComponent
  extends ValueComponent<number>
  implements
    Pick<
      O.SliderComponent,
      'sliderEl' | 'setLimits' | 'getValue' | 'setValue' | 'onChange' | 'setDynamicTooltip' | 'setInstant'
    >
{
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

export class ButtonComponent
  extends BaseComponent
  implements
    Pick<
      O.ButtonComponent,
      | 'buttonEl'
      | 'setButtonText'
      | 'setCta'
      | 'removeCta'
      | 'setWarning'
      | 'setTooltip'
      | 'setIcon'
      | 'setClass'
      | 'onClick'
    >
{
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

export class ExtraButtonComponent
  extends BaseComponent
  implements Pick<O.ExtraButtonComponent, 'extraSettingsEl' | 'setIcon' | 'setTooltip' | 'onClick'>
{
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

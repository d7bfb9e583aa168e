// AbstractInputSuggest (the suggester under a text field, e.g. a folder picker): typing or focusing the field
// shows `.suggestion-container` with one `.suggestion-item` per suggestion (at most `limit`); a click selects one.
import type * as O from 'obsidian';
import { Scope } from './ui';

export abstract class AbstractInputSuggest<T> implements Pick<
  O.AbstractInputSuggest<T>,
  'limit' | 'setValue' | 'getValue' | 'open' | 'close'
> {
  limit = 100;
  scope = new Scope() as unknown as O.Scope;
  /** Test helper (not Obsidian API): the open popover, if any. */
  containerEl: HTMLElement | null = null;
  private selectCallback: ((value: T, evt: MouseEvent | KeyboardEvent) => unknown) | undefined;

  constructor(
    public app: O.App,
    private readonly textInputEl: HTMLInputElement | HTMLDivElement,
  ) {
    const show = () => void this.refresh();
    textInputEl.addEventListener('input', show);
    textInputEl.addEventListener('focus', show);
  }

  protected abstract getSuggestions(query: string): T[] | Promise<T[]>;
  abstract renderSuggestion(value: T, el: HTMLElement): void;

  setValue(value: string): void {
    if (this.textInputEl instanceof HTMLInputElement) this.textInputEl.value = value;
    else this.textInputEl.textContent = value;
  }

  getValue(): string {
    return this.textInputEl instanceof HTMLInputElement ? this.textInputEl.value : (this.textInputEl.textContent ?? '');
  }

  selectSuggestion(value: T, evt: MouseEvent | KeyboardEvent): void {
    this.selectCallback?.(value, evt);
  }

  onSelect(callback: (value: T, evt: MouseEvent | KeyboardEvent) => unknown): this {
    this.selectCallback = callback;
    return this;
  }

  open(): void {
    this.containerEl ??= document.body.createDiv({ cls: 'suggestion-container' });
  }

  close(): void {
    this.containerEl?.detach();
    this.containerEl = null;
  }

  private async refresh(): Promise<void> {
    const suggestions = (await this.getSuggestions(this.getValue())).slice(0, this.limit);
    if (suggestions.length === 0) return this.close();
    this.open();
    const container = this.containerEl!;
    container.empty();
    const list = container.createDiv({ cls: 'suggestion' });
    for (const value of suggestions) {
      const item = list.createDiv({ cls: 'suggestion-item' });
      this.renderSuggestion(value, item);
      item.addEventListener('click', (evt) => this.selectSuggestion(value, evt));
    }
  }
}

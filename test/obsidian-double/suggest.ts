// SuggestModal and FuzzySuggestModal (the quick switcher's kind of picker), prepareFuzzySearch and renderResults:
// the prompt DOM Obsidian draws (`.prompt`, `.prompt-input`, `.prompt-results`, `.suggestion-item`), the arrow
// keys and Enter, a click on a suggestion. As in Obsidian, choosing closes the modal first, then calls
// onChooseSuggestion.
import type * as O from 'obsidian';
import { Modal } from './ui';

/**
 * Obsidian's fuzzy matcher: every character of the query (spaces ignored), in order, case-insensitive. The score
 * is at most 0 (0 is best): gaps between matched characters and a late first match cost; `matches` are
 * [start, end) ranges of the text.
 */
export function prepareFuzzySearch(query: string): (text: string) => O.SearchResult | null {
  const needle = query.toLowerCase().replace(/\s+/g, '');
  return (text: string) => {
    if (needle === '') return { score: 0, matches: [] };
    const hay = text.toLowerCase();
    const matches: [number, number][] = [];
    let score = 0;
    let at = 0;
    for (const ch of needle) {
      const found = hay.indexOf(ch, at);
      if (found < 0) return null;
      score -= found - at;
      const last = matches[matches.length - 1];
      if (last && last[1] === found) last[1] = found + 1;
      else matches.push([found, found + 1]);
      at = found + 1;
    }
    score -= matches.length - 1;
    return { score: score - (matches[0]?.[0] ?? 0) * 0.1, matches };
  };
}

/** Draws `text` into `el` with the matched ranges in `.suggestion-highlight` spans (text nodes only). */
export function renderResults(el: HTMLElement, text: string, result: O.SearchResult, offset = 0): void {
  let at = 0;
  for (const [s, e] of result.matches) {
    const start = s + offset;
    const end = e + offset;
    if (end <= 0 || start >= text.length) continue;
    const from = Math.max(start, at);
    if (from > at) el.appendText(text.slice(at, from));
    if (end > from) el.createSpan({ cls: 'suggestion-highlight', text: text.slice(from, end) });
    at = Math.max(at, end);
  }
  if (at < text.length) el.appendText(text.slice(at));
}

export abstract class SuggestModal<T>
  extends Modal
  implements
    Pick<
      O.SuggestModal<T>,
      | 'limit'
      | 'emptyStateText'
      | 'inputEl'
      | 'resultContainerEl'
      | 'setPlaceholder'
      | 'setInstructions'
      | 'onNoSuggestion'
      | 'selectSuggestion'
      | 'selectActiveSuggestion'
    >
{
  limit = 100;
  emptyStateText = 'No results found.';
  inputEl: HTMLInputElement;
  resultContainerEl: HTMLElement;
  private readonly instructionsEl: HTMLElement;
  private values: T[] = [];
  private selected = 0;
  private generation = 0;

  constructor(app: O.App) {
    super(app);
    this.modalEl.addClass('prompt');
    this.modalEl.empty();
    const inputContainer = this.modalEl.createDiv({ cls: 'prompt-input-container' });
    this.inputEl = inputContainer.createEl('input', {
      cls: 'prompt-input',
      type: 'text',
      attr: { enterkeyhint: 'done', spellcheck: 'false' },
    });
    this.resultContainerEl = this.modalEl.createDiv({ cls: 'prompt-results' });
    this.instructionsEl = this.modalEl.createDiv({ cls: 'prompt-instructions' });
    this.inputEl.addEventListener('input', () => void this.updateSuggestions());
    this.inputEl.addEventListener('keydown', (evt) => this.onKey(evt));
  }

  override open(): void {
    super.open();
    void this.updateSuggestions();
  }

  setPlaceholder(placeholder: string): void {
    this.inputEl.setAttr('placeholder', placeholder);
  }

  setInstructions(instructions: O.Instruction[]): void {
    this.instructionsEl.empty();
    for (const i of instructions) {
      const row = this.instructionsEl.createDiv({ cls: 'prompt-instruction' });
      row.createSpan({ cls: 'prompt-instruction-command', text: i.command });
      row.createSpan({ text: i.purpose });
    }
  }

  onNoSuggestion(): void {
    this.resultContainerEl.empty();
    this.resultContainerEl.createDiv({ cls: 'suggestion-empty', text: this.emptyStateText });
  }

  selectSuggestion(value: T, evt: MouseEvent | KeyboardEvent): void {
    this.close();
    this.onChooseSuggestion(value, evt);
  }

  selectActiveSuggestion(evt: MouseEvent | KeyboardEvent): void {
    const value = this.values[this.selected];
    if (value !== undefined) this.selectSuggestion(value, evt);
  }

  abstract getSuggestions(query: string): T[] | Promise<T[]>;
  abstract renderSuggestion(value: T, el: HTMLElement): void;
  abstract onChooseSuggestion(item: T, evt: MouseEvent | KeyboardEvent): void;

  private async updateSuggestions(): Promise<void> {
    const generation = ++this.generation;
    const values = await this.getSuggestions(this.inputEl.value);
    if (generation !== this.generation) return;
    this.values = this.limit > 0 ? values.slice(0, this.limit) : values;
    this.selected = 0;
    if (this.values.length === 0) return this.onNoSuggestion();
    this.resultContainerEl.empty();
    this.values.forEach((value, i) => {
      const el = this.resultContainerEl.createDiv({ cls: 'suggestion-item' });
      this.renderSuggestion(value, el);
      el.addEventListener('mousemove', () => this.setSelected(i));
      el.addEventListener('click', (evt) => this.selectSuggestion(value, evt));
    });
    this.setSelected(0);
  }

  private setSelected(i: number): void {
    const items = Array.from(this.resultContainerEl.querySelectorAll('.suggestion-item'));
    if (items.length === 0) return;
    this.selected = (i + items.length) % items.length;
    items.forEach((el, j) => el.toggleClass('is-selected', j === this.selected));
  }

  private onKey(evt: KeyboardEvent): void {
    if (evt.key === 'ArrowDown') this.setSelected(this.selected + 1);
    else if (evt.key === 'ArrowUp') this.setSelected(this.selected - 1);
    else if (evt.key === 'Enter' && !evt.isComposing) this.selectActiveSuggestion(evt);
    else if (evt.key === 'Escape') this.close();
    else return;
    evt.preventDefault();
  }
}

export abstract class FuzzySuggestModal<T>
  extends SuggestModal<O.FuzzyMatch<T>>
  implements Pick<O.FuzzySuggestModal<T>, 'getSuggestions' | 'renderSuggestion' | 'onChooseSuggestion'>
{
  getSuggestions(query: string): O.FuzzyMatch<T>[] {
    const search = prepareFuzzySearch(query);
    const out: O.FuzzyMatch<T>[] = [];
    for (const item of this.getItems()) {
      const match = search(this.getItemText(item));
      if (match) out.push({ item, match });
    }
    return query.trim() === '' ? out : out.sort((a, b) => b.match.score - a.match.score);
  }

  renderSuggestion(item: O.FuzzyMatch<T>, el: HTMLElement): void {
    renderResults(el, this.getItemText(item.item), item.match);
  }

  onChooseSuggestion(item: O.FuzzyMatch<T>, evt: MouseEvent | KeyboardEvent): void {
    this.onChooseItem(item.item, evt);
  }

  abstract getItems(): T[];
  abstract getItemText(item: T): string;
  abstract onChooseItem(item: T, evt: MouseEvent | KeyboardEvent): void;
}

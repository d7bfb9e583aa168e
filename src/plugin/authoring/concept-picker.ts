// The concept picker: Obsidian's fuzzy picker over the live index's concepts, matched on title and path, each
// suggestion drawn as its title (matches highlighted) over its path. Text only, never HTML.
import { FuzzySuggestModal, renderResults, type App, type FuzzyMatch, type SearchResult } from 'obsidian';
import type { ConceptChoice } from './session';

/** The part of a match that falls in [start, start + length), shifted to start at 0. */
function slice(match: SearchResult, start: number, length: number): SearchResult {
  const matches: [number, number][] = [];
  for (const [s, e] of match.matches) {
    const from = Math.max(s - start, 0);
    const to = Math.min(e - start, length);
    if (to > from) matches.push([from, to]);
  }
  return { score: match.score, matches };
}

export class ConceptPicker extends FuzzySuggestModal<ConceptChoice> {
  constructor(
    app: App,
    private readonly concepts: readonly ConceptChoice[],
    placeholder: string,
    private readonly onPick: (concept: ConceptChoice) => void,
  ) {
    super(app);
    this.setPlaceholder(placeholder);
    this.emptyStateText = 'No concept matches.';
    this.modalEl.addClass('okf-concept-picker');
    this.setInstructions([
      { command: '↑↓', purpose: 'to navigate' },
      { command: '↵', purpose: 'to choose' },
      { command: 'esc', purpose: 'to dismiss' },
    ]);
  }

  getItems(): ConceptChoice[] {
    return [...this.concepts];
  }

  /** Title, then the path without its leading slash: both are searched. */
  getItemText(concept: ConceptChoice): string {
    return `${concept.title} ${concept.path.slice(1)}`;
  }

  override renderSuggestion(item: FuzzyMatch<ConceptChoice>, el: HTMLElement): void {
    const { title, path } = item.item;
    el.addClass('okf-concept-suggestion');
    renderResults(el.createDiv({ cls: 'okf-concept-suggestion-title' }), title, slice(item.match, 0, title.length));
    renderResults(
      el.createDiv({ cls: 'okf-concept-suggestion-path' }),
      path.slice(1),
      slice(item.match, title.length + 1, path.length - 1),
    );
  }

  onChooseItem(concept: ConceptChoice): void {
    this.onPick(concept);
  }
}

/** How a chosen concept is named in a form: its title and path. */
export function describeConcept(concept: ConceptChoice | undefined): string {
  return concept === undefined ? 'Not chosen yet.' : `${concept.title} (${concept.path.slice(1)})`;
}

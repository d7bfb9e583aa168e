// The status bar item: "OKF: indexing 120/1,000" while the index opens, then "OKF: 1,000 concepts", with the
// embedding progress or pause beside it and the details in the tooltip.
import type { EmbeddingState } from './embedding-scheduler';
import { formatCount } from './format';
import type { IndexState } from './wiki-service';

/** The status text and its tooltip. */
export function statusText(index: IndexState, embedding: EmbeddingState): { text: string; tooltip: string } {
  switch (index.kind) {
    case 'waiting':
      return { text: 'OKF: starting…', tooltip: 'OKF Graph Wiki opens its index once Obsidian has loaded.' };
    case 'indexing':
      return {
        text:
          index.total > 0 ? `OKF: indexing ${formatCount(index.done)}/${formatCount(index.total)}` : 'OKF: indexing…',
        tooltip: 'Reading the concept files into the index.',
      };
    case 'failed':
      return { text: 'OKF: index failed', tooltip: index.message };
    case 'ready': {
      const base = `OKF: ${formatCount(index.concepts)} concept${index.concepts === 1 ? '' : 's'}`;
      switch (embedding.kind) {
        case 'running':
          return {
            text: `${base} · embedding ${formatCount(embedding.done)}/${formatCount(embedding.total)}`,
            tooltip: 'Computing embeddings with Ollama.',
          };
        case 'failed':
          return {
            text: `${base} · vectors paused`,
            tooltip:
              `${embedding.message} Until this is fixed, queries use titles and full ` +
              `text; embeddings are retried after a minute, on the next save, or ` +
              `when the Ollama settings change (or turn Compute embeddings off).`,
          };
        case 'disabled':
          return { text: base, tooltip: 'Embeddings are off: titles and full text answer queries.' };
        default:
          return { text: base, tooltip: 'The index is up to date.' };
      }
    }
  }
}

/** Before a bundle folder is chosen (first run): nothing is indexed; a click opens the first-run dialog. */
export const SETUP_STATUS = {
  text: 'OKF: choose a wiki folder',
  tooltip:
    'OKF Graph Wiki has not indexed anything yet: click to choose the ' +
    'folder that holds your OKF concepts, or to create the example wiki.',
};

export class StatusBar {
  private explanation = '';
  private setupShown = false;

  /** `explain` shows the current state's explanation when the item is clicked; `setUp` opens the first-run dialog. */
  constructor(
    private readonly el: HTMLElement,
    explain: (text: string) => void,
    setUp: () => void = () => undefined,
  ) {
    el.addClass('okf-status');
    el.addClass('mod-clickable');
    el.addEventListener('click', () => (this.setupShown ? setUp() : explain(this.explanation)));
  }

  render(index: IndexState, embedding: EmbeddingState): void {
    this.setupShown = false;
    this.show(statusText(index, embedding));
  }

  /** The first-run state: no folder chosen yet. */
  renderSetup(): void {
    this.setupShown = true;
    this.show(SETUP_STATUS);
  }

  private show({ text, tooltip }: { text: string; tooltip: string }): void {
    this.explanation = tooltip;
    this.el.setText(text);
    this.el.setAttr('aria-label', tooltip);
    this.el.setAttr('data-tooltip-position', 'top');
  }
}

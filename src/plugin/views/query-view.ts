// The query sidebar: a question box, and the answer drawn by renderAnswer(). It asks its host (the plugin)
// for answers, so it holds no index logic; it says so plainly while the index is still being built.
import { ItemView, type WorkspaceLeaf } from 'obsidian';
import type { QueryAnswer } from '../answer';
import { drawAnswerGraph, type AnswerGraphState } from './answer-graph';
import { renderAnswer } from './render-answer';

export const QUERY_VIEW_TYPE = 'okf-graph-wiki-query';
/** A Lucide icon (Obsidian ships Lucide) for a graph of linked concepts. */
export const QUERY_VIEW_ICON = 'waypoints';

export interface QueryHost {
  query(question: string): Promise<QueryAnswer>;
  openConcept(bundlePath: string, evt: MouseEvent): void;
  copyContext(answer: QueryAnswer): void;
  /** Copies the answer as Mermaid (the graph panel's button). */
  copyMermaid?(answer: QueryAnswer): void;
}

export class QueryView extends ItemView {
  private input: HTMLInputElement | undefined;
  private resultEl!: HTMLElement;
  private answer: QueryAnswer | undefined;
  private asking = 0;
  private readonly graph: AnswerGraphState = { hidden: false };

  constructor(
    leaf: WorkspaceLeaf,
    private readonly host: QueryHost,
  ) {
    super(leaf);
  }

  getViewType(): string {
    return QUERY_VIEW_TYPE;
  }

  getDisplayText(): string {
    return 'OKF query';
  }

  /** Not `search`: that is core Search's icon, and two look-alike tabs in the sidebar confuse. */
  override getIcon(): string {
    return QUERY_VIEW_ICON;
  }

  /** Puts the cursor in the question box (when the user opens the sidebar, not when a layout restores it). */
  focusQuestion(): void {
    this.input?.focus();
  }

  protected override async onOpen(): Promise<void> {
    const root = this.contentEl;
    root.empty();
    root.addClass('okf-query-view');
    const form = root.createEl('form', { cls: 'okf-query-form' });
    const input = form.createEl('input', {
      cls: 'okf-question',
      type: 'search',
      placeholder: 'Ask the wiki a question…',
      attr: { 'aria-label': 'Question' },
    });
    this.input = input;
    form.createEl('button', { cls: 'mod-cta okf-ask', text: 'Ask', type: 'submit' });
    form.addEventListener('submit', (evt) => {
      evt.preventDefault();
      void this.ask(input.value);
    });
    this.resultEl = root.createDiv({ cls: 'okf-answer' });
    this.resultEl.createDiv({
      cls: 'okf-placeholder',
      text:
        'Type a question and press Enter to see what the wiki would give an ' +
        'LLM: the concepts the question is about, the facts around them, and ' +
        'background text from their notes. “Copy context” copies that block.',
    });
  }

  /** The last answer shown, if any. */
  get currentAnswer(): QueryAnswer | undefined {
    return this.answer;
  }

  /** Asks a question and shows the answer (or the reason there is none). */
  async ask(question: string): Promise<void> {
    const q = question.trim();
    if (q === '') return;
    if (this.input && this.input.value !== question) this.input.value = question;
    const ticket = ++this.asking;
    this.resultEl.empty();
    this.resultEl.createDiv({ cls: 'okf-placeholder', text: 'Searching…' });
    try {
      const answer = await this.host.query(q);
      if (ticket !== this.asking) return;
      this.answer = answer;
      renderAnswer(this.resultEl, answer, {
        openConcept: (path, evt) => this.host.openConcept(path, evt),
        copyContext: () => this.host.copyContext(answer),
        ask: (suggested) => void this.ask(suggested),
      });
      const copyMermaid = this.host.copyMermaid?.bind(this.host);
      void drawAnswerGraph(
        this.resultEl,
        answer,
        {
          openConcept: (path, evt) => this.host.openConcept(path, evt),
          ...(copyMermaid ? { copyMermaid: () => copyMermaid(answer) } : {}),
        },
        this.graph,
      );
    } catch (error) {
      if (ticket !== this.asking) return;
      this.answer = undefined;
      this.resultEl.empty();
      this.resultEl.createDiv({ cls: 'okf-error', text: (error as Error).message });
    }
  }
}

// Draws a context_for() answer into an element: summary and copy button, the vector note, the "no confident
// match" state, seeds with their signals, facts with trust badges and markers, background excerpts. Every
// piece of note content goes through createEl/setText, never HTML.
import type { Fact, Seed } from '../../core/retrieval/types';
import type { ConceptMarkers, QueryAnswer } from '../answer';
import { formatCount } from '../format';
import { vectorOffText } from '../vector-note';

export interface AnswerHandlers {
  /** Opens the concept's note (`evt` tells whether a new tab was asked for). */
  openConcept(bundlePath: string, evt: MouseEvent): void;
  /** Copies the rendered context block. */
  copyContext(): void;
  /** Asks another question (a suggested spelling of this one). */
  ask?: (question: string) => void;
}

/** Each signal in plain words, and what it means (shown on hover). */
const SIGNALS: Record<keyof Seed['signals'], { label: string; explain: string }> = {
  title: { label: 'title match', explain: 'The concept’s title or an alias appears in the question.' },
  bm25: { label: 'text match', explain: 'The concept’s note shares words with the question (full-text search).' },
  vector: { label: 'similar meaning', explain: 'The concept’s note is close in meaning to the question (embeddings).' },
};

/** The kind of question the wiki recognised, in plain words, and what it changes. */
const INTENTS: Record<QueryAnswer['result']['intent'], { label: string; explain: string }> = {
  WHY: { label: 'Why question', explain: 'Causes and reasons are ranked first.' },
  WHEN: { label: 'When question', explain: 'Dated facts are ranked first.' },
  ENTITY: { label: 'Who/what question', explain: 'Facts about the named concept are ranked first.' },
  HISTORICAL: { label: 'History question', explain: 'Superseded facts are included, marked as superseded.' },
  GENERAL: {
    label: 'Question',
    explain: 'No particular kind of question recognised; facts are ranked by trust and closeness.',
  },
};

/** Ordinals for a signal's rank: 1st, 2nd, 3rd, 4th… */
function ordinal(n: number): string {
  const tens = n % 100;
  const suffix =
    tens >= 11 && tens <= 13 ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
  return `${n}${suffix}`;
}

export function renderAnswer(el: HTMLElement, answer: QueryAnswer, handlers: AnswerHandlers): void {
  const { result, markers } = answer;
  el.empty();
  const summary = el.createDiv({ cls: 'okf-answer-summary' });
  const intent = INTENTS[result.intent];
  summary.createSpan({
    cls: 'okf-answer-stats',
    text: result.confident
      ? `${intent.label} · ${plural(result.seeds.length, 'matching concept')} ` +
        `· ${plural(result.facts.length, 'fact')} ` +
        `· ${formatCount(result.tokens)} of ${formatCount(result.budget)} tokens`
      : `${intent.label} · no confident match`,
    attr: {
      'aria-label':
        `${intent.explain} The context block copied for an LLM holds at ` +
        `most ${formatCount(result.budget)} tokens (Token budget setting).`,
    },
  });
  const copy = summary.createEl('button', { cls: 'okf-copy-context', text: 'Copy context' });
  copy.addEventListener('click', () => handlers.copyContext());

  if (!result.vector.used) {
    el.createDiv({
      cls: 'okf-vector-note',
      text: `Vector signal off: ${vectorOffText(result.vector.off)}. Titles and full text were used.`,
    });
  }

  if (!result.confident) {
    const none = el.createDiv({ cls: 'okf-no-match' });
    none.createDiv({ cls: 'okf-no-match-title', text: 'No confident match in this wiki.' });
    none.createDiv({
      cls: 'okf-no-match-hint',
      text: result.vector.used
        ? 'No concept title appears in the question, no full-text match covers ' +
          'most of its words, and no concept is close enough in meaning. Try the ' +
          'name of a concept.'
        : 'No concept title appears in the question and no full-text match ' +
          'covers most of its words. Try the name of a concept.',
    });
    if (result.didYouMean !== undefined) renderDidYouMean(none, result.didYouMean, handlers);
    return;
  }

  section(el, 'Matching concepts', result.seeds.length, 'The concepts the question is about: where the answer starts.');
  const seeds = el.createEl('ul', { cls: 'okf-seeds' });
  const name = (written: string) => answer.successorTitles.get(written) ?? written;
  for (const seed of result.seeds) renderSeed(seeds, seed, markers, name, handlers);

  section(
    el,
    'Facts',
    result.facts.length,
    'Relations of the matching concepts and of concepts they link to, most trusted first.',
  );
  if (result.facts.length === 0)
    el.createDiv({ cls: 'okf-empty', text: 'The seeds have no relations within the budget.' });
  const facts = el.createEl('ul', { cls: 'okf-facts' });
  for (const fact of result.facts) renderFact(facts, fact, name, handlers);

  section(el, 'Background', result.background.length, 'Text from the notes of the matching concepts.');
  const background = el.createDiv({ cls: 'okf-background' });
  for (const b of result.background) {
    const item = background.createDiv({ cls: 'okf-background-item' });
    const head = item.createDiv({ cls: 'okf-background-head' });
    conceptLink(head, b.path, b.title, handlers);
    markerBadges(head, markers.get(b.path), name);
    item.createDiv({ cls: 'okf-excerpt', text: b.truncated ? `${b.text} …` : b.text });
  }
}

type Namer = (written: string) => string;

function renderSeed(
  list: HTMLElement,
  seed: Seed,
  markers: ReadonlyMap<string, ConceptMarkers>,
  name: Namer,
  handlers: AnswerHandlers,
): void {
  const li = list.createEl('li', { cls: 'okf-seed' });
  const head = li.createDiv({ cls: 'okf-seed-head' });
  conceptLink(head, seed.path, seed.title, handlers);
  head.createSpan({ cls: 'okf-type', text: seed.type });
  markerBadges(head, markers.get(seed.path), name);
  const signals = li.createDiv({ cls: 'okf-signals' });
  for (const key of ['title', 'bm25', 'vector'] as const) {
    const rank = seed.signals[key];
    if (rank === undefined) continue;
    const { label, explain } = SIGNALS[key];
    signals.createSpan({
      cls: `okf-signal okf-signal-${key}`,
      text: `${label} · ${ordinal(rank + 1)}`,
      attr: { 'aria-label': `${explain} Ranked ${ordinal(rank + 1)} by this signal.` },
    });
  }
  if (seed.resolvedFrom)
    li.createDiv({ cls: 'okf-resolved-from', text: `Found via ${name(seed.resolvedFrom)}, which it supersedes` });
  if (seed.eraInsteadOf)
    li.createDiv({
      cls: 'okf-resolved-from',
      text: `Found via ${name(seed.eraInsteadOf)}: this page is the era of the time the question asks about`,
    });
}

function renderFact(list: HTMLElement, fact: Fact, name: Namer, handlers: AnswerHandlers): void {
  const li = list.createEl('li', { cls: 'okf-fact' });
  if (fact.superseded || fact.deprecated) li.addClass('is-superseded');
  const line = li.createDiv({ cls: 'okf-fact-line' });
  conceptLink(line, fact.subject, fact.subjectTitle, handlers);
  line.createSpan({ cls: 'okf-predicate', text: fact.predicate });
  if (fact.objectPath) conceptLink(line, fact.objectPath, fact.objectTitle ?? fact.object, handlers);
  else line.createSpan({ cls: 'okf-literal', text: fact.object });
  if (fact.date) line.createSpan({ cls: 'okf-date', text: fact.date });

  const meta = li.createDiv({ cls: 'okf-fact-meta' });
  meta.createSpan({ cls: `okf-trust okf-trust-${fact.trust}`, text: fact.trust });
  if (fact.source) meta.createSpan({ cls: 'okf-source', text: `source: ${fact.source}` });
  meta.createSpan({
    cls: 'okf-hop',
    text: fact.hop === 0 ? 'about a match' : `${fact.hop} ${fact.hop === 1 ? 'link' : 'links'} away`,
    attr: {
      'aria-label':
        fact.hop === 0
          ? 'A fact about one of the matching concepts.'
          : `Reached by following ${fact.hop} relation${fact.hop === 1 ? '' : 's'} from a matching concept.`,
    },
  });
  if (fact.superseded) {
    const by = fact.superseded.by ? ` by ${name(fact.superseded.by)}` : '';
    const at = fact.superseded.at ? ` on ${fact.superseded.at}` : '';
    meta.createSpan({ cls: 'okf-marker okf-superseded', text: `superseded${by}${at}` });
  }
  if (fact.deprecated) meta.createSpan({ cls: 'okf-marker okf-superseded', text: 'deprecated' });
  // No stale badge on a fact: a stale concept's own facts are never in an answer (spec §6.4, expand.ts).
}

function conceptLink(parent: HTMLElement, path: string, title: string, handlers: AnswerHandlers): void {
  const a = parent.createEl('a', {
    cls: 'okf-concept-link',
    text: title,
    attr: { href: '#', 'data-path': path, 'aria-label': path },
  });
  a.addEventListener('click', (evt) => {
    evt.preventDefault();
    handlers.openConcept(path, evt);
  });
}

function markerBadges(parent: HTMLElement, markers: ConceptMarkers | undefined, name: Namer): void {
  if (!markers) return;
  if (markers.supersededBy)
    parent.createSpan({ cls: 'okf-marker okf-superseded', text: `superseded by ${name(markers.supersededBy)}` });
  else if (markers.supersededAt) parent.createSpan({ cls: 'okf-marker okf-superseded', text: 'superseded' });
  if (markers.staleSince) parent.createSpan({ cls: 'okf-marker okf-stale', text: `stale since ${markers.staleSince}` });
  if (markers.deprecated) parent.createSpan({ cls: 'okf-marker okf-superseded', text: 'deprecated' });
}

function section(el: HTMLElement, title: string, count: number, hint: string): void {
  const h = el.createDiv({ cls: 'okf-section-title' });
  h.createSpan({ text: title });
  h.createSpan({ cls: 'okf-count', text: String(count) });
  el.createDiv({ cls: 'okf-section-hint', text: hint });
}

function plural(n: number, word: string): string {
  return `${formatCount(n)} ${word}${n === 1 ? '' : 's'}`;
}

/** "Did you mean …?" with the question spelt as the wiki spells its names; a click asks it. */
function renderDidYouMean(el: HTMLElement, question: string, handlers: AnswerHandlers): void {
  const line = el.createDiv({ cls: 'okf-did-you-mean', text: 'Did you mean: ' });
  const ask = handlers.ask;
  if (ask === undefined) {
    line.createSpan({ text: question });
    return;
  }
  const link = line.createEl('a', { cls: 'okf-did-you-mean-question', text: question, href: '#' });
  link.addEventListener('click', (evt) => {
    evt.preventDefault();
    ask(question);
  });
}

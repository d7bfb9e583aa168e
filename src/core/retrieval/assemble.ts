// Budget (spec §6.4): facts first, then the seeds' prose, cut to a token budget; the text of the block (fact
// lines, background headings, markers) comes from the render stage, core/render/context-text.ts.
import { inverseMap } from '../config/bundle-config';
import { escapeControls as shown } from '../okf/controls';
import { backgroundHeading, contextText } from '../render/context-text';
import type { Background, Fact, Intent, Seed } from './types';
import { estimateTokens, lengthWithinTokens, tokenWeight } from './tokens';
import { proseOf, type LinkTitle } from './prose';

/** Share of the budget facts may take when there is prose to add; what they leave goes to prose. */
export const FACT_SHARE = 0.6;

/** Characters of the question quoted in a header or a no-match line; a pasted page is not repeated whole. */
export const MAX_QUOTED_QUESTION_CHARS = 200;

/** The question as quoted in the rendered block: trimmed, cut to MAX_QUOTED_QUESTION_CHARS, JSON-quoted. */
function quoted(question: string, maxChars = MAX_QUOTED_QUESTION_CHARS): string {
  const q = question.trim();
  return JSON.stringify(q.length > maxChars ? q.slice(0, maxChars).trimEnd() + '…' : q);
}

/** The "no confident match" sentence, and the question to ask instead when a misspelt name was the trouble. */
export function noMatchText(question: string, didYouMean?: string): string {
  const none = `No confident match in this wiki for: ${quoted(question)}`;
  return didYouMean === undefined
    ? none
    : `${none}\nDid you mean (a name spelt as this wiki spells it): ${quoted(didYouMean)}`;
}

/** What ends a block cut hard. */
const CUT_MARK = '…\n';

/**
 * The last guard of the budget: a block still over it (a budget smaller than the header) is cut hard, so the
 * rendered text never exceeds the budget whatever the caller asked for.
 */
export function fitToBudget(text: string, budget: number): string {
  if (estimateTokens(text) <= budget) return text;
  // A budget too small for the mark (1 token: "…" is about one) gets the start of the text alone.
  const mark = tokenWeight(CUT_MARK) <= budget ? CUT_MARK : '';
  return text.slice(0, lengthWithinTokens(text, budget - tokenWeight(mark))).trimEnd() + mark;
}

/** The most of the budget the full header may take; a longer one gives way to the short form. */
const HEADER_SHARE = 0.25;

function header(question: string, intent: Intent, seeds: readonly Seed[], budget: number): string {
  // spec §7.7: a hit on a superseded concept seeds the end of its chain; say so, or the LLM asked about the old
  // concept is handed the new one without a word.
  // The seed's own markers too: the background heading that carries them is the first thing a small budget cuts.
  const marks = (s: Seed) => `${s.stale ? ` [stale since ${s.stale}]` : ''}${s.deprecated ? ' [deprecated]' : ''}`;
  const seedText = (s: Seed) =>
    `${shown(s.title)} (${shown(s.path)}` +
    `${s.resolvedFrom ? `, current successor of superseded ${shown(s.resolvedFrom)}` : ''}` +
    `${s.eraInsteadOf ? `, the era of the question's time in the chain of ${shown(s.eraInsteadOf)}` : ''})${marks(s)}`;
  const full =
    `Context from the wiki for: ${quoted(question)}\nIntent: ${intent}. ` + `Seeds: ${seeds.map(seedText).join('; ')}.`;
  // A small budget keeps a short header, so facts still fit: seed titles and a shorter quote, but never without the
  // notes that change what the facts mean (review qa3 Q6): a successor named for the page asked about, an era, a
  // page past its stale date or deprecated.
  if (estimateTokens(full) <= budget * HEADER_SHARE) return full;
  const note = (s: Seed) =>
    s.resolvedFrom
      ? ` (successor of superseded ${shown(s.resolvedFrom)})`
      : s.eraInsteadOf
        ? ` (the question's era in the chain of ${shown(s.eraInsteadOf)})`
        : '';
  const titles = seeds.map((s) => `${shown(s.title)}${note(s)}${marks(s)}`).join('; ');
  return `Context for: ${quoted(question, 60)}\nIntent: ${intent}. Seeds: ${titles}.`;
}

export { proseOf, type LinkTitle } from './prose';

/** Trims text to about `tokens` tokens, at a paragraph or sentence end when one is near. */
export function trimToTokens(text: string, tokens: number): { text: string; truncated: boolean } {
  if (estimateTokens(text) <= tokens) return { text, truncated: false };
  if (tokens < 10) return { text: '', truncated: true };
  // The characters that fit with the ellipsis, counted as the budget counts them (tokens.ts: per script).
  const fits = lengthWithinTokens(text, tokens);
  const cut = text.slice(0, lengthWithinTokens(text, tokens - tokenWeight('…')));
  const paragraph = cut.lastIndexOf('\n\n');
  // A CJK full stop ends a sentence with no space after it.
  const sentence = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('.\n'), cut.lastIndexOf('。'));
  const at = paragraph > fits * 0.6 ? paragraph : sentence > fits * 0.5 ? sentence + 1 : cut.length;
  return { text: cut.slice(0, at).trimEnd() + '…', truncated: true };
}

/** A fact's identity: subject, predicate, object and date. */
const factKey = (subject: string, predicate: string, object: string, date: string | undefined) =>
  `${subject}\u0000${predicate}\u0000${object}\u0000${date ?? ''}`;

/** The facts kept so far: each by its identity, and the predicates kept from one concept to another on a date. */
interface KeptFacts {
  readonly keys: Set<string>;
  readonly between: Map<string, Set<string>>;
}

const pairKey = (subject: string, object: string, date: string | undefined) =>
  `${subject}\u0000${object}\u0000${date ?? ''}`;

function keep(kept: KeptFacts, fact: Fact): void {
  kept.keys.add(factKey(fact.subject, fact.predicate, fact.objectPath ?? fact.object, fact.date));
  if (fact.objectPath === undefined) return;
  const key = pairKey(fact.subject, fact.objectPath, fact.date);
  kept.between.set(key, (kept.between.get(key) ?? new Set()).add(fact.predicate));
}

/**
 * True when `fact` repeats one kept: the same fact, or the other direction of the same relation (spec §7.1), i.e.
 * a kept fact from its object to its subject, of the same date, whose predicate is its own (a symmetric relation,
 * `knows`, asserted both ways) or a declared inverse of it; or, when neither predicate is in okf-wiki.json's
 * declared pairs, any such fact (a bundle that declares no inverses still asserts each relation both ways, and the
 * mirror would double every fact). A relation back whose predicate is declared without it (Bob `sued` Alice beside
 * Alice `mentored` Bob, with `mentored`/`mentored_by` declared) is a fact of its own and is kept.
 */
function repeats(fact: Fact, kept: KeptFacts, inverses: ReadonlyMap<string, ReadonlySet<string>>): boolean {
  if (kept.keys.has(factKey(fact.subject, fact.predicate, fact.objectPath ?? fact.object, fact.date))) return true;
  if (fact.objectPath === undefined) return false;
  const back = kept.between.get(pairKey(fact.objectPath, fact.subject, fact.date));
  if (back === undefined) return false;
  if (back.has(fact.predicate)) return true;
  const declared = inverses.get(fact.predicate);
  if (declared !== undefined) return [...declared].some((p) => back.has(p));
  return [...back].some((p) => !inverses.has(p));
}

/** A seed's body and its markers: past its stale_after date, deprecated. */
export interface SeedBody {
  readonly body: string;
  readonly stale?: string;
  readonly deprecated?: true;
}

export interface Assembled {
  readonly facts: Fact[];
  readonly background: Background[];
  readonly text: string;
  readonly tokens: number;
}

/** Cuts facts and prose to the budget and renders the context block. */
export function assemble(input: {
  question: string;
  intent: Intent;
  seeds: readonly Seed[];
  facts: readonly Fact[];
  bodies: ReadonlyMap<string, SeedBody>;
  budget: number;
  linkTitle?: LinkTitle;
  /** okf-wiki.json's declared inverse pairs (none: only exact repeats are left out). */
  inverses?: readonly (readonly [string, string])[];
}): Assembled {
  const head = header(input.question, input.intent, input.seeds, input.budget);
  // Every separator and section label is counted, so the estimate of the whole never exceeds the budget.
  let used = estimateTokens(head + '\n');
  const hasProse = input.seeds.some((s) => (input.bodies.get(s.path)?.body ?? '').trim() !== '');
  const factLimit = hasProse ? Math.floor(input.budget * FACT_SHARE) : input.budget;

  const kept: Fact[] = [];
  const keptFacts: KeptFacts = { keys: new Set(), between: new Map() };
  const inverses = inverseMap(input.inverses ?? []);
  let factTokens = estimateTokens('\n\nFacts:\n');
  for (const fact of input.facts) {
    if (repeats(fact, keptFacts, inverses)) continue;
    const cost = estimateTokens(fact.line + '\n');
    if (used + factTokens + cost > factLimit) break;
    kept.push(fact);
    keep(keptFacts, fact);
    factTokens += cost;
  }
  if (kept.length > 0) used += factTokens;

  const background: Background[] = [];
  const prose = input.seeds.filter((s) => (input.bodies.get(s.path)?.body ?? '').trim() !== '');
  if (prose.length > 0) used += estimateTokens('\n\nBackground:\n');
  prose.forEach((seed, i) => {
    const remaining = input.budget - used;
    const share = Math.floor(remaining / (prose.length - i));
    const entry = input.bodies.get(seed.path)!;
    // The markers in the structure too (QA2 F19): the text says "[stale since …]", --json and MCP said nothing.
    const marks = {
      path: seed.path,
      title: seed.title,
      ...(entry.stale ? { stale: entry.stale } : {}),
      ...(entry.deprecated ? { deprecated: true as const } : {}),
    };
    const heading = backgroundHeading(marks);
    const room = share - estimateTokens(heading) - 1;
    if (room < 10) return;
    const { text, truncated } = trimToTokens(proseOf(entry.body, input.linkTitle), room);
    if (text === '') return;
    background.push({ ...marks, text, truncated });
    used += estimateTokens(heading + text + '\n\n');
  });

  const text = fitToBudget(contextText(head, kept, background), input.budget);
  return { facts: kept, background, text, tokens: estimateTokens(text) };
}

// A long-lived process's first questions, asked by itself: the MCP server answers its client's first dozen new
// questions 3–5× slower than the later ones, because V8 compiles the question path over those (at 10,000 concepts,
// 50 new questions after one: p95 56 ms of CPU; after ten others: 20 ms, the same questions), and BM25 keeps the
// commonest words' scores only once asked. So, once the index is open, the server asks a few questions made of the
// wiki's own titles and throws the answers away. Answers never depend on it: kept scores are FTS5's bit for bit.
import type { WikiIndex } from '../index/wiki-index';
import type { Clock } from '../types';
import { catalogOf } from './catalog';
import { contextFor } from './context-for';

/** Questions asked: ten warmed the path in the measure above; each costs 20–100 ms of CPU before it is compiled. */
export const WARM_UP_QUESTIONS = 12;

/**
 * The warm-up questions of an index: titles picked evenly over the catalog (its path order, so the same bundle gives
 * the same questions), asked as a definition, as the relation between two, and as a few of their words.
 */
export function warmUpQuestions(index: WikiIndex, count = WARM_UP_QUESTIONS): string[] {
  const titles = [...catalogOf(index).concepts.values()].map((c) => c.title).filter((t) => t.trim() !== '');
  if (titles.length === 0) return [];
  const questions: string[] = [];
  for (let i = 0; i < count; i++) {
    const a = titles[Math.floor((i * titles.length) / count)];
    // Halfway between two picks: another title than any `a` (where there are enough), never the same pair twice.
    const b = titles[Math.floor(((i + 0.5) * titles.length) / count)];
    if (i % 3 === 0) questions.push(`What is ${a}?`);
    else if (i % 3 === 1) questions.push(`How is ${a} related to ${b}?`);
    else questions.push(`Which ${a.split(/\s+/)[0]} and ${b.split(/\s+/).slice(-1)[0]}?`);
  }
  return questions;
}

/** Asks the warm-up questions (lexical only: no embedder is called) and discards the answers. */
export async function warmUp(index: WikiIndex, clock: Clock, count = WARM_UP_QUESTIONS): Promise<void> {
  for (const question of warmUpQuestions(index, count)) await contextFor(index, question, { clock });
}

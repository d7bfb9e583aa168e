// The only way a question reaches FTS5 MATCH: every token double-quoted, so quotes, AND/OR/NOT, `*`, `:`,
// parentheses and emoji in a question can never raise an FTS syntax error (STYLE.md, retriv's sqlite-fts.ts).
import { contentWords } from './text';

/** Most terms sent to MATCH; a 20,000-character question must not become a 3,000-term query. */
export const MAX_FTS_TERMS = 32;

/**
 * Builds an FTS5 MATCH expression from a question: its content words, each as a quoted string, joined by OR
 * (BM25 ranks; the coverage gate decides confidence). Null when the question has no content words.
 */
export function toFtsQuery(question: string): string | null {
  const terms = contentWords(question).slice(0, MAX_FTS_TERMS);
  if (terms.length === 0) return null;
  return terms.map((t) => `"${t.replace(/"/g, '""')}"`).join(' OR ');
}

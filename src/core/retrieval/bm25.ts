// FTS5 BM25 seed signal (spec §6.1) and its word-coverage confidence gate (spec §10.4).
import type { WikiIndex } from '../index/wiki-index';
import { toFtsQuery } from './fts-query';
import { contentWords, words } from './text';

/** How many BM25 hits are ranked. */
export const BM25_LIMIT = 20;

/**
 * Column weights for bm25(): path (unindexed), title, aliases, description, tags, body. A hit in the title
 * says more about what a page is about than a mention in its body.
 */
const COLUMN_WEIGHTS = '0.0, 10.0, 8.0, 4.0, 4.0, 1.0';

export interface Bm25Hit {
  readonly path: string;
  /** bm25() score; lower is better, as SQLite returns it. */
  readonly score: number;
  /** Share of the question's content words present in the concept (0–1), checked independently of the score. */
  readonly coverage: number;
}

/** BM25 hits for a question, best first, each with its word coverage. */
export function bm25Search(index: WikiIndex, question: string, limit = BM25_LIMIT): Bm25Hit[] {
  const match = toFtsQuery(question);
  if (match === null) return [];
  const rows = index.db.all<{ path: string; score: number; title: string; aliases: string; description: string; tags: string; body: string }>(
    `select f.path, f.score, c.title, c.aliases, coalesce(c.description, '') as description, c.tags, c.body
       from (select path, bm25(concepts_fts, ${COLUMN_WEIGHTS}) as score from concepts_fts where concepts_fts match ?
              order by score, path limit ?) f
       join concepts c on c.path = f.path
      order by f.score, f.path`,
    [match, limit],
  );
  const wanted = contentWords(question);
  return rows.map((r) => ({ path: r.path, score: r.score, coverage: coverage(wanted, [r.title, r.aliases, r.description, r.tags, r.body].join('\n')) }));
}

/**
 * Fraction of `wanted` words that occur as words of `document` (spec §10.4). Compared the way FTS5's
 * unicode61 tokenizer compares (case- and diacritic-folded whole words), so the gate and the ranking agree.
 */
export function coverage(wanted: readonly string[], document: string): number {
  if (wanted.length === 0) return 0;
  const present = new Set(words(document));
  return wanted.filter((w) => present.has(w)).length / wanted.length;
}

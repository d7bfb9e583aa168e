// Which way a BM25 question is ranked: FTS5's single pass, phrase by phrase from kept scores, or bounded by its rarer
// words (bm25-phrases.ts explains each). Every way gives the same rows, scores and order.
import { orOfPhrases, type PhraseScoreCache } from './bm25-phrases';
import * as reads from './read-queries';
import type { Database } from './sqlite';

/** Ranked rows: the best `limit`, or with `complete` false only the exact first rows of that ranking. */
export interface RankedRows {
  readonly rows: reads.Bm25Row[];
  readonly complete: boolean;
}

/** A BM25 question: the MATCH expression, how many rows, bm25()'s column weights, and whether a prefix will do. */
export interface Bm25Ask {
  readonly match: string;
  readonly limit: number;
  readonly weights: readonly number[];
  /** Fewer rows than `limit` may come back (`complete` false) where the rest would cost a pass over a common word. */
  readonly prefix: boolean;
}

/**
 * The rows of a BM25 question on the database whose kept phrase scores are `cache`; `changes` is the index's
 * generation. The first question on an unchanged index takes FTS5's single pass (or the bound); later ones go phrase
 * by phrase, except that a common word not kept yet is bounded by the rarer words where they decide the ranking:
 * scoring it over every row it is on cost ~20–30 ms at 10,000 concepts, the first time each common word was asked.
 */
export function bm25Ranked(db: Database, cache: PhraseScoreCache, changes: number, ask: Bm25Ask): RankedRows {
  const { match, limit, weights, prefix } = ask;
  const phrases = orOfPhrases(match);
  if (!phrases) return { rows: reads.bm25Rows(db, match, limit, weights), complete: true };
  const warm = cache.use(db, changes);
  const bounded =
    !warm || reads.bm25ScoresCommonAnew(db, cache, phrases, weights)
      ? reads.bm25RowsByBound(db, cache, match, phrases, limit, weights, warm, prefix)
      : null;
  if (bounded) return bounded;
  const rows = warm
    ? reads.bm25RowsByPhrases(db, cache, phrases, limit, weights)
    : reads.bm25Rows(db, match, limit, weights);
  return { rows, complete: true };
}

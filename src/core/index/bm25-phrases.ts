// BM25 over an OR of phrases, phrase by phrase, with the rows of common phrases kept between questions.
//
// Why: a question of common words ("Which early language systems?") makes FTS5 score every concept that holds one
// of them (10,000 at 10,000 concepts), reading each one's position lists: ~30–70 ms of WebAssembly per question,
// the whole in-process p95. FTS5's bm25() is a sum over the query's phrases in query order, each term depending on
// that phrase alone (its idf from its own document count, its frequency in the row, the row's length):
//   bm25(row) = -1.0 × (((0.0 + p₁) + p₂) + … + pₙ), pᵢ = 0 where phrase i is absent,
// and a query of phrase i alone returns -1.0 × (0.0 + pᵢ) = -pᵢ exactly. So the scores of the OR query are
// rebuilt bit for bit from the single-phrase scores, added in the same order (IEEE addition is exact to the bit
// in WebAssembly and JavaScript alike); a common phrase's scores are kept, across index changes too (bm25-cache.ts
// refreshes only the rows a change touched), and the next question with that word costs a few thousand additions
// instead of FTS5's whole pass. The first question of a process (all a cold CLI process asks) keeps nothing: there
// a common phrase's share of any score is bounded and FTS5 scores only the rows the rarer phrases can rank
// (bestByBound). Either way the ranking equals
// `order by bm25, path limit n` over the OR query (test/core/index/bm25-phrases.test.ts compares them).
import { PhraseScoreCache, type PhraseScores } from './bm25-cache';
import type { Database } from './sqlite';

export { PhraseScoreCache };

/** `"a" OR "b" OR …` (every phrase double-quoted, inner quotes doubled): its phrases, or null for anything else. */
export function orOfPhrases(match: string): string[] | null {
  if (!/^"(?:[^"]|"")*"(?: OR "(?:[^"]|"")*")*$/.test(match)) return null;
  return match.match(/"(?:[^"]|"")*"/g);
}

/**
 * Above this rowid, or below 0, the sums go in a Map (such rowids come only from a table edited many times over, or
 * from a wiki.db written by another tool).
 */
const MAX_DENSE_ROWID = 4_000_000;

/** A matching row and its bm25() score over the whole OR query. */
export interface ScoredRow {
  readonly rowid: number;
  readonly score: number;
}

/** Every matching row of an OR of phrases and its bm25() score over that OR, in rowid order. */
interface Summed {
  readonly ids: Float64Array;
  readonly values: Float64Array;
}

/**
 * The rows of `phrases` OR-ed with a score at or below the `limit`-th best, each with bm25() exactly as FTS5 gives
 * it for the whole query: the best `limit` and every row tied with the last of them (the caller orders ties).
 */
export function bestByPhrases(
  db: Database,
  cache: PhraseScoreCache,
  phrases: readonly string[],
  limit: number,
  weights: string,
): ScoredRow[] {
  const { ids, values } = summed(phrases.map((phrase) => cache.scores(db, phrase, weights)));
  if (ids.length === 0 || limit <= 0) return [];
  const cut = values.length <= limit ? Infinity : kthSmallest(values, limit);
  const best: ScoredRow[] = [];
  for (let i = 0; i < ids.length; i++) if (values[i] <= cut) best.push({ rowid: ids[i], score: values[i] });
  return best;
}

/**
 * The k-th smallest of `values` (1 ≤ k ≤ length), as `Float64Array.from(values).sort()[k - 1]` gives it but for the
 * sign of a zero (compared alike wherever it is read): one pass keeping the k smallest, where sorting the ~10,000
 * scores of a common word cost ~1 ms a question.
 */
export function kthSmallest(values: Float64Array, k: number): number {
  if (k > 64) return Float64Array.from(values).sort()[k - 1];
  const low: number[] = [];
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (low.length === k && v >= low[k - 1]) continue;
    let at = low.length;
    while (at > 0 && v < low[at - 1]) at--;
    low.splice(at, 0, v);
    if (low.length > k) low.pop();
  }
  return low[k - 1];
}

/**
 * bm25() of the OR of the phrases whose scores are `lists`, for every row matching one of them: the sum of p₁…pₙ
 * per row, in phrase order; -(-s) is s exactly, and 0 + p is p, as in FTS5. Summed in arrays indexed by rowid (rowids
 * run from 1 to about the number of concepts; a Map cost more than FTS5 on a warm question).
 */
function summed(lists: readonly PhraseScores[]): Summed {
  let top = 0;
  let bottom = 0;
  for (const { ids } of lists)
    for (let i = 0; i < ids.length; i++) {
      if (ids[i] > top) top = ids[i];
      if (ids[i] < bottom) bottom = ids[i];
    }
  if (top > MAX_DENSE_ROWID || bottom < 0) return sparseSums(lists);
  const sums = new Float64Array(top + 1);
  const seen = new Uint8Array(top + 1);
  let matched = 0;
  for (const { ids, scores } of lists) {
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i];
      if (seen[id] === 0) {
        seen[id] = 1;
        matched++;
      }
      sums[id] += -scores[i];
    }
  }
  const ids = new Float64Array(matched);
  const values = new Float64Array(matched);
  for (let id = 0, n = 0; id <= top; id++)
    if (seen[id] === 1) {
      ids[n] = id;
      values[n++] = -1.0 * sums[id];
    }
  return { ids, values };
}

/** `summed` in a Map, for rowids too large for arrays. */
function sparseSums(lists: readonly PhraseScores[]): Summed {
  const sums = new Map<number, number>();
  for (const { ids, scores } of lists)
    for (let i = 0; i < ids.length; i++) sums.set(ids[i], (sums.get(ids[i]) ?? 0) + -scores[i]);
  const ids = Float64Array.from(sums.keys());
  return { ids, values: Float64Array.from(ids, (id) => -1.0 * sums.get(id)!) };
}

/**
 * FTS5's idf of a phrase found in at least half the rows is clamped to 1e-6 (bm25 uses log((N − n + 0.5) / (n + 0.5))
 * and replaces a value ≤ 0), so such a phrase adds less than 1e-6 × (k1 + 1) = 2.2e-6 to any row's score (its
 * frequency term f·(k1+1)/(f + k1·(…)) stays below k1 + 1). With the slack below for rounding.
 */
const COMMON_PHRASE_BOUND = 2.2e-6 * (1 + 1e-6);
/** Relative slack for the rounding of summing up to 32 phrase scores in another grouping (~4e-15 at most). */
const ROUNDING = 1e-9;

/**
 * Whether scoring `phrases` phrase by phrase would make FTS5 score a common phrase (in half the rows or more) over all
 * its rows: one not kept yet. That pass costs ~20–30 ms for a word on 10,000 pages, the first time each common word
 * is asked; bestByBound avoids it whenever rarer phrases bound the ranking.
 */
export function scoresCommonAnew(
  db: Database,
  cache: PhraseScoreCache,
  phrases: readonly string[],
  weights: string,
): boolean {
  return phrases.some((p) => !cache.keeps(p, weights) && !cache.readsDoclists(db, p, weights) && cache.common(db, p));
}

/** The best rows of a query (see bestByBound), or, when `complete` is false, only its exact first rows (see prefix). */
export interface Bounded {
  readonly rows: ScoredRow[];
  readonly complete: boolean;
}

/**
 * A question mixing common phrases (in half the rows or more: a bounded, near-zero share of any score) with rarer ones:
 * the rarer phrases alone give each row its score but for that share, which bounds which rows can reach the best
 * `limit` of the whole query; FTS5 then scores only those rows for the whole query (the `+rowid` test runs before
 * bm25() is computed, so FTS5 walks the common phrases' row lists without scoring each row). Returns every row that
 * can be among the best `limit`, with bm25() exactly as the whole query gives it, or null when the bound decides
 * nothing (no common phrase, no rarer one, or too few rows hold the rarer ones) and the whole query must run.
 * `byPhrase`: the rarer phrases are scored phrase by phrase through `cache` (kept ones read, common enough ones kept);
 * else in one FTS5 pass, cheaper when nothing is kept yet (the first question after a change).
 */
export function bestByBound(
  db: Database,
  match: string,
  phrases: readonly string[],
  limit: number,
  weights: string,
  cache: PhraseScoreCache = new PhraseScoreCache(),
  byPhrase = false,
): ScoredRow[] | null {
  return bounded(db, match, phrases, limit, weights, cache, byPhrase, false)?.rows ?? null;
}

/**
 * bestByBound, and where fewer than `limit` rows hold the rarer phrases ("What is Wyrven Systems?": 7 pages hold
 * "wyrven", every page "systems"), with `prefix` those rows alone, marked incomplete: when each of them scores more
 * from the rarer phrases than the common ones can give any row, they are exactly the first rows of the ranking, in
 * order, and only the rows after them need the common phrases scored over every row they are on.
 */
export function bounded(
  db: Database,
  match: string,
  phrases: readonly string[],
  limit: number,
  weights: string,
  cache: PhraseScoreCache,
  byPhrase: boolean,
  prefix: boolean,
): Bounded | null {
  if (limit <= 0) return null;
  const common = phrases.filter((p) => cache.common(db, p));
  const rarer = phrases.filter((p) => !cache.common(db, p));
  if (common.length === 0 || rarer.length === 0) return null;
  const scoring = `select rowid, bm25(concepts_fts, ${weights}) as score from concepts_fts where concepts_fts match ?`;
  // Phrase by phrase, the partial scores are FTS5's own for the OR of the rarer phrases (summed in query order).
  const partial = byPhrase
    ? summed(rarer.map((phrase) => cache.scores(db, phrase, weights)))
    : db.numberPairs(scoring, [rarer.join(' OR ')]);
  const share = common.length * COMMON_PHRASE_BOUND;
  const complete = partial.ids.length >= limit;
  if (!complete && !(prefix && partial.ids.length > 0)) return null;
  // The weakest partial score that must beat every row holding only common phrases: the `limit`-th best, or for a
  // prefix the last of them (a row of rarer phrases scores at least |partial|·(1 − ROUNDING), one of common ones alone
  // at most `share`).
  const kth = -kthSmallest(partial.values, complete ? limit : partial.ids.length);
  if (kth * (1 - ROUNDING) <= share) return null;
  // A row outside these scores at most |partial|·(1 + ROUNDING) + share < kth·(1 − ROUNDING), below each of the
  // best `limit` by the rarer phrases: it cannot be among the best `limit`, nor tie with them.
  const candidates: number[] = [];
  for (let i = 0; i < partial.ids.length; i++)
    if (-partial.values[i] * (1 + ROUNDING) + share >= kth * (1 - ROUNDING)) candidates.push(partial.ids[i]);
  const exact = db.numberPairs(`${scoring} and +rowid in (select value from json_each(?))`, [
    match,
    JSON.stringify(candidates),
  ]);
  if (exact.ids.length !== candidates.length) return null;
  return { rows: Array.from(exact.ids, (rowid, i) => ({ rowid, score: exact.values[i] })), complete };
}

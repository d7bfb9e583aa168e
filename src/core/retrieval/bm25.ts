// FTS5 BM25 seed signal (spec §6.1) and its word-coverage confidence gate (spec §10.4).
import type { WikiIndex } from '../index/wiki-index';
import { toFtsQuery } from './fts-query';
import { stemOf } from './stem';
import { asciiWordsOpeningWith, contentWords, namedWords, words } from './text';

/** How many BM25 hits are ranked. */
export const BM25_LIMIT = 20;

/**
 * Column weights for bm25(): path (unindexed), title, aliases, description, tags, body. A hit in the title
 * says more about what a page is about than a mention in its body.
 */
const COLUMN_WEIGHTS = [0, 10, 8, 4, 4, 1];

export interface Bm25Hit {
  readonly path: string;
  /** bm25() score; lower is better, as SQLite returns it. */
  readonly score: number;
  /** Share of the question's content words present in the concept (0–1), checked independently of the score. */
  readonly coverage: number;
  /** Every name the question writes (namedWords) occurs in the concept: a page about something else is not it. */
  readonly namesPresent: boolean;
  /**
   * `coverage` where the words naming the past time the question is set in (`periodWords`) count only for a page
   * holding them, never against one: what confirms a title the question names ambiguously ("Bell Labs" in "Who
   * owned Bell Labs in 1980?", QA3 Q8). Equal to `coverage` when there are none.
   */
  readonly timelessCoverage: number;
}

/**
 * How the coverage gate counts words: `plain` (spec §10.4: every content word counts 1) or `idf` (each word
 * weighs its inverse document frequency in this bundle, so words on every page — "computer" in a computing
 * wiki — say little, and a word on no page — "Apple" — weighs most).
 */
export type CoverageWeighting = 'plain' | 'idf';

/** A ranked row with the text its coverage is measured on. */
type Bm25Row = ReturnType<WikiIndex['bm25Rows']>[number];

/**
 * BM25 hits for a question, best first, each with its word coverage. `guessed` holds words the question was
 * corrected to (folded): they are searched and must be on the page as names, but never count as covered words —
 * the question did not write them (spec §10.4: the words that actually appear). `prefixDecides`: where the best
 * `limit` would cost a pass over every page of a common word, the exact first hits are offered to it, and are the
 * answer when it says they decide what the caller needs (WikiIndex.bm25Prefix); else the best `limit`.
 */
export function bm25Search(
  index: WikiIndex,
  question: string,
  limit = BM25_LIMIT,
  weighting: CoverageWeighting = 'plain',
  guessed: ReadonlySet<string> = new Set(),
  prefixDecides?: (first: readonly Bm25Hit[]) => boolean,
  periodWords: readonly string[] = [],
): Bm25Hit[] {
  const match = toFtsQuery(question);
  if (match === null) return [];
  const gate = { weighting, guessed, periodWords: new Set(periodWords) };
  if (prefixDecides) {
    const ranked = index.bm25Prefix(match, limit, COLUMN_WEIGHTS);
    const hits = hitsOf(index, question, ranked.rows, gate);
    if (ranked.complete || prefixDecides(hits)) return hits;
  }
  return hitsOf(index, question, index.bm25Rows(match, limit, COLUMN_WEIGHTS), gate);
}

/** The hits of ranked rows, each with its word coverage and whether the question's names are on its page. */
function hitsOf(
  index: WikiIndex,
  question: string,
  rows: readonly Bm25Row[],
  gate: { weighting: CoverageWeighting; guessed: ReadonlySet<string>; periodWords: ReadonlySet<string> },
): Bm25Hit[] {
  const { weighting, guessed } = gate;
  const wanted = contentWords(question);
  const timeless = gate.periodWords.size > 0 ? wanted.filter((w) => !gate.periodWords.has(w)) : undefined;
  const weights = weighting === 'idf' && rows.length > 0 ? idfWeights(index, wanted) : undefined;
  const names = namedWords(question).map(stemOf);
  const guessedStems = new Set([...guessed].map(stemOf));
  // Only these stems are ever looked up in a page: the coverage gate's and the names gate's.
  const sought = new Set([...wanted.map(stemOf), ...names]);
  const openings = stemOpenings(sought);
  return rows.map((r) => {
    // The page's sought stems, once: both gates read them. Its literal facts count as its words ("GC&CS" may be only
    // in a relation's object, never in the prose).
    const present = stemsAmong(
      [r.title, r.aliases, r.description, r.tags, r.body, r.literals].join('\n'),
      sought,
      openings,
    );
    const covered = coverageIn(wanted, present, weights, guessedStems);
    return {
      path: r.path,
      score: r.score,
      coverage: covered,
      namesPresent: names.every((n) => present.has(n)),
      timelessCoverage: timeless ? Math.max(covered, coverageIn(timeless, present, weights, guessedStems)) : covered,
    };
  });
}

/**
 * BM25's inverse document frequency of each wanted word's stem in this bundle: ln(1 + (N − df + 0.5) / (df + 0.5)).
 * Always positive; a stem on no page gets the largest weight.
 */
export function idfWeights(index: WikiIndex, wanted: readonly string[]): Map<string, number> {
  const stems = [...new Set(wanted.map(stemOf))];
  const df = index.termDocumentFrequencies(stems);
  const n = index.conceptCount();
  return new Map(stems.map((s) => [s, Math.log(1 + (n - (df.get(s) ?? 0) + 0.5) / ((df.get(s) ?? 0) + 0.5))]));
}

/**
 * Fraction of `wanted` words that occur as words of `document` (spec §10.4). Compared the way FTS5's
 * `porter unicode61` tokenizer compares (case- and diacritic-folded whole words, English stems), so the gate
 * and the ranking agree; words of one stem count once.
 */
export function coverage(wanted: readonly string[], document: string, weights?: ReadonlyMap<string, number>): number {
  return coverageIn(wanted, stemsOf(document), weights);
}

/** The stems of a text's words, as FTS5's `porter unicode61` tokenizer makes them. */
function stemsOf(text: string): Set<string> {
  const stems = new Set<string>();
  // Each distinct word once: a page repeats most of its words.
  for (const word of new Set(words(text))) stems.add(stemOf(word));
  return stems;
}

/**
 * Which of the `sought` stems some word of `text` has (what `stemsOf(text)` holds of them), stopping once all are
 * found: the gate read every word of 20 pages into sets of all their stems per question (~3 ms at 10,000 concepts).
 * In an ASCII text only the words that can have a sought stem are stemmed (stemOpenings).
 */
function stemsAmong(text: string, sought: ReadonlySet<string>, openings: Uint8Array): Set<string> {
  const found = new Set<string>();
  if (sought.size === 0) return found;
  for (const word of asciiWordsOpeningWith(text, openings) ?? words(text)) {
    const stem = stemOf(word);
    if (sought.has(stem) && !found.has(stem)) {
      found.add(stem);
      if (found.size === sought.size) break;
    }
  }
  return found;
}

/**
 * The openings (asciiWordsOpeningWith) of the ASCII words whose stem may be one of `stems`. Porter never changes a
 * word's first character, nor its second unless the stem is one character long or is two characters ending in the i
 * that step 1c makes of a y ("ayed" → "ai"): every rule cuts or rewrites a suffix after a stem of at least two
 * characters (m > 0), or one it leaves non-empty and never lengthens again, and step 1c changes a last character
 * that has a vowel before it (stem.ts; tested on every word of up to five letters of a Porter-heavy alphabet).
 * A stem outside ASCII comes from no ASCII word.
 */
export function stemOpenings(stems: Iterable<string>): Uint8Array {
  const openings = new Uint8Array(128 * 128);
  for (const stem of stems) {
    const first = stem.charCodeAt(0);
    if (stem === '' || /[\u0080-\uffff]/.test(stem)) continue;
    if (stem.length === 1) openings.fill(1, first * 128, first * 128 + 128);
    else {
      openings[first * 128 + stem.charCodeAt(1)] = 1;
      if (stem[1] === 'i') openings[first * 128 + 'y'.charCodeAt(0)] = 1;
    }
  }
  return openings;
}

/** `coverage` over a page's stems already computed. */
function coverageIn(
  wanted: readonly string[],
  present: ReadonlySet<string>,
  weights?: ReadonlyMap<string, number>,
  guessed?: ReadonlySet<string>,
): number {
  const stems = [...new Set(wanted.map(stemOf))];
  if (stems.length === 0) return 0;
  const weight = (s: string) => weights?.get(s) ?? 1;
  const total = stems.reduce((sum, s) => sum + weight(s), 0);
  const covered = stems.filter((s) => present.has(s) && !guessed?.has(s));
  return total === 0 ? 0 : covered.reduce((sum, s) => sum + weight(s), 0) / total;
}

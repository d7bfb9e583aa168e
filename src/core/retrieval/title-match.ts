// Exact-title seed signal (spec §6.1, §10.3): a concept's full title or alias occurs in the question at a
// Unicode letter/number boundary. "AI" never matches "explain", "Go" never matches "ago".
import { foldText, STOPWORDS } from './text';

/** A title or alias to look for. */
export interface TitleEntry {
  readonly path: string;
  /** The title or alias, folded with foldText. */
  readonly folded: string;
}

/** One title found in the question. */
export interface TitleHit {
  readonly path: string;
  readonly start: number;
  readonly end: number;
}

const WORD_CHAR = /[\p{L}\p{N}]/u;

/** Folds titles and aliases once; titles made only of stopwords ("The", "It") are never matched. */
export function titleEntries(
  rows: readonly { path: string; title: string; aliases: readonly string[] }[],
): TitleEntry[] {
  const entries: TitleEntry[] = [];
  for (const row of rows) {
    // A title alone (most concepts: no aliases) needs no set of the names already taken.
    if (row.aliases.length === 0) {
      const folded = foldText(row.title);
      if (matchable(folded)) entries.push({ path: row.path, folded });
      continue;
    }
    // One entry per distinct folded name of a concept: 4,000 copies of one alias were 4,000 searches.
    const names = new Set<string>();
    for (const name of [row.title, ...row.aliases]) {
      const folded = foldText(name);
      if (folded === '' || names.has(folded) || !WORD_CHAR.test(folded)) continue;
      names.add(folded);
      if (allStopwords(folded)) continue;
      entries.push({ path: row.path, folded });
    }
  }
  return entries;
}

/** A folded name that can be matched: not empty, with a letter or number, not made only of stopwords. */
function matchable(folded: string): boolean {
  return folded !== '' && WORD_CHAR.test(folded) && !allStopwords(folded);
}

/** Whether every word of a folded name is a stopword (its first word settles it for nearly every title). */
function allStopwords(folded: string): boolean {
  const space = folded.indexOf(' ');
  if (!STOPWORDS.has(space < 0 ? folded : folded.slice(0, space))) return false;
  return folded.split(' ').every((w) => STOPWORDS.has(w));
}

/** True when `text[start, end)` is not glued to a letter or number on either side. */
function atBoundary(text: string, start: number, end: number): boolean {
  const before = start > 0 ? text[start - 1] : '';
  const after = end < text.length ? text[end] : '';
  // A title that itself starts/ends with punctuation ("C++", "(AT&T)") only needs its word edges checked.
  const needsBefore = WORD_CHAR.test(text[start]);
  const needsAfter = WORD_CHAR.test(text[end - 1]);
  return (!needsBefore || !WORD_CHAR.test(before)) && (!needsAfter || !WORD_CHAR.test(after));
}

/** Occurrences of one title considered per question; a question repeating a word 500 times stays cheap. */
const MAX_OCCURRENCES = 16;

/**
 * Every concept whose title or alias occurs in the question at a word boundary, longest match first.
 * A match lying strictly inside a longer match ("Bell Labs" inside "Nokia Bell Labs") is dropped, but the
 * same title standing on its own elsewhere in the question still counts ("Nokia Bell Labs or Bell Labs?").
 */
export function matchTitles(question: string, entries: readonly TitleEntry[]): TitleHit[] {
  const text = foldText(question);
  const hits: TitleHit[] = [];
  for (const entry of entriesIn(text, entries)) {
    let from = 0;
    for (let found = 0; found < MAX_OCCURRENCES;) {
      const at = text.indexOf(entry.folded, from);
      if (at < 0) break;
      const end = at + entry.folded.length;
      if (atBoundary(text, at, end)) {
        hits.push({ path: entry.path, start: at, end });
        found++;
      }
      from = at + 1;
    }
  }
  // The order below depends only on the hits found, never on the order they were found in: spans compare by
  // length, start and path, and two hits equal on all three are the same hit.
  const kept = notInsideLonger(hits);
  kept.sort(
    (a, b) =>
      b.end - b.start - (a.end - a.start) || a.start - b.start || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0),
  );
  const seen = new Set<string>();
  return kept.filter((h) => (seen.has(h.path) ? false : (seen.add(h.path), true)));
}

/** Entries by the first two UTF-16 units of their folded name (one unit for a one-unit name), per entry list. */
const byOpening = new WeakMap<readonly TitleEntry[], Map<string, TitleEntry[]>>();

/**
 * The entries that may occur in `text`: those whose first two units (or only unit) occur in it. A question of 40
 * characters has at most 40 such openings, so it looks up a few hundred names of 10,000 concepts, not every one
 * (each `indexOf` over all of them cost ~1 ms a question, and a question asks up to four times).
 */
function entriesIn(text: string, entries: readonly TitleEntry[]): TitleEntry[] {
  let index = byOpening.get(entries);
  if (!index) {
    index = new Map();
    for (const entry of entries) {
      const key = entry.folded.slice(0, 2);
      const bucket = index.get(key);
      if (bucket) bucket.push(entry);
      else index.set(key, [entry]);
    }
    byOpening.set(entries, index);
  }
  const out: TitleEntry[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < text.length; i++)
    for (const key of [text[i], text.slice(i, i + 2)]) {
      if (seen.has(key)) continue;
      seen.add(key);
      const bucket = index.get(key);
      if (bucket) for (const entry of bucket) out.push(entry);
    }
  return out;
}

/**
 * The hits whose span lies inside no other, longer span, in n log n (hits were compared pairwise: 8.4 s for
 * 4,000 names matched 16 times each). A longer span containing another is a different span containing it, so
 * sorted by start then by end descending, a span is inside a longer one exactly when an earlier distinct span
 * reaches as far as it does.
 */
function notInsideLonger(hits: readonly TitleHit[]): TitleHit[] {
  const byStart = [...hits].sort((a, b) => a.start - b.start || b.end - a.end);
  const inside = new Set<TitleHit>();
  let reach = -1;
  for (let i = 0; i < byStart.length;) {
    // Hits with one span are decided together: the same span never counts as a longer one.
    let j = i;
    while (j < byStart.length && byStart[j].start === byStart[i].start && byStart[j].end === byStart[i].end) j++;
    if (reach >= byStart[i].end) for (let k = i; k < j; k++) inside.add(byStart[k]);
    reach = Math.max(reach, byStart[i].end);
    i = j;
  }
  return hits.filter((h) => !inside.has(h));
}

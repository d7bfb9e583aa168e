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
export function titleEntries(rows: readonly { path: string; title: string; aliases: readonly string[] }[]): TitleEntry[] {
  const entries: TitleEntry[] = [];
  for (const row of rows) {
    for (const name of [row.title, ...row.aliases]) {
      const folded = foldText(name);
      if (folded === '' || !WORD_CHAR.test(folded)) continue;
      if (folded.split(' ').every((w) => STOPWORDS.has(w))) continue;
      entries.push({ path: row.path, folded });
    }
  }
  return entries;
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
  for (const entry of entries) {
    let from = 0;
    for (let found = 0; found < MAX_OCCURRENCES; ) {
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
  const kept = hits.filter((h) => !hits.some((o) => o !== h && o.start <= h.start && o.end >= h.end && o.end - o.start > h.end - h.start));
  kept.sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const seen = new Set<string>();
  return kept.filter((h) => (seen.has(h.path) ? false : (seen.add(h.path), true)));
}

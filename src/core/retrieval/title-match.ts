// Exact-title seed signal (spec §6.1, §10.3): a concept's full title or alias occurs in the question at a
// Unicode letter/number boundary. "AI" never matches "explain", "Go" never matches "ago". A title with a trailing
// qualifier in parentheses ("Bell Labs (AT&T era)") is also named by the part before it ("Bell Labs"). Two kinds
// of hit do not settle which concept the question means, and say so (`ambiguous`) for the caller to ask the
// question's other words to confirm them: that name without its qualifier (other concepts may share it), and a
// one-word name written with a capital ("Go", "Frontier") that the question writes without it ("can a cat go").
import { foldText, foldTextKeepingCase, STOPWORDS } from './text';
import { compareBinary } from './binary-order';

/** A title or alias to look for. */
export interface TitleEntry {
  readonly path: string;
  /** The title or alias, folded with foldText. */
  readonly folded: string;
  /**
   * A name of one word (no space) with a capital: the name folded with its capitals kept (`foldTextKeepingCase`,
   * the same length as `folded`). Absent for every other name.
   */
  readonly cased?: string;
  /** The name is a title or alias without its trailing parenthetical qualifier ("Bell Labs"). */
  readonly qualifierDropped?: true;
}

/** One title found in the question. */
export interface TitleHit {
  readonly path: string;
  readonly start: number;
  readonly end: number;
  /**
   * No occurrence of this concept's names in the question settles that it is meant: each is a name without its
   * qualifier ("Bell Labs" for "Bell Labs (AT&T era)"), or a one-word name the question writes without one of its
   * capitals ("go" for "Go") or in a question written in capitals only, where case cannot tell a name from a word.
   */
  readonly ambiguous?: true;
}

const WORD_CHAR = /[\p{L}\p{N}]/u;

/** Folds titles and aliases once; titles made only of stopwords ("The", "It") are never matched. */
export function titleEntries(
  rows: readonly { path: string; title: string; aliases: readonly string[] }[],
): TitleEntry[] {
  const entries: TitleEntry[] = [];
  for (const row of rows) {
    // A title alone (most concepts: no aliases, no qualifier) needs no set of the names already taken.
    if (row.aliases.length === 0 && !row.title.trimEnd().endsWith(')')) {
      const folded = foldText(row.title);
      if (matchable(folded)) entries.push(entryOf(row.path, row.title, folded, false));
      continue;
    }
    // One entry per distinct folded name of a concept: 4,000 copies of one alias were 4,000 searches. The names
    // written come first, so a name also written as an alias is never taken for a mere qualifier-less title.
    const names = new Set<string>();
    const written = [row.title, ...row.aliases];
    for (const [name, dropped] of [
      ...written.map((n) => [n, false] as const),
      ...qualifierless(written).map((n) => [n, true] as const),
    ]) {
      const folded = foldText(name);
      if (folded === '' || names.has(folded) || !WORD_CHAR.test(folded)) continue;
      names.add(folded);
      if (allStopwords(folded)) continue;
      entries.push(entryOf(row.path, name, folded, dropped));
    }
  }
  return entries;
}

/** A trailing qualifier in parentheses, and the name before it ("Bell Labs" of "Bell Labs (AT&T era)"). */
const QUALIFIED = /^(.*[^\s(])\s*\([^()]*\)\s*$/su;

/**
 * The part of each name before a trailing parenthetical qualifier, for the names that have one: the Wikipedia style
 * "Name (qualifier)" is how a wiki tells apart concepts of one name, and a question names them by the name. Every
 * concept sharing that name is matched by it; supersession and HISTORICAL intent choose among them as among titles.
 */
function qualifierless(names: readonly string[]): string[] {
  const out: string[] = [];
  for (const name of names) {
    const base = QUALIFIED.exec(name)?.[1];
    if (base !== undefined) out.push(base);
  }
  return out;
}

/** The entry of one name: with its capitals when it is one word holding one (see TitleEntry.cased). */
function entryOf(path: string, name: string, folded: string, qualifierDropped: boolean): TitleEntry {
  const entry: { path: string; folded: string; cased?: string; qualifierDropped?: true } = { path, folded };
  if (qualifierDropped) entry.qualifierDropped = true;
  if (folded.includes(' ') || !HAS_CAPITAL.test(name)) return entry;
  const cased = foldTextKeepingCase(name);
  if (cased.length === folded.length && cased !== folded) entry.cased = cased;
  return entry;
}

const HAS_CAPITAL = /\p{Lu}|\p{Lt}/u;

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
  const caseOf = questionCase(question, text);
  const hits: TitleHit[] = [];
  for (const entry of entriesIn(text, entries)) {
    let from = 0;
    for (let found = 0; found < MAX_OCCURRENCES;) {
      const at = text.indexOf(entry.folded, from);
      if (at < 0) break;
      const end = at + entry.folded.length;
      if (atBoundary(text, at, end)) {
        const ambiguous =
          entry.qualifierDropped === true || (entry.cased !== undefined && caseOf().ambiguous(entry.cased, at));
        hits.push(
          ambiguous ? { path: entry.path, start: at, end, ambiguous: true } : { path: entry.path, start: at, end },
        );
        found++;
      }
      from = at + 1;
    }
  }
  // The order below depends only on the hits found, never on the order they were found in: spans compare by
  // length, start and path, and two hits equal on all three are the same hit.
  const kept = inLongerNames(notInsideLonger(hits), caseOf);
  kept.sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start || compareBinary(a.path, b.path));
  // A concept the question names once unambiguously ("Go") is named, whatever its other occurrences ("go").
  const named = new Set(kept.filter((h) => !h.ambiguous).map((h) => h.path));
  const seen = new Set<string>();
  const out: TitleHit[] = [];
  for (const h of kept) {
    if (seen.has(h.path)) continue;
    seen.add(h.path);
    out.push(h.ambiguous && named.has(h.path) ? { path: h.path, start: h.start, end: h.end } : h);
  }
  return out;
}

interface QuestionCase {
  ambiguous(cased: string, at: number): boolean;
  /** Where the words beside `[start, end)` start that are written with a capital as part of a name (inLongerNames). */
  capitalsBeside(start: number, end: number): number[];
}

/** The start of the word ending just before `at`, across spaces only (undefined: none, or punctuation between). */
function wordBefore(text: string, at: number): number | undefined {
  let i = at;
  while (i > 0 && text[i - 1] === ' ') i--;
  if (i === at || i === 0 || !WORD_CHAR.test(text[i - 1])) return undefined;
  while (i > 0 && WORD_CHAR.test(text[i - 1])) i--;
  return i;
}

/** The start of the word beginning just after `at`, across spaces only. */
function wordAfter(text: string, at: number): number | undefined {
  let i = at;
  while (i < text.length && text[i] === ' ') i++;
  return i > at && i < text.length && WORD_CHAR.test(text[i]) ? i : undefined;
}

/** The word at `at` starts with a capital and is no stopword ("I", "The" are no part of a name). */
function isNameWord(text: string, at: number): boolean {
  if (!/\p{Lu}|\p{Lt}/u.test(text[at])) return false;
  let end = at;
  while (end < text.length && WORD_CHAR.test(text[end])) end++;
  return !STOPWORDS.has(text.slice(at, end).toLowerCase());
}

/** The word at `at` opens the question or a sentence (its capital says nothing), as nameTokens reads it. */
function opensSentence(text: string, at: number): boolean {
  let i = at - 1;
  while (i >= 0 && text[i] === ' ') i--;
  return i < 0 || /[.?!:;"\u201C([]/.test(text[i]);
}

/**
 * How the question writes its letters, read on demand (only a one-word name with a capital asks): whether it writes
 * a name found at offset `at` of its folded text without one of the name's capitals. A question in capitals only
 * ("HOW FAR CAN A CAT GO") says nothing by its case: every such name is ambiguous there. Where the question's
 * folding changed its length (lowercasing "İ"), offsets do not line up and its case is not read (never ambiguous).
 */
function questionCase(question: string, folded: string): () => QuestionCase {
  let read: QuestionCase | undefined;
  return () => {
    if (read) return read;
    const cased = foldTextKeepingCase(question);
    const aligned = cased.length === folded.length;
    const capitalsOnly = aligned && cased === cased.toUpperCase();
    read = {
      ambiguous: (name, at) => {
        if (!aligned) return false;
        if (capitalsOnly) return true;
        // A capital of the name is a character lowercasing changes; the question must write a capital there too.
        for (let i = 0; i < name.length; i++)
          if (name[i] !== name[i].toLowerCase() && cased[at + i] === folded[at + i]) return true;
        return false;
      },
      capitalsBeside: (start, end) => {
        if (!aligned || capitalsOnly) return [];
        const out: number[] = [];
        const before = wordBefore(cased, start);
        if (before !== undefined && isNameWord(cased, before) && !opensSentence(cased, before)) out.push(before);
        const after = wordAfter(cased, end);
        if (after !== undefined && isNameWord(cased, after)) out.push(after);
        return out;
      },
    };
    return read;
  };
}

/**
 * The hits, each one written as part of a longer capitalised name made ambiguous (QA3 Q9): "Frontier" in "Frontier
 * Communications", "Go" in "What does Go Daddy sell?", "Unix" in "Unix Mutual Insurance". Beside the hit stands a
 * further word with a capital (not a stopword, not a word opening a sentence, not inside another hit): the name
 * the question writes is longer than the title, and the page counts only if it also passes the words' gate, which
 * asks for every name the question writes ("communications" on the Frontier page).
 */
function inLongerNames(hits: readonly TitleHit[], caseOf: ReturnType<typeof questionCase>): TitleHit[] {
  if (hits.length === 0) return [...hits];
  const inHit = (at: number) => hits.some((h) => h.start <= at && at < h.end);
  return hits.map((h) => {
    if (h.ambiguous) return h;
    const beside = caseOf().capitalsBeside(h.start, h.end);
    return beside.some((at) => !inHit(at)) ? { ...h, ambiguous: true } : h;
  });
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

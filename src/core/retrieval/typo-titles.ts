// Typo-tolerant titles (issue 11 item 5): "Who was Charles Babbagge?" seeds Charles Babbage. A question word of
// six or more letters that is one edit (insertion, deletion, substitution or transposition of neighbours) from
// exactly one word of the bundle's titles and aliases — and from no other — is read as that word; when the
// question then names a title or alias exactly, that concept seeds as a title hit. A letter dropped from a name of
// six letters leaves five ("Grace Hoppr"): such a word is read as the name only when the rest of a title of several
// words stands beside it, written exactly (a lone "Turin" is a city, not a misspelt "Turing"). Ambiguity abstains:
// two candidate corrections, or a word that already is a title word, change nothing.
import type { TitleEntry, TitleHit } from './title-match';
import { matchTitles } from './title-match';
import { foldText, foldTextKeepingCase, nameTokens, STOPWORDS, words } from './text';

/** Shortest question word corrected: one edit in a shorter word too easily turns it into another word. */
export const MIN_TYPO_LENGTH = 6;

/**
 * The title words (five letters or more) and a way to the ones that may be one edit from a word. The symmetric
 * deletion index (each word and its single-character deletions → the words they come from) answers in microseconds
 * but cost a cold CLI question ~70 ms to build over 10,000 titles, to correct its few words once. So the first words
 * looked up on a catalog scan the words instead (a word one edit away has the same first or the same last character:
 * one edit cannot touch both ends of a word of five letters), and once SCANS_BEFORE_INDEX words were scanned (a
 * question or two) the index is built. Both give every word one edit away, and isOneEdit decides (tested the same
 * on random titles).
 */
interface TitleWords {
  readonly words: ReadonlySet<string>;
  /** The words that may be one edit from `word` (more are fine: isOneEdit filters). */
  near(word: string): Iterable<string>;
}

interface Built {
  readonly words: ReadonlySet<string>;
  scans: number;
  byVariant?: ReadonlyMap<string, readonly string[]>;
}

/** Words scanned on a catalog before its index is built: a scan costs about a tenth of building the index. */
const SCANS_BEFORE_INDEX = 8;

const built = new WeakMap<readonly TitleEntry[], Built>();

function titleWords(entries: readonly TitleEntry[], how?: 'scan' | 'index'): TitleWords {
  let b = built.get(entries);
  if (!b) {
    const words = new Set<string>();
    for (const e of entries)
      for (const w of e.folded.match(NOT_ASCII.test(e.folded) ? /[\p{L}\p{N}]+/gu : /[A-Za-z0-9]+/g) ?? [])
        // A word has at most as many characters as UTF-16 units, as many without surrogates (no array then).
        if (w.length >= MIN_TYPO_LENGTH - 1 && (!SURROGATE.test(w) || [...w].length >= MIN_TYPO_LENGTH - 1))
          words.add(w);
    b = { words, scans: 0 };
    built.set(entries, b);
  }
  const entry = b;
  const words = b.words;
  if (how === 'scan' || (how === undefined && b.byVariant === undefined && b.scans < SCANS_BEFORE_INDEX))
    return {
      words,
      near: (word) => {
        entry.scans++;
        return scanNear(words, word);
      },
    };
  const byVariant = (b.byVariant ??= deletionIndex(words));
  return {
    words,
    near: (word) => {
      const found = new Set<string>();
      for (const v of new Set([word, ...deletions(word)])) for (const w of byVariant.get(v) ?? []) found.add(w);
      return found;
    },
  };
}

/** The words sharing `word`'s first or last UTF-16 unit (a word one edit away always does, at five letters). */
function* scanNear(words: ReadonlySet<string>, word: string): Iterable<string> {
  const first = word.charCodeAt(0);
  const last = word.charCodeAt(word.length - 1);
  for (const w of words) if (w.charCodeAt(0) === first || w.charCodeAt(w.length - 1) === last) yield w;
}

function deletionIndex(words: ReadonlySet<string>): ReadonlyMap<string, readonly string[]> {
  const byVariant = new Map<string, string[]>();
  for (const w of words) {
    for (const v of new Set([w, ...deletions(w)])) {
      const list = byVariant.get(v);
      if (list) list.push(w);
      else byVariant.set(v, [w]);
    }
  }
  return byVariant;
}

/**
 * Builds the index of `entries` now: a long-lived process (the MCP server) does it as it opens, so its first
 * questions after that do not pay for it.
 */
export function prepareTypoIndex(entries: readonly TitleEntry[]): void {
  titleWords(entries, 'index');
}

/** The title words one edit from `word`, found by a scan or through the index (for tests to compare). */
export function titleWordsOneEditFrom(word: string, entries: readonly TitleEntry[], how: 'scan' | 'index'): string[] {
  return [...new Set(titleWords(entries, how).near(word))].filter((w) => isOneEdit(word, w)).sort();
}

/** The word with one character removed, at every position. */
export function deletions(word: string): string[] {
  // Without surrogate pairs a UTF-16 unit is a code point: slicing is the same, and the index over 10,000 titles'
  // words (built by every cold CLI question) is made several times faster than by spreading each word.
  if (!/[\uD800-\uDFFF]/.test(word)) {
    const out: string[] = [];
    for (let i = 0; i < word.length; i++) out.push(word.slice(0, i) + word.slice(i + 1));
    return out;
  }
  const chars = [...word];
  return chars.map((_, i) => [...chars.slice(0, i), ...chars.slice(i + 1)].join(''));
}

/** Outside ASCII, where a title's words are read with Unicode's letter and number classes (ASCII's are A-Z, 0-9). */
const NOT_ASCII = /[\u0080-\uffff]/;
/** A UTF-16 surrogate: where a code unit is not a whole character. */
const SURROGATE = /[\uD800-\uDFFF]/;

/**
 * Optimal-string-alignment distance, stopping early above 1 (only "is it exactly one edit" is asked). Words without
 * surrogates are compared unit by unit, the same as character by character (a cold question's typo scan tries a word
 * against ~1,500 title words: spreading each into an array cost most of it).
 */
export function isOneEdit(a: string, b: string): boolean {
  if (SURROGATE.test(a) || SURROGATE.test(b)) return isOneEditOf([...a], [...b], a === b);
  return isOneEditOf(a, b, a === b);
}

/** isOneEdit over characters (`x`, `y`: arrays of code points, or strings whose units are all characters). */
function isOneEditOf(x: string | readonly string[], y: string | readonly string[], same: boolean): boolean {
  if (Math.abs(x.length - y.length) > 1 || same) return false;
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  const text = (chars: string | readonly string[], from: number) =>
    typeof chars === 'string' ? chars.slice(from) : chars.slice(from).join('');
  const rest = (p: number, q: number) => text(x, p) === text(y, q);
  if (x.length === y.length)
    return rest(i + 1, i + 1) || (x[i] === y[i + 1] && x[i + 1] === y[i] && rest(i + 2, i + 2));
  return x.length > y.length ? rest(i + 1, i) : rest(i, i + 1);
}

/**
 * The unique title word one edit from `word`, or undefined (none, or more than one). A word one letter short of
 * MIN_TYPO_LENGTH is only read as a name of MIN_TYPO_LENGTH letters or more with a letter dropped (`short`).
 */
function correctionOf(word: string, index: TitleWords, short: boolean): string | undefined {
  const length = [...word].length;
  if (short ? length !== MIN_TYPO_LENGTH - 1 : length < MIN_TYPO_LENGTH) return undefined;
  if (index.words.has(word) || STOPWORDS.has(word)) return undefined;
  const candidates = new Set<string>();
  for (const w of index.near(word))
    if (isOneEdit(word, w) && (!short || [...w].length >= MIN_TYPO_LENGTH)) candidates.add(w);
  return candidates.size === 1 ? [...candidates][0] : undefined;
}

/**
 * The folded question with each word `correctionOf` reads as a title word replaced by it, or undefined. Written
 * with the question's capitals when `cased` (its `foldTextKeepingCase`, offsets aligned) is given, a corrected word
 * capitalised when the question capitalised its first letter: "Who built Fronteir?" names Frontier as a name,
 * "the fronteir of physics" does not (`TitleHit.ambiguous`).
 */
function correctedText(
  folded: string,
  cased: string | undefined,
  index: TitleWords,
  short: boolean,
): string | undefined {
  const text = cased ?? folded;
  let corrected = '';
  let last = 0;
  let changed = false;
  for (const m of folded.matchAll(/[\p{L}\p{N}]+/gu)) {
    const fix = correctionOf(m[0], index, false) ?? (short ? correctionOf(m[0], index, true) : undefined);
    if (fix === undefined) continue;
    // Capitalised only where that keeps the word's length ("ß" would become "SS").
    const upper = fix.charAt(0).toUpperCase();
    const capital = text[m.index] !== folded[m.index] && upper.length === 1;
    corrected += text.slice(last, m.index) + (capital ? upper + fix.slice(1) : fix);
    last = m.index + m[0].length;
    changed = true;
  }
  return changed ? corrected + text.slice(last) : undefined;
}

/**
 * Title hits that only a one-edit correction of the question reveals (hits the question already has exactly
 * are left to matchTitles). Unambiguous by construction: each corrected word had a single candidate.
 */
export function matchTypoTitles(question: string, entries: readonly TitleEntry[]): TitleHit[] {
  const index = titleWords(entries);
  const folded = foldText(question);
  const keptCase = foldTextKeepingCase(question);
  const cased = keptCase.length === folded.length ? keptCase : undefined;
  const exact = new Set(matchTitles(question, entries).map((h) => h.path));
  const strong = correctedText(folded, cased, index, false);
  const strongHits = strong === undefined ? [] : matchTitles(strong, entries).filter((h) => !exact.has(h.path));
  // Hits only a five-letter correction reveals count when the title they match has other words, written exactly.
  const withShort = correctedText(folded, cased, index, true);
  if (withShort === undefined || withShort === strong) return strongHits;
  const found = new Set([...exact, ...strongHits.map((h) => h.path)]);
  const shortHits = matchTitles(withShort, entries).filter(
    (h) => !found.has(h.path) && /[\p{L}\p{N}][^\p{L}\p{N}]+[\p{L}\p{N}]/u.test(withShort.slice(h.start, h.end)),
  );
  return [...strongHits, ...shortHits];
}

/** A question as the word signals search it, and the words it was corrected to (folded). */
export interface CorrectedQuestion {
  readonly question: string;
  readonly guessed: ReadonlySet<string>;
}

/** True when `short` is `long` with one letter dropped from inside it (neither its first nor its last). */
function droppedInside(short: string, long: string): boolean {
  const s = [...short];
  const l = [...long];
  return s[0] === l[0] && s[s.length - 1] === l[l.length - 1];
}

/**
 * The question with each misspelt name read as the title or alias word it is one edit from, for the word
 * signals (BM25 and its gates): "Which chess machine did Thompsen help build?" searches for Thompson, as a bare
 * surname names no title for `matchTypoTitles` to find. Corrected only where a correction is safe: a word written
 * as a name (a capital where a sentence puts none), on no page of the bundle (`known` says which folded words
 * are), one edit from exactly one title word (`correctionOf`). A five-letter word is read as a six-letter name
 * only when a letter inside the name was dropped: dropping the first or last letter of a word leaves another word
 * far too often ("Turin" is a city, not "Turing" misspelt). The corrected words are guesses: the caller lets them
 * name a page, never cover it. The question (NFC) unchanged when nothing is corrected.
 */
export function correctNameTypos(
  raw: string,
  entries: readonly TitleEntry[],
  known: (folded: readonly string[]) => ReadonlySet<string>,
): CorrectedQuestion {
  const question = raw.normalize('NFC');
  const index = titleWords(entries);
  const fixes = new Map<string, string>();
  const tokens = nameTokens(question);
  for (const t of tokens) {
    const strong = correctionOf(t.folded, index, false);
    const short = strong === undefined ? correctionOf(t.folded, index, true) : undefined;
    const fix = strong ?? (short !== undefined && droppedInside(t.folded, short) ? short : undefined);
    if (fix !== undefined) fixes.set(t.folded, fix);
  }
  if (fixes.size === 0) return { question, guessed: new Set() };
  const onPages = known([...fixes.keys()]);
  for (const w of onPages) fixes.delete(w);
  // Every occurrence of a corrected word, also where a sentence opens with it ("Turnig's pardon came late").
  let out = '';
  let last = 0;
  for (const m of question.matchAll(/[\p{L}\p{N}]+/gu)) {
    const fix = fixes.get(words(m[0])[0] ?? '');
    if (fix === undefined) continue;
    const written = /^\p{Lu}/u.test(m[0]) ? fix.charAt(0).toUpperCase() + fix.slice(1) : fix;
    out += question.slice(last, m.index) + written;
    last = m.index + m[0].length;
  }
  return { question: out + question.slice(last), guessed: new Set(fixes.values()) };
}

// Typo-tolerant titles (issue 11 item 5): "Who was Charles Babbagge?" seeds Charles Babbage. A question word of
// six or more letters that is one edit (insertion, deletion, substitution or transposition of neighbours) from
// exactly one word of the bundle's titles and aliases — and from no other — is read as that word; when the
// question then names a title or alias exactly, that concept seeds as a title hit. A letter dropped from a name of
// six letters leaves five ("Grace Hoppr"): such a word is read as the name only when the rest of a title of several
// words stands beside it, written exactly (a lone "Turin" is a city, not a misspelt "Turing"). Ambiguity abstains:
// two candidate corrections, or a word that already is a title word, change nothing.
import type { TitleEntry, TitleHit } from './title-match';
import { matchTitles } from './title-match';
import { foldText, nameTokens, STOPWORDS, words, type NameToken } from './text';

/** Shortest question word corrected: one edit in a shorter word too easily turns it into another word. */
export const MIN_TYPO_LENGTH = 6;

/** For each single-character deletion of each title word (and the word itself), the title words it comes from. */
interface DeletionIndex {
  readonly words: ReadonlySet<string>;
  readonly byVariant: ReadonlyMap<string, readonly string[]>;
}

const indexes = new WeakMap<readonly TitleEntry[], DeletionIndex>();

function deletionIndex(entries: readonly TitleEntry[]): DeletionIndex {
  const cached = indexes.get(entries);
  if (cached) return cached;
  const words = new Set<string>();
  for (const e of entries)
    for (const w of e.folded.match(/[\p{L}\p{N}]+/gu) ?? []) if ([...w].length >= MIN_TYPO_LENGTH - 1) words.add(w);
  const byVariant = new Map<string, string[]>();
  for (const w of words) {
    for (const v of new Set([w, ...deletions(w)])) {
      const list = byVariant.get(v);
      if (list) list.push(w);
      else byVariant.set(v, [w]);
    }
  }
  const built = { words, byVariant };
  indexes.set(entries, built);
  return built;
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

/** Optimal-string-alignment distance, stopping early above 1 (only "is it exactly one edit" is asked). */
export function isOneEdit(a: string, b: string): boolean {
  const x = [...a];
  const y = [...b];
  if (Math.abs(x.length - y.length) > 1 || a === b) return false;
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  const rest = (p: number, q: number) => x.slice(p).join('') === y.slice(q).join('');
  if (x.length === y.length)
    return rest(i + 1, i + 1) || (x[i] === y[i + 1] && x[i + 1] === y[i] && rest(i + 2, i + 2));
  return x.length > y.length ? rest(i + 1, i) : rest(i, i + 1);
}

/**
 * The unique title word one edit from `word`, or undefined (none, or more than one). A word one letter short of
 * MIN_TYPO_LENGTH is only read as a name of MIN_TYPO_LENGTH letters or more with a letter dropped (`short`).
 */
function correctionOf(word: string, index: DeletionIndex, short: boolean): string | undefined {
  const length = [...word].length;
  if (short ? length !== MIN_TYPO_LENGTH - 1 : length < MIN_TYPO_LENGTH) return undefined;
  if (index.words.has(word) || STOPWORDS.has(word)) return undefined;
  const candidates = new Set<string>();
  for (const v of new Set([word, ...deletions(word)]))
    for (const w of index.byVariant.get(v) ?? [])
      if (isOneEdit(word, w) && (!short || [...w].length >= MIN_TYPO_LENGTH)) candidates.add(w);
  return candidates.size === 1 ? [...candidates][0] : undefined;
}

/** The folded question with each word `correctionOf` reads as a title word replaced by it, or undefined. */
function correctedText(folded: string, index: DeletionIndex, short: boolean): string | undefined {
  let corrected = '';
  let last = 0;
  let changed = false;
  for (const m of folded.matchAll(/[\p{L}\p{N}]+/gu)) {
    const fix = correctionOf(m[0], index, false) ?? (short ? correctionOf(m[0], index, true) : undefined);
    if (fix === undefined) continue;
    corrected += folded.slice(last, m.index) + fix;
    last = m.index + m[0].length;
    changed = true;
  }
  return changed ? corrected + folded.slice(last) : undefined;
}

/**
 * Title hits that only a one-edit correction of the question reveals (hits the question already has exactly
 * are left to matchTitles). Unambiguous by construction: each corrected word had a single candidate.
 */
export function matchTypoTitles(question: string, entries: readonly TitleEntry[]): TitleHit[] {
  const index = deletionIndex(entries);
  const folded = foldText(question);
  const exact = new Set(matchTitles(question, entries).map((h) => h.path));
  const strong = correctedText(folded, index, false);
  const strongHits = strong === undefined ? [] : matchTitles(strong, entries).filter((h) => !exact.has(h.path));
  // Hits only a five-letter correction reveals count when the title they match has other words, written exactly.
  const withShort = correctedText(folded, index, true);
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
 * name a page, never cover it. The question (NFC) unchanged when nothing is corrected. `anyCase` reads every word,
 * not only names (a lowercase word is too often another word for a search, but fine for a suggestion).
 */
export function correctNameTypos(
  raw: string,
  entries: readonly TitleEntry[],
  known: (folded: readonly string[]) => ReadonlySet<string>,
  anyCase = false,
): CorrectedQuestion {
  const question = raw.normalize('NFC');
  const index = deletionIndex(entries);
  const fixes = new Map<string, string>();
  const tokens = anyCase ? wordTokens(question) : nameTokens(question);
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

/** Every word of a text as a name token would give it (NFC text; folded like `words`; stopwords left out). */
function wordTokens(text: string): NameToken[] {
  const out: NameToken[] = [];
  for (const m of text.matchAll(/[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu)) {
    const written = m[0].replace(/['’].*$/, '');
    const folded = words(written)[0];
    if (folded !== undefined && !STOPWORDS.has(folded)) out.push({ written, index: m.index, folded });
  }
  return out;
}

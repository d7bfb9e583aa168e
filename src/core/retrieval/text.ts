// Text normalization shared by every seed signal, so "Gödel", "GÖDEL" and "godel" compare equal and a
// question's content words are counted the same way the coverage gate (spec §10.4) counts them.

/**
 * Lowercase, Unicode-normalized (NFKC), diacritics folded, typographic quotes and dashes made plain (a phone
 * types "Gödel’s" for a title written "Gödel's"), whitespace collapsed.
 */
export function foldText(text: string): string {
  // ASCII has no marks, nothing NFKD or NFKC changes, and of the quotes and dashes only the backtick: the rest is
  // the same lowercasing and spacing (10,000 titles are folded by every cold question's catalog).
  if (NOT_ASCII.test(text)) return foldFully(text);
  // Each step only where it changes something: most titles have no backtick and single spaces between words.
  let folded = text.toLowerCase();
  if (folded.includes('`')) folded = folded.replace(/`/g, "'");
  return SPACING.test(folded) ? folded.replace(/\s+/g, ' ').trim() : folded;
}

/**
 * `foldText` without the lowercasing: the same normalization, quotes, dashes and spacing, capitals kept. Where it has
 * the length of `foldText`'s result, offset i of one is offset i of the other (lowercasing changes the length of a
 * few characters only, such as "İ"): the title signal reads there how the question writes a name it found.
 */
export function foldTextKeepingCase(text: string): string {
  if (NOT_ASCII.test(text)) return foldFully(text, false);
  const plain = text.includes('`') ? text.replace(/`/g, "'") : text;
  return SPACING.test(plain) ? plain.replace(/\s+/g, ' ').trim() : plain;
}

const NOT_ASCII = /[\u0080-\uffff]/;
/** In ASCII text, what `.replace(/\s+/g, ' ').trim()` changes: whitespace other than a space, two in a row, an end. */
const SPACING = /[\t\n\v\f\r]|\s\s|^\s|\s$/;

/** `foldText` through Unicode normalization: any text. */
function foldFully(text: string, lower = true): string {
  const plain = text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .normalize('NFKC')
    .replace(/[\u2018\u2019\u201A\u201B\u02BC\u2032\u00B4\u0060]/g, "'")
    .replace(/[\u201C\u201D\u201E\u201F\u2033]/g, '"')
    .replace(/[\u2010\u2011\u2012\u2013\u2014\u2015\u2212]/g, '-');
  return (lower ? plain.toLowerCase() : plain).replace(/\s+/g, ' ').trim();
}

/** The words (runs of Unicode letters and numbers) of a text, folded. */
export function words(text: string): string[] {
  return asciiWords(text) ?? foldedWords(text);
}

/** `words` through the whole folding: any text. */
function foldedWords(text: string): string[] {
  return (
    foldText(text)
      .match(/[\p{L}\p{N}]+(?:['\u2019][\p{L}]+)?/gu)
      ?.map((w) => w.replace(/['\u2019].*$/, '')) ?? []
  );
}

const isLetter = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
const isLetterOrDigit = (c: number) => isLetter(c) || (c >= 48 && c <= 57);

/**
 * `words` of a text of ASCII characters only, in one scan, or undefined at the first other character. There the
 * folding is lowercasing alone (NFKD and NFKC leave ASCII as it is, it has no marks, and of the quotes and dashes
 * folded only the backtick is ASCII, made an apostrophe), a letter or number is [A-Za-z0-9], and an apostrophe and
 * the letters after it end a word and are dropped. The gate tokenizes ~20 pages per question: this took it from
 * ~5–8 ms to ~1 (tested against the folding path on random texts).
 */
function asciiWords(text: string): string[] | undefined {
  const out: string[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c >= 0x80) return undefined;
    if (!isLetterOrDigit(c)) {
      i++;
      continue;
    }
    const start = i;
    while (i < n && isLetterOrDigit(text.charCodeAt(i))) i++;
    out.push(text.slice(start, i).toLowerCase());
    const next = text.charCodeAt(i);
    if ((next === 39 || next === 96) && i + 1 < n && isLetter(text.charCodeAt(i + 1))) {
      i += 2;
      while (i < n && isLetter(text.charCodeAt(i))) i++;
    }
  }
  return out;
}

/**
 * The words of an ASCII text (as `words` gives them, in order) that open with a pair allowed by `openings`: entry
 * `first * 128 + second` holds the char codes of the folded word's first two characters (`second` 0 for a word of
 * one character). Undefined at the first other character, as asciiWords. A word not allowed is never sliced nor
 * lowercased: the coverage gate reads ~10,000 words of 20 pages per question and looks for a handful of stems.
 */
export function asciiWordsOpeningWith(text: string, openings: Uint8Array): string[] | undefined {
  const out: string[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c >= 0x80) return undefined;
    if (!isLetterOrDigit(c)) {
      i++;
      continue;
    }
    const start = i;
    while (i < n && isLetterOrDigit(text.charCodeAt(i))) i++;
    const second = i - start > 1 ? lower(text.charCodeAt(start + 1)) : 0;
    if (openings[lower(c) * 128 + second] === 1) out.push(text.slice(start, i).toLowerCase());
    const next = text.charCodeAt(i);
    if ((next === 39 || next === 96) && i + 1 < n && isLetter(text.charCodeAt(i + 1))) {
      i += 2;
      while (i < n && isLetter(text.charCodeAt(i))) i++;
    }
  }
  return out;
}

/** An ASCII letter or digit lowercased. */
const lower = (c: number) => (c >= 65 && c <= 90 ? c + 32 : c);

/** The folding paths of `words` and `foldText`, for tests to compare the ASCII ones with. */
export const wordsByFolding = foldedWords;
export const foldTextFully = foldFully;

/**
 * English function words and question scaffolding: they carry no topic, so they are neither searched nor
 * counted by the coverage gate. Kept small and explicit so the gate stays predictable.
 */
export const STOPWORDS: ReadonlySet<string> = new Set(
  (
    'a an and are as at be been being but by can could did do does doing ' +
    'for from had has have having he her hers him his how ' +
    ('i if in into is it its me my no nor not of off on once only or our ' +
      'out over own she should so some such than that the ') +
    ('their them then there these they this those through to too under ' +
      'until up very was we were what when where which while who ') +
    ('whom whose why will with would you your yours about above after again ' +
      'against all am any because before below between both ') +
    ('down during each few further here just more most other same s t don ' +
      'now also tell explain describe give know please ') +
    'whats who’s what’s hows us let lets ever much many get got like'
  ).split(/\s+/),
);

/** The topic words of a question: its words minus stopwords, deduplicated, in order. */
export function contentWords(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const w of words(text)) {
    if (STOPWORDS.has(w) || seen.has(w)) continue;
    seen.add(w);
    out.push(w);
  }
  return out;
}

/** A word the question writes as a name, where it stands. */
export interface NameToken {
  /** As written ("EDSAC", "Turng"), in the NFC form of the text. */
  readonly written: string;
  /** Offset of `written` in the text's NFC form (what `nameTokens` reads: a decomposed "Gödel" is one word). */
  readonly index: number;
  /** Folded like `words` ("edsac", "turng"). */
  readonly folded: string;
}

/**
 * The words a question writes as names: with a capital letter where a sentence does not put one (not opening the
 * question or a sentence) or with a capital inside ("EDSAC", "McCarthy"); stopwords ("I") left out. Every
 * occurrence, in order.
 */
export function nameTokens(raw: string): NameToken[] {
  const text = raw.normalize('NFC');
  const out: NameToken[] = [];
  for (const m of text.matchAll(/[\p{L}\p{N}]+(?:['\u2019][\p{L}]+)?/gu)) {
    const token = m[0].replace(/['\u2019].*$/, '');
    let i = m.index - 1;
    while (i >= 0 && /\s/.test(text[i])) i--;
    const opensSentence = i < 0 || /[.?!:;"\u201C([]/.test(text[i]);
    const capital = /^\p{Lu}/u.test(token);
    const innerCapital = /^.+\p{Lu}/u.test(token);
    if (!(innerCapital || (capital && !opensSentence))) continue;
    const folded = words(token)[0];
    if (folded === undefined || STOPWORDS.has(folded)) continue;
    out.push({ written: token, index: m.index, folded });
  }
  return out;
}

/**
 * The words a question writes as names (`nameTokens`), folded, repeats dropped. "Who designed Java at Sun
 * Microsystems?" names java, sun, microsystems.
 */
export function namedWords(text: string): string[] {
  return [...new Set(nameTokens(text).map((t) => t.folded))];
}

/** The token estimate every budget is counted in: per script (tokens.ts). */
export { estimateTokens } from './tokens';

// English stems exactly as SQLite FTS5's `porter` tokenizer makes them (Porter 1980, as in fts5_porter.c),
// so the coverage gate (spec §10.4) counts a question's words the way BM25 matched them: "designed" and
// "design", "programmers" and "programmer" are one word to both. A test compares this with FTS5 itself.

/** FTS5 leaves tokens shorter than this (in UTF-8 bytes) unstemmed. */
const MIN_STEM_BYTES = 3;
/** FTS5 leaves tokens longer than this (in UTF-8 bytes) unstemmed (FTS5_PORTER_MAX_TOKEN). */
const MAX_STEM_BYTES = 64;

const A = 'a'.charCodeAt(0);
const E = 'e'.charCodeAt(0);
const I = 'i'.charCodeAt(0);
const O = 'o'.charCodeAt(0);
const U = 'u'.charCodeAt(0);
const Y = 'y'.charCodeAt(0);

/** A vowel is a, e, i, o, u, and y when `yIsVowel` (after a consonant). Every other byte is a consonant. */
function isVowel(c: number, yIsVowel: boolean): boolean {
  return c === A || c === E || c === I || c === O || c === U || (yIsVowel && c === Y);
}

/**
 * Skips one vowel run then one consonant (a "VC" of Porter's measure m) in b[from, to); the index after the
 * consonant, or 0 when there is no VC. `prevConsonant` is whether the byte before `from` was a consonant.
 */
function gobbleVC(b: Uint8Array, from: number, to: number, prevConsonant: boolean): number {
  let consonant = prevConsonant;
  let i = from;
  for (; i < to; i++) {
    consonant = !isVowel(b[i], consonant);
    if (!consonant) break;
  }
  for (i++; i < to; i++) {
    consonant = !isVowel(b[i], consonant);
    if (consonant) return i + 1;
  }
  return 0;
}

/** m > 0 for the stem b[0, n). */
const mGt0 = (b: Uint8Array, n: number) => gobbleVC(b, 0, n, false) !== 0;
/** m > 1. */
function mGt1(b: Uint8Array, n: number): boolean {
  const at = gobbleVC(b, 0, n, false);
  return at !== 0 && gobbleVC(b, at, n, true) !== 0;
}
/** m = 1. */
function mEq1(b: Uint8Array, n: number): boolean {
  const at = gobbleVC(b, 0, n, false);
  return at !== 0 && gobbleVC(b, at, n, true) === 0;
}
/** *o: the stem ends consonant-vowel-consonant, the last not w, x or y. */
function endsCvc(b: Uint8Array, n: number): boolean {
  const last = String.fromCharCode(b[n - 1]);
  if (last === 'w' || last === 'x' || last === 'y') return false;
  let mask = 0;
  let consonant = false;
  for (let i = 0; i < n; i++) {
    consonant = !isVowel(b[i], consonant);
    mask = ((mask << 1) | (consonant ? 1 : 0)) & 7;
  }
  return mask === 0b101;
}
/** *v*: the stem holds a vowel (y counts after the first letter). */
function hasVowel(b: Uint8Array, n: number): boolean {
  for (let i = 0; i < n; i++) if (isVowel(b[i], i > 0)) return true;
  return false;
}
/** (m > 1 and (*s or *t)). */
const mGt1AndST = (b: Uint8Array, n: number) => (b[n - 1] === 115 || b[n - 1] === 116) && mGt1(b, n);

type Condition = (b: Uint8Array, n: number) => boolean;
/** [suffix, replacement, condition on the stem before the suffix]. */
type Rule = readonly [string, string, Condition];

// Within a step the first rule whose suffix matches decides (Porter's longest-match rule): if its condition
// fails, no shorter suffix is tried. Order within each table follows fts5_porter.c.
const STEP2: readonly Rule[] = [
  ['ational', 'ate', mGt0],
  ['tional', 'tion', mGt0],
  ['enci', 'ence', mGt0],
  ['anci', 'ance', mGt0],
  ['izer', 'ize', mGt0],
  ['logi', 'log', mGt0],
  ['bli', 'ble', mGt0],
  ['alli', 'al', mGt0],
  ['entli', 'ent', mGt0],
  ['eli', 'e', mGt0],
  ['ousli', 'ous', mGt0],
  ['ization', 'ize', mGt0],
  ['ation', 'ate', mGt0],
  ['ator', 'ate', mGt0],
  ['alism', 'al', mGt0],
  ['iveness', 'ive', mGt0],
  ['fulness', 'ful', mGt0],
  ['ousness', 'ous', mGt0],
  ['aliti', 'al', mGt0],
  ['iviti', 'ive', mGt0],
  ['biliti', 'ble', mGt0],
];
const STEP3: readonly Rule[] = [
  ['ical', 'ic', mGt0],
  ['ness', '', mGt0],
  ['icate', 'ic', mGt0],
  ['iciti', 'ic', mGt0],
  ['ful', '', mGt0],
  ['ative', '', mGt0],
  ['alize', 'al', mGt0],
];
const STEP4: readonly Rule[] = [
  ['al', '', mGt1],
  ['ance', '', mGt1],
  ['ence', '', mGt1],
  ['er', '', mGt1],
  ['ic', '', mGt1],
  ['able', '', mGt1],
  ['ible', '', mGt1],
  ['ant', '', mGt1],
  ['ement', '', mGt1],
  ['ment', '', mGt1],
  ['ent', '', mGt1],
  ['ion', '', mGt1AndST],
  ['ou', '', mGt1],
  ['ism', '', mGt1],
  ['ate', '', mGt1],
  ['iti', '', mGt1],
  ['ous', '', mGt1],
  ['ive', '', mGt1],
  ['ize', '', mGt1],
];

/** A mutable word of bytes. */
interface Word {
  b: Uint8Array;
  n: number;
}

function endsWith(w: Word, suffix: string): boolean {
  // The stem before the suffix must not be empty (fts5_porter.c compares with `nBuf > length`).
  if (w.n <= suffix.length) return false;
  for (let i = 0; i < suffix.length; i++) if (w.b[w.n - suffix.length + i] !== suffix.charCodeAt(i)) return false;
  return true;
}

function replaceEnd(w: Word, cut: number, replacement: string): void {
  w.n -= cut;
  for (let i = 0; i < replacement.length; i++) w.b[w.n++] = replacement.charCodeAt(i);
}

/** Applies the first rule whose suffix matches; true when a suffix matched and its condition held. */
function applyRules(w: Word, rules: readonly Rule[]): boolean {
  for (const [suffix, replacement, condition] of rules) {
    if (!endsWith(w, suffix)) continue;
    if (!condition(w.b, w.n - suffix.length)) return false;
    replaceEnd(w, suffix.length, replacement);
    return true;
  }
  return false;
}

function step1a(w: Word): void {
  const { b, n } = w;
  if (b[n - 1] !== 115 /* s */) return;
  if (b[n - 2] === E) {
    // sses → ss, ies → i, other -es → -e
    if ((n > 4 && b[n - 4] === 115 && b[n - 3] === 115) || (n > 3 && b[n - 3] === I)) w.n -= 2;
    else w.n -= 1;
  } else if (b[n - 2] !== 115) w.n -= 1;
}

/** -eed, -ed, -ing; true when -ed or -ing was removed (step 1b's tidy-up then runs). */
function step1b(w: Word): boolean {
  if (endsWith(w, 'eed')) {
    if (mGt0(w.b, w.n - 3)) w.n -= 1;
    return false;
  }
  for (const suffix of ['ed', 'ing']) {
    if (!endsWith(w, suffix)) continue;
    if (!hasVowel(w.b, w.n - suffix.length)) return false;
    w.n -= suffix.length;
    return true;
  }
  return false;
}

function step1bTidy(w: Word): void {
  for (const [suffix, replacement] of [
    ['at', 'ate'],
    ['bl', 'ble'],
    ['iz', 'ize'],
  ] as const) {
    if (endsWith(w, suffix)) return replaceEnd(w, suffix.length, replacement);
  }
  const c = w.b[w.n - 1];
  const doubled =
    !isVowel(c, false) && c !== 108 /* l */ && c !== 115 /* s */ && c !== 122 /* z */ && c === w.b[w.n - 2];
  if (doubled) w.n -= 1;
  else if (mEq1(w.b, w.n) && endsCvc(w.b, w.n)) w.b[w.n++] = E;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * The Porter stem of one folded word (lowercase, diacritics removed, as `words()` gives it), byte for byte
 * what FTS5's `porter` tokenizer indexes for the same token.
 */
export function porterStem(word: string): string {
  const bytes = encoder.encode(word);
  if (bytes.length < MIN_STEM_BYTES || bytes.length > MAX_STEM_BYTES) return word;
  // Room for the longest replacement growth (+1 in step 1b, never more than the word itself after).
  const w: Word = { b: new Uint8Array(bytes.length + 4), n: bytes.length };
  w.b.set(bytes);
  step1a(w);
  if (step1b(w)) step1bTidy(w);
  if (w.b[w.n - 1] === Y && hasVowel(w.b, w.n - 1)) w.b[w.n - 1] = I;
  applyRules(w, STEP2);
  applyRules(w, STEP3);
  applyRules(w, STEP4);
  if (w.b[w.n - 1] === E && (mGt1(w.b, w.n - 1) || (mEq1(w.b, w.n - 1) && !endsCvc(w.b, w.n - 1)))) w.n -= 1;
  if (w.n > 1 && w.b[w.n - 1] === 108 && w.b[w.n - 2] === 108 && mGt1(w.b, w.n - 1)) w.n -= 1;
  return decoder.decode(w.b.subarray(0, w.n));
}

/** Stems already computed: a page's words repeat across questions, and the set of words in a bundle is bounded. */
const memo = new Map<string, string>();
/** Most stems remembered; past it the memo starts over (a bound, not an LRU: simple and still fast). */
const MEMO_LIMIT = 100_000;

/** porterStem, remembered. */
export function stemOf(word: string): string {
  let stem = memo.get(word);
  if (stem === undefined) {
    if (memo.size >= MEMO_LIMIT) memo.clear();
    stem = porterStem(word);
    memo.set(word, stem);
  }
  return stem;
}

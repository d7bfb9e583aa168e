// The token estimate every budget is counted in (spec §6.4): the CLI's --budget, MCP's budget and the plugin's
// token budget all go through estimateTokens. Per script, not characters/4: English runs ~4 characters a token,
// but a tokenizer spends about one token on a Japanese or Chinese character and two on a Polish "ł" (QA2 F8:
// chars/4 let Japanese output run 3.6x over the budget, Russian 1.8x).

/**
 * Quarter-tokens one UTF-16 code unit costs, by script. Measured with cl100k_base (OpenAI's older, less
 * multilingual vocabulary: the newer o200k_base takes fewer tokens for every non-Latin script, 1.1-2x) on a
 * paragraph of ordinary prose per script, each rounded up to a quarter token a character: ASCII 0.22 a character
 * (English); letters with diacritics 1.3-2.2 a letter beyond their word's ASCII (French, German, Polish, Turkish,
 * Vietnamese: a letter outside ASCII breaks its word into pieces); Greek 1.0; Cyrillic 0.56 (Russian) and 0.74
 * (Ukrainian); Hebrew 1.1, Arabic 0.84; Devanagari, Bengali, Tamil 1.2-1.5; Thai 1.0; Japanese and Chinese
 * 1.2; Hangul 1.3; punctuation and symbols (dashes, curly quotes) ~1. A script not measured (Armenian,
 * Georgian, Ethiopic, ...) or outside the BMP (emoji) costs its UTF-8 bytes: a byte-level tokenizer never makes
 * more tokens than bytes, and for scripts its vocabulary barely knows it makes about that many.
 */
const RANGES: readonly (readonly [end: number, quarters: number])[] = [
  [0x80, 1], // ASCII
  [0xc0, 4], // Latin-1 punctuation and symbols
  [0x370, 8], // Latin letters with diacritics, IPA, combining marks
  [0x400, 4], // Greek
  [0x530, 3], // Cyrillic
  [0x590, 8], // Armenian: its UTF-8 bytes
  [0x600, 5], // Hebrew
  [0x700, 4], // Arabic
  [0x750, 8], // Syriac: its UTF-8 bytes
  [0x780, 4], // Arabic Supplement
  [0x800, 8], // Thaana, NKo: their UTF-8 bytes
  [0x8a0, 12], // Samaritan, Mandaic, ...: their UTF-8 bytes
  [0x900, 4], // Arabic Extended
  [0xe00, 6], // Devanagari, Bengali, Tamil and the other Indic scripts
  [0xe80, 4], // Thai
  [0x1100, 12], // Lao, Tibetan, Myanmar, Georgian: their UTF-8 bytes
  [0x1200, 6], // Hangul Jamo
  [0x1e00, 12], // Ethiopic, Cherokee, ...: their UTF-8 bytes
  [0x1f00, 8], // Latin Extended Additional (Vietnamese)
  [0x2000, 4], // Greek Extended
  [0x2c00, 4], // punctuation, symbols, arrows, mathematical operators
  [0x2e80, 12], // Glagolitic, Coptic, ...: their UTF-8 bytes
  [0x3130, 5], // CJK radicals and punctuation, kana, bopomofo
  [0x3190, 6], // Hangul compatibility Jamo
  [0xa000, 5], // CJK: kanbun, katakana extensions, unified ideographs
  [0xac00, 12], // Yi, Vai, ...: their UTF-8 bytes
  [0xd7b0, 6], // Hangul syllables
  [0xd800, 12], // Hangul Jamo Extended-B
  [0xdc00, 16], // a high surrogate: the character outside the BMP it opens costs its 4 UTF-8 bytes
  [0xe000, 0], // a low surrogate: counted with its high one
  [0xf900, 12], // private use
  [0xfb00, 5], // CJK compatibility ideographs
  [0xff00, 12], // presentation forms, specials
  [0xfff0, 5], // fullwidth and halfwidth forms
  [0x10000, 12], // specials
];

/** Quarter-tokens of one UTF-16 code unit. */
function quarters(c: number): number {
  if (c < 0x80) return 1;
  let lo = 1;
  let hi = RANGES.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (c < RANGES[mid][0]) hi = mid;
    else lo = mid + 1;
  }
  return RANGES[lo][1];
}

/** Quarter-tokens of a text. */
function quartersOf(text: string): number {
  let total = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    total += c < 0x80 ? 1 : quarters(c);
  }
  return total;
}

/** Estimated tokens of a text for budgeting: ~4 ASCII characters a token, other scripts as measured above. */
export function estimateTokens(text: string): number {
  return Math.ceil(quartersOf(text) / 4);
}

/** The estimate of a text before rounding up: what it adds to a longer text (a quarter token an ASCII character). */
export function tokenWeight(text: string): number {
  return quartersOf(text) / 4;
}

/**
 * The length (UTF-16 code units) of the longest start of `text` whose weight is at most `tokens` (a fraction
 * allowed), never ending between the two halves of a surrogate pair.
 */
export function lengthWithinTokens(text: string, tokens: number): number {
  const limit = Math.max(0, tokens) * 4;
  let total = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    total += c < 0x80 ? 1 : quarters(c);
    // A high surrogate costs its whole character: it fits with its low half or not at all.
    if (total > limit) return i;
  }
  return text.length;
}

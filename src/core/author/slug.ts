// A safe file name from a title: letters and digits of any script joined by hyphens, so a title can never
// name a folder, climb out of the bundle (`../`), hide a file (`.x`) or hit a name Windows or OKF reserves.

/** Longest slug kept (characters); a longer title is cut at a hyphen. */
const MAX_SLUG = 80;
/**
 * Longest slug kept in UTF-8 bytes. File names are limited to 255 bytes (ext4, APFS, NTFS in UTF-16 units), and
 * the name must still fit with `.md` and a writer's temporary suffix (`.tmp-<pid>-<time>-<n>`, under 40 bytes):
 * 80 CJK characters are 240 bytes, too long.
 */
const MAX_SLUG_BYTES = 160;

/** Names that are not ordinary files on Windows, or reserved by OKF (§3.1) in any folder. */
const RESERVED = /^(?:con|prn|aux|nul|com\d|lpt\d|index|log|timeline|agents|claude)$/;

/**
 * `"Gödel's Incompleteness: Theorems!"` → `godels-incompleteness-theorems`; empty when the title has no letter or
 * digit.
 */
export function slugify(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/['\u2019]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  let slug = '';
  for (const word of words) {
    const next = slug === '' ? word : `${slug}-${word}`;
    if (next.length > MAX_SLUG || utf8Length(next) > MAX_SLUG_BYTES) {
      if (slug === '') slug = cut(word);
      break;
    }
    slug = next;
  }
  return RESERVED.test(slug) ? `${slug}-page` : slug;
}

/** Bytes of a text in UTF-8 (counted per code point: no TextEncoder, which not every test environment has). */
function utf8Length(text: string): number {
  let bytes = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** The longest prefix of a word, in whole code points, within both limits. */
function cut(word: string): string {
  let out = '';
  for (const ch of [...word].slice(0, MAX_SLUG)) {
    if (utf8Length(out + ch) > MAX_SLUG_BYTES) break;
    out += ch;
  }
  return out;
}

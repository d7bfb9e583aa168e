// A safe file name from a title: letters and digits of any script joined by hyphens, so a title can never
// name a folder, climb out of the bundle (`../`), hide a file (`.x`) or hit a name Windows or OKF reserves.

/** Longest slug kept (characters); a longer title is cut at a hyphen. */
const MAX_SLUG = 80;

/** Names that are not ordinary files on Windows, or reserved by OKF (§3.1) in any folder. */
const RESERVED = /^(?:con|prn|aux|nul|com\d|lpt\d|index|log|timeline|agents|claude)$/;

/** `"Gödel's Incompleteness: Theorems!"` → `godels-incompleteness-theorems`; empty when the title has no letter or digit. */
export function slugify(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  let slug = '';
  for (const word of words) {
    const next = slug === '' ? word : `${slug}-${word}`;
    if (next.length > MAX_SLUG) {
      if (slug === '') slug = [...word].slice(0, MAX_SLUG).join('');
      break;
    }
    slug = next;
  }
  return RESERVED.test(slug) ? `${slug}-page` : slug;
}

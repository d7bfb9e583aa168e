// SQLite's BINARY collation orders text by its UTF-8 bytes, that is by code point. JavaScript's `<` on strings
// compares UTF-16 units, which disagrees past U+FFFF: a character outside the BMP is a surrogate pair (units
// 0xD800–0xDFFF), so a path holding one sorts below a path holding a character of U+E000–U+FFFF in UTF-16, and above
// it in UTF-8. A tie the ranking breaks by path is broken in this order, the one SQLite gives its rows (`order by
// path`, and the vector cache's rows), so the same ties fall the same way whichever side sorted them. Every tie of the
// answer is broken here: BM25's ranked rows (read-queries), the vector hits, the title hits, the seeds, the
// expansion's frontier and its facts, and the predicate vocabulary's order and observed inverses.

/** A UTF-16 unit moved so that units compare as the code points they encode: U+E000–U+FFFF below the surrogates. */
function shifted(unit: number): number {
  return unit >= 0xe000 ? unit - 0x800 : unit >= 0xd800 ? unit + 0x2000 : unit;
}

/** Negative, zero or positive as `a` sorts before, with or after `b` in SQLite's BINARY order (UTF-8 bytes). */
export function compareBinary(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let k = 0; k < n; k++) {
    const x = a.charCodeAt(k);
    const y = b.charCodeAt(k);
    if (x !== y) return shifted(x) - shifted(y);
  }
  return a.length - b.length;
}

/** Whether `a` sorts before `b` in SQLite's BINARY order. */
export function binaryBefore(a: string, b: string): boolean {
  return compareBinary(a, b) < 0;
}

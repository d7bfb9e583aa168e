// Seed prose for the LLM (spec §6.4). Each step does what one regular expression of the earlier chain did, with
// identical output, but in linear time: several of those patterns (`[^\]]*` before a required closer, `[ \t]+$`)
// rescanned the rest of the body from every start on a hostile body (a 20 KB run of `[[` took 7 s, 200 KB
// minutes). The earlier chain is kept in test/core/retrieval/support/prose-before.ts and compared on random bodies.

/** Finds the title of the concept a wikilink target names (`alonzo-church`, `entities/alonzo-church.md#Life`). */
export type LinkTitle = (target: string) => string | undefined;

/** A match of one step: where it starts and ends, and what replaces it. */
interface Hit {
  readonly end: number;
  readonly with: string;
}

/**
 * `text.indexOf(char, from)` for calls whose `from` never decreases: the last answer is reused while it is still
 * ahead, so one step scans the text for `char` once in all (the regular expressions scanned it from every start).
 */
function finder(text: string, char: string): (from: number) => number {
  let lastFrom = Infinity;
  let last = -1;
  return (from) => {
    if (from >= lastFrom && (last === -1 || last >= from)) return last;
    lastFrom = from;
    last = text.indexOf(char, from);
    return last;
  };
}

/**
 * Replaces, left to right, the matches `at(i)` finds at each index of `open` (a regular expression's global scan
 * restricted to the starts it could match at); a start inside a match is skipped, as the expression skipped it.
 */
function replaceAt(text: string, open: string, at: (i: number) => Hit | null): string {
  let out = '';
  let copied = 0;
  for (let i = text.indexOf(open); i !== -1;) {
    const hit = at(i);
    if (hit === null) {
      i = text.indexOf(open, i + 1);
      continue;
    }
    out += text.slice(copied, i) + hit.with;
    copied = hit.end;
    i = text.indexOf(open, hit.end);
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/** A line terminator as `^`, `$` and `.` of a multiline expression see one. */
const isLineEnd = (c: string | undefined) => c === '\n' || c === '\r' || c === '\u2028' || c === '\u2029';

/** `/^\[\^[^\]]+\]:.*$/gm` → '': a footnote definition `[^x]: …` opening a line, to that line's end. */
function dropFootnoteDefinitions(text: string): string {
  const close = finder(text, ']');
  return replaceAt(text, '[^', (i) => {
    if (i > 0 && !isLineEnd(text[i - 1])) return null;
    const j = close(i + 2);
    if (j <= i + 2 || text[j + 1] !== ':') return null;
    let end = j + 2;
    while (end < text.length && !isLineEnd(text[end])) end++;
    return { end, with: '' };
  });
}

/** `/\[\^[^\]]+\]/g` → '': a footnote marker `[^x]`. */
function dropFootnoteMarkers(text: string): string {
  const close = finder(text, ']');
  return replaceAt(text, '[^', (i) => {
    const j = close(i + 2);
    return j > i + 2 ? { end: j + 1, with: '' } : null;
  });
}

/** `/!\[[^\]]*\]\([^)]*\)/g` → '': an image `![alt](src)`. */
function dropImages(text: string): string {
  const close = finder(text, ']');
  const paren = finder(text, ')');
  return replaceAt(text, '![', (i) => {
    const j = close(i + 2);
    if (j === -1 || text[j + 1] !== '(') return null;
    const k = paren(j + 2);
    return k === -1 ? null : { end: k + 1, with: '' };
  });
}

/** `/!\[\[[^\]]*\]\]/g` → '': an embed `![[file]]`. */
function dropEmbeds(text: string): string {
  const close = finder(text, ']');
  return replaceAt(text, '![[', (i) => {
    const j = close(i + 3);
    return j !== -1 && text[j + 1] === ']' ? { end: j + 2, with: '' } : null;
  });
}

/** `/\[([^\]]+)\]\([^)]*\)/g` → '$1': a link `[label](dest)` reduced to its label. */
function linksToLabels(text: string): string {
  const close = finder(text, ']');
  const paren = finder(text, ')');
  return replaceAt(text, '[', (i) => {
    const j = close(i + 1);
    if (j <= i + 1 || text[j + 1] !== '(') return null;
    const k = paren(j + 2);
    return k === -1 ? null : { end: k + 1, with: text.slice(i + 1, j) };
  });
}

/** `/\[\[([^\]|]+)\|([^\]]+)\]\]/g` → '$2': a wikilink `[[target|shown]]` reduced to what it shows. */
function aliasedWikilinks(text: string): string {
  const close = finder(text, ']');
  const bar = finder(text, '|');
  return replaceAt(text, '[[', (i) => {
    // The target runs to the first `]` or `|`; it must be a `|`, then the shown text runs to the next `]`.
    // The first `]` after the start is therefore the shown text's end too.
    const j = close(i + 2);
    const b = bar(i + 2);
    if (b === -1 || b === i + 2 || j <= b + 1 || text[j + 1] !== ']') return null;
    return { end: j + 2, with: text.slice(b + 1, j) };
  });
}

/** `/\[\[([^\]]+)\]\]/g` → the linked title, or the target: a bare wikilink `[[target]]`. */
function bareWikilinks(text: string, linkTitle: LinkTitle): string {
  const close = finder(text, ']');
  return replaceAt(text, '[[', (i) => {
    const j = close(i + 2);
    if (j <= i + 2 || text[j + 1] !== ']') return null;
    const target = text.slice(i + 2, j);
    return { end: j + 2, with: linkTitle(target) ?? target };
  });
}

/** `/[ \t]+$/gm` → '': spaces and tabs at a line's end (each run is matched once, not from each of its chars). */
function trimLineEnds(text: string): string {
  return text.replace(/[ \t]+/g, (run: string, at: number) => {
    const next = at + run.length;
    return next === text.length || isLineEnd(text[next]) ? '' : run;
  });
}

/**
 * Prose for the LLM: link syntax reduced to its text, footnote markers and definitions dropped, blank lines
 * collapsed. A bare wikilink shows the linked concept's title ("Alonzo Church", not "alonzo-church") when
 * `linkTitle` knows it.
 */
export function proseOf(body: string, linkTitle: LinkTitle = () => undefined): string {
  let text = dropFootnoteDefinitions(body);
  text = dropFootnoteMarkers(text);
  text = dropImages(text);
  text = dropEmbeds(text);
  text = linksToLabels(text);
  text = aliasedWikilinks(text);
  text = bareWikilinks(text, linkTitle);
  // The heading and blank-line patterns are linear as they are: each start is tried a bounded number of times.
  text = text.replace(/^#{1,6}\s+(summary|overview)\s*$/gim, '').replace(/^#{1,6}\s+/gm, '');
  return trimLineEnds(text)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

// The markdown-link matcher of the prose-link scan, by hand and linear: the same matches as the pattern
//   /\[(?:[^\]\\]|\\.)*\]\(\s*(?:<([^>\n]+)>|([^)\s]+))(?:\s+["'(][^)]*["')])?\s*\)/y
// tried at each `[` (its first match in backtracking order), without its quadratic cost on hostile bodies: a run of
// `[` re-scanned the rest of the text from each one, a run of `[a](b "` the rest of the text from each title.
// The destination is `<any text but >>` (CommonMark: spaces allowed, as in `[a](<my note.md>)`) or a run without
// spaces; a title follows in quotes or parentheses.

/** A match: its target (the `<…>` text or the bare destination) and the index just after its `)`. */
export interface MarkdownLinkMatch {
  target: string;
  end: number;
}

const WIDE_SPACE = /\s/;
// The pattern's `\s`, by code: the ASCII ones first, the rest (from U+00A0 on) asked of `\s` itself.
const isSpace = (c: number): boolean =>
  c === 32 || (c >= 9 && c <= 13) || (c >= 0xa0 && WIDE_SPACE.test(String.fromCharCode(c)));
// What the pattern's `.` does not match (no `s` flag): a `\` before one of these ends the label, unmatched.
const isLineTerminator = (c: number): boolean => c === 10 || c === 13 || c === 0x2028 || c === 0x2029;

const isAngleEnd = (c: number): boolean => c === 0x3e || c === 10;
const isBareEnd = (c: number): boolean => c === 0x29 || isSpace(c);
const isParen = (c: number): boolean => c === 0x29;

/** The first index at or after `from` where `stop` holds, else the text's length; cached for rising queries. */
class NextIndex {
  private from = -1;
  private found = -1;
  constructor(
    private readonly text: string,
    private readonly stop: (c: number) => boolean,
  ) {}
  /** The answer for `at`, scanning again only past the last answer (queries come in rising order). */
  at(at: number): number {
    // No stop lies in [from, found): the answer for any index in between is the same.
    if (at >= this.from && at <= this.found) return this.found;
    let i = at;
    while (i < this.text.length && !this.stop(this.text.charCodeAt(i))) i++;
    this.from = at;
    this.found = i;
    return i;
  }
}

/**
 * Markdown links of one text, matched at rising `[` indexes. Each scan that could run far is cached: the label
 * walk (one per run of starts sharing its end), and the next `)`, `>`/newline, space/`)`, non-space of each site.
 */
export class MarkdownLinkMatcher {
  private labelFrom = -1;
  private labelStop = -1;
  private labelOk = false;
  private outcome: MarkdownLinkMatch | null = null;
  // Made on first use: most bodies have few links, short spaces and no titles.
  private nonSpace: Map<number, number> | undefined;
  private lastNonSpace: Map<number, number> | undefined;
  private readonly angleEnd: NextIndex;
  private readonly bareEnd: NextIndex;
  private readonly paren: [NextIndex, NextIndex];

  constructor(private readonly text: string) {
    this.angleEnd = new NextIndex(text, isAngleEnd);
    this.bareEnd = new NextIndex(text, isBareEnd);
    this.paren = [new NextIndex(text, isParen), new NextIndex(text, isParen)];
  }

  /**
   * The match at `at` (a `[`), or null. Every start inside one label (up to its first unescaped `]`) has the same
   * label end, so the same outcome: computed once per label, whatever the number of `[` inside it.
   */
  matchAt(at: number): MarkdownLinkMatch | null {
    if (at > this.labelFrom && at < this.labelStop) return this.outcome;
    this.labelFrom = at;
    this.walkLabel(at + 1);
    this.outcome = this.labelOk && this.text[this.labelStop + 1] === '(' ? this.destination(this.labelStop + 1) : null;
    return this.outcome;
  }

  /** Sets labelStop to the label's `]` (labelOk) or where it fails: a `\` before a line end, or the end. */
  private walkLabel(from: number): void {
    const text = this.text;
    let i = from;
    this.labelOk = false;
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (c === 0x5d) {
        this.labelOk = true;
        break;
      }
      if (c === 0x5c) {
        if (i + 1 >= text.length || isLineTerminator(text.charCodeAt(i + 1))) break;
        i += 2;
      } else i++;
    }
    this.labelStop = Math.min(i, text.length);
  }

  /** The rest after `](`: spaces, then `<…>` if it leads to a close, else a bare destination. */
  private destination(open: number): MarkdownLinkMatch | null {
    const text = this.text;
    const w = this.skipSpaces(open + 1);
    if (text[w] === '<') {
      const close = this.angleEnd.at(w + 1);
      if (close > w + 1 && text[close] === '>') {
        const end = this.tail(close + 1, 0);
        if (end >= 0) return { target: text.slice(w + 1, close), end };
      }
    }
    if (w >= text.length || text[w] === ')') return null;
    const e = this.bareEnd.at(w);
    const end = this.tail(e, 1);
    return end >= 0 ? { target: text.slice(w, e), end } : null;
  }

  /**
   * `(?:\s+["'(][^)]*["')])?\s*\)` at `d`: the end index, or -1. The title's `[^)]*` stops at the first `)`: it
   * closes there on that `)` if another `)` follows after spaces, else on a quote that only spaces part from it.
   */
  private tail(d: number, site: 0 | 1): number {
    const text = this.text;
    const v = this.skipSpaces(d);
    if (v > d && (text[v] === '"' || text[v] === "'" || text[v] === '(')) {
      const c1 = this.paren[site].at(v + 1);
      if (c1 < text.length) {
        const x = this.skipSpaces(c1 + 1);
        if (text[x] === ')') return x + 1;
        const k = this.lastNonSpaceBefore(c1);
        if (k >= v + 1 && (text[k] === '"' || text[k] === "'")) return c1 + 1;
      }
    }
    return text[v] === ')' ? v + 1 : -1;
  }

  /** The first non-space index at or after `from` (each run of spaces, entered at its start, walked once). */
  private skipSpaces(from: number): number {
    const text = this.text;
    let i = from;
    for (; i < text.length && i < from + 16; i++) if (!isSpace(text.charCodeAt(i))) return i;
    this.nonSpace ??= new Map();
    const known = this.nonSpace.get(from);
    if (known !== undefined) return known;
    while (i < text.length && isSpace(text.charCodeAt(i))) i++;
    this.nonSpace.set(from, i);
    return i;
  }

  /** The last non-space index before `close` (walked once per `)`). */
  private lastNonSpaceBefore(close: number): number {
    this.lastNonSpace ??= new Map();
    const known = this.lastNonSpace.get(close);
    if (known !== undefined) return known;
    let k = close - 1;
    while (k >= 0 && isSpace(this.text.charCodeAt(k))) k--;
    this.lastNonSpace.set(close, k);
    return k;
  }
}

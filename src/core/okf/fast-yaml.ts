// A fast path for the plain frontmatter nearly every concept file has (block mappings and sequences, quoted and
// plain strings, one-line flow collections). The `yaml` package spends ~0.3–0.5 ms on a 1 KB frontmatter (its
// lexer alone ~0.17 ms), which caps the reader far below 5,000 files/s (issue 14). This reader accepts only a
// strict subset and gives up (`undefined`) on anything else — numbers, booleans, nulls, anchors, tags, block
// scalars, multi-line values, odd keys, duplicate keys — so the full parser decides every case that needs its
// rules or its diagnostics. What it returns is what the full parser returns (a differential test checks it on
// every fixture and on generated input).

/** The parsed mapping, or undefined when the text is outside the subset (then the full parser must run). */
export function fastFrontmatter(yaml: string): Record<string, unknown> | undefined {
  // Only spaces and newlines as white space: YAML's rules for tabs, CR and the Unicode spaces (which JavaScript's
  // trim() would also strip) are the full parser's.
  // One search for both (nearly every frontmatter has neither), then which one it was.
  const odd = OTHER_SPACE_OR_CONTROL.test(yaml);
  if (odd && OTHER_SPACE.test(yaml)) return undefined;
  const lines = linesOf(yaml);
  if (lines.length === 0 || lines[0].indent !== 0) return undefined;
  const reader = new BlockReader(lines, odd);
  try {
    const value = reader.mapping(0);
    return reader.done() ? value : undefined;
  } catch (error) {
    if (error === GIVE_UP) return undefined;
    throw error;
  }
}

/**
 * The lines holding something other than spaces or a comment, with their indent and their text without the spaces
 * around it. Found with indexOf and character codes: a split, then a trimEnd and a trimStart per line, made three
 * strings of each. Only spaces are trimmed: the caller has refused every other white space.
 */
function linesOf(yaml: string): Line[] {
  const lines: Line[] = [];
  const length = yaml.length;
  for (let start = 0; start <= length;) {
    let end = yaml.indexOf('\n', start);
    if (end < 0) end = length;
    let first = start;
    while (first < end && yaml.charCodeAt(first) === SPACE) first++;
    if (first < end && yaml.charCodeAt(first) !== HASH) {
      let last = end;
      while (yaml.charCodeAt(last - 1) === SPACE) last--;
      lines.push({ indent: first - start, content: yaml.slice(first, last) });
    }
    start = end + 1;
  }
  return lines;
}

interface Line {
  readonly indent: number;
  readonly content: string;
}

/** Thrown (and caught above) the moment the input leaves the subset. */
const GIVE_UP = new Error('outside the fast subset');

function giveUp(): never {
  throw GIVE_UP;
}

/** Keys the full parser reads as booleans or warns about (YAML 1.1 booleans, spec §10.1), in any letter case. */
const SPECIAL_WORD = /^(?:true|false|null|on|off|yes|no|y|n|~)$/i;
/** Values the core schema reads as booleans or null (a superset: any letter case). */
const BOOL_OR_NULL = /^(?:true|false|null|~)$/i;
/** Plain scalars the core schema reads as numbers (its int, float, inf/nan forms, in any letter case). */
const NUMBER_LIKE =
  /^(?:[-+]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:e[-+]?[0-9]+)?|[-+]?\.inf|\.nan|0o[0-7]+|0x[0-9a-f]+)$/i;
/**
 * Deepest block nesting the subset reads (mappings and sequences within each other). Deeper frontmatter goes to
 * the full parser, which refuses it past its own limit (`yaml-too-deep`): without a bound here a few thousand
 * nested keys overflowed the stack, and a thousand broke SQLite's JSON depth limit, failing every command.
 */
const MAX_FAST_DEPTH = 16;

/** Characters that give a plain scalar's first character another meaning (indicators, YAML 1.2 §5.3). */
const INDICATORS = '-?:,[]{}#&*!|>\'"%@`';
/** Characters the core schema's rules leave to the full parser inside a plain scalar: controls, line separators. */
const CONTROL = /[\p{Cc}\u2028\u2029\ufeff]/u;
/** White space other than the space and the newline (JavaScript's `\s`: what trim() strips). */
const OTHER_SPACE = /[^\S \n]/;
/**
 * OTHER_SPACE's characters and CONTROL's but the newline, in one class (a test checks it is exactly that union),
 * searched once per frontmatter. Plain scalars hold no newline, so where this finds nothing, no scalar holds a
 * CONTROL character and the test per scalar is skipped; one class searched once cost half of the two searched apart.
 */
export const OTHER_SPACE_OR_CONTROL =
  // eslint-disable-next-line no-control-regex -- control characters are what it finds
  /[\0-\x09\x0b-\x1f\x7f-\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]/;
const SPACE = 0x20;
const HASH = 0x23;
/** A quote or a bracket, where a ` #` could be content rather than a comment. */
const QUOTE_OR_BRACKET = /["'[\]{}]/;
/** The longest word SPECIAL_WORD and BOOL_OR_NULL match (`false`): longer keys and values skip those tests. */
const LONGEST_SPECIAL = 5;

/**
 * The length of the plain name (`[A-Za-z_][A-Za-z0-9_-]*`: the keys the subset accepts; anything a YAML parser might
 * read as another type is left to it) starting at `from` in `text`, 0 when none starts there.
 */
function nameLength(text: string, from: number): number {
  let at = from;
  for (; at < text.length; at++) {
    const ch = text.charCodeAt(at);
    const letterOrUnderscore = (ch >= 0x61 && ch <= 0x7a) || (ch >= 0x41 && ch <= 0x5a) || ch === 0x5f;
    if (!letterOrUnderscore && (at === from || !((ch >= 0x30 && ch <= 0x39) || ch === 0x2d))) break;
  }
  return at - from;
}

/** Key names met before, each held once: see `interned`. */
const KEY_NAMES = new Map<string, string>();
/** How many names KEY_NAMES holds at most (a bundle's frontmatter uses a few dozen). */
const MAX_KEY_NAMES = 1024;

/**
 * The same name as a string met before. A key cut from the text is a new string every time, and setting or testing
 * a property by a new string makes V8 look up its internalized form in its string table (a call into the runtime);
 * the string met before has been used as a key already, so it stands for that form.
 */
function interned(name: string): string {
  const known = KEY_NAMES.get(name);
  if (known !== undefined) return known;
  if (KEY_NAMES.size >= MAX_KEY_NAMES) return name;
  // A name cut from the text can be a slice holding the whole file's text: keep the property key's own copy.
  const own = Object.keys({ [name]: 0 })[0];
  KEY_NAMES.set(own, own);
  return own;
}

/** True for keys the subset leaves to the full parser: YAML 1.1 booleans, null words, `~`. */
function isSpecialWord(word: string): boolean {
  return word.length <= LONGEST_SPECIAL && SPECIAL_WORD.test(word);
}

/**
 * True when the core schema could read the plain scalar as a number: every NUMBER_LIKE form starts with a sign, a
 * digit or a dot, so other first characters skip the regular expression.
 */
function mayBeNumber(value: string): boolean {
  const first = value.charCodeAt(0);
  const signDotOrDigit = first === 0x2b || first === 0x2d || first === 0x2e || (first >= 0x30 && first <= 0x39);
  return signDotOrDigit && NUMBER_LIKE.test(value);
}

class BlockReader {
  private at = 0;
  /** `controls`: whether the frontmatter may hold a CONTROL character other than the newline. */
  constructor(
    private readonly lines: readonly Line[],
    private readonly controls: boolean,
  ) {}

  done(): boolean {
    return this.at === this.lines.length;
  }

  /** A block mapping whose keys sit at exactly `indent`, `depth` blocks deep. */
  mapping(indent: number, first?: string, depth = 0): Record<string, unknown> {
    if (depth > MAX_FAST_DEPTH) giveUp();
    const out: Record<string, unknown> = {};
    let content = first;
    for (;;) {
      if (content === undefined) {
        const line = this.lines[this.at];
        if (line === undefined || line.indent < indent) return out;
        if (line.indent > indent) giveUp();
        content = line.content;
        this.at++;
      }
      const colon = content.indexOf(':');
      if (colon <= 0 || nameLength(content, 0) !== colon) giveUp();
      const key = interned(content.slice(0, colon));
      if (isSpecialWord(key) || key === '__proto__' || Object.hasOwn(out, key)) giveUp();
      if (colon + 1 < content.length && content.charCodeAt(colon + 1) !== SPACE) giveUp();
      const written = stripComment(content.slice(colon + 1).trim());
      out[key] = written === '' ? this.nested(indent, depth) : inlineValue(written, this.controls);
      content = undefined;
    }
  }

  /** The block under `key:` with nothing after it: a deeper mapping, a sequence (same indent allowed), or null. */
  private nested(indent: number, depth: number): unknown {
    const line = this.lines[this.at];
    if (line === undefined || line.indent < indent) giveUp();
    if (isSequenceItem(line.content) && line.indent >= indent) return this.sequence(line.indent, depth + 1);
    if (line.indent === indent) giveUp(); // an empty value: null, which the full parser resolves
    return this.mapping(line.indent, undefined, depth + 1);
  }

  /** A block sequence whose `-` marks sit at exactly `indent`, `depth` blocks deep. */
  private sequence(indent: number, depth: number): unknown[] {
    if (depth > MAX_FAST_DEPTH) giveUp();
    const out: unknown[] = [];
    for (;;) {
      const line = this.lines[this.at];
      if (line === undefined || line.indent < indent) return out;
      if (line.indent > indent || !isSequenceItem(line.content)) {
        if (line.indent === indent) return out; // the parent mapping's next key (a sequence at the key's indent)
        giveUp();
      }
      this.at++;
      const afterDash = line.content.slice(1);
      const item = stripComment(afterDash.trim());
      if (item === '') giveUp();
      // A compact mapping's keys line up with the first key, one column past the dash and its spaces.
      const column = indent + 1 + (afterDash.length - afterDash.trimStart().length);
      out.push(startsMapping(item) ? this.mapping(column, item, depth + 1) : inlineValue(item, this.controls));
      const next = this.lines[this.at];
      if (next !== undefined && next.indent > indent && !startsMapping(item)) giveUp();
    }
  }
}

function isSequenceItem(content: string): boolean {
  return content === '-' || content.startsWith('- ');
}

/** True for `key: value` or `key:` written as a sequence item's first line (a compact nested mapping). */
function startsMapping(item: string): boolean {
  if (item.startsWith('"') || item.startsWith("'") || item.startsWith('{') || item.startsWith('[')) return false;
  const colon = item.indexOf(':');
  return colon > 0 && (colon === item.length - 1 || item[colon + 1] === ' ');
}

/** Drops a ` #` comment from a value that holds no quote or bracket (where `#` could be content). */
function stripComment(value: string): string {
  const hash = value.indexOf(' #');
  if (hash < 0) return value;
  if (QUOTE_OR_BRACKET.test(value)) giveUp();
  return value.slice(0, hash).trimEnd();
}

/** One value written on its line in block context: a quoted string, a flow collection or a plain string. */
function inlineValue(text: string, controls: boolean): unknown {
  const flow = new FlowReader(text, controls);
  const value = flow.value(false);
  if (!flow.atEnd()) giveUp();
  return value;
}

/** The index of the first character ending a plain scalar in flow context (`,[]{}`) at or after `from`, or -1. */
function flowEnd(text: string, from: number): number {
  for (let at = from; at < text.length; at++) {
    const ch = text.charCodeAt(at);
    if (ch === 0x2c || ch === 0x5b || ch === 0x5d || ch === 0x7b || ch === 0x7d) return at;
  }
  return -1;
}

/** Reads quoted strings, flow sequences and flow mappings written on one line. */
class FlowReader {
  private at = 0;
  private depth = 0;
  /** Where the line's first backslash is (-1: none), found once: most quoted strings hold none. */
  private backslash: number;
  constructor(
    private readonly text: string,
    private readonly controls: boolean,
  ) {
    this.backslash = text.indexOf('\\');
  }

  atEnd(): boolean {
    this.spaces();
    return this.at === this.text.length;
  }

  value(inFlow: boolean): unknown {
    this.spaces();
    const ch = this.text[this.at];
    if (ch === '"') return this.doubleQuoted();
    if (ch === "'") return this.singleQuoted();
    if (ch === '[' || ch === '{') {
      if (++this.depth > 4) giveUp();
      const value = ch === '[' ? this.flowSequence() : this.flowMapping();
      this.depth--;
      return value;
    }
    return this.plain(inFlow);
  }

  private flowSequence(): unknown[] {
    this.at++;
    const out: unknown[] = [];
    this.spaces();
    if (this.text[this.at] === ']') {
      this.at++;
      return out;
    }
    for (;;) {
      out.push(this.value(true));
      this.spaces();
      const ch = this.text[this.at++];
      if (ch === ']') return out;
      if (ch !== ',') giveUp();
      this.spaces();
      if (this.text[this.at] === ']') giveUp(); // a trailing comma: left to the full parser
    }
  }

  private flowMapping(): Record<string, unknown> {
    this.at++;
    const out: Record<string, unknown> = {};
    this.spaces();
    if (this.text[this.at] === '}') {
      this.at++;
      return out;
    }
    for (;;) {
      this.spaces();
      // A plain name, then `: `.
      const length = nameLength(this.text, this.at);
      const colon = this.at + length;
      if (length === 0 || this.text.charCodeAt(colon) !== 0x3a || this.text.charCodeAt(colon + 1) !== SPACE) giveUp();
      const key = interned(this.text.slice(this.at, colon));
      if (isSpecialWord(key) || key === '__proto__' || Object.hasOwn(out, key)) giveUp();
      this.at = colon + 2;
      out[key] = this.value(true);
      this.spaces();
      const ch = this.text[this.at++];
      if (ch === '}') return out;
      if (ch !== ',') giveUp();
    }
  }

  /** A double-quoted string with the common escapes only (others are left to the full parser). */
  private doubleQuoted(): string {
    let out = '';
    for (let i = this.at + 1; i < this.text.length; i++) {
      // The run up to the next quote or backslash at once (a character at a time built a string piece each).
      const quote = this.text.indexOf('"', i);
      if (this.backslash >= 0 && this.backslash < i) this.backslash = this.text.indexOf('\\', i);
      const stop = quote < 0 || (this.backslash >= 0 && this.backslash < quote) ? this.backslash : quote;
      if (stop < 0) break;
      out += this.text.slice(i, stop);
      i = stop;
      const ch = this.text[i];
      if (ch === '"') {
        this.at = i + 1;
        return out;
      }
      const next = this.text[++i];
      if (next === '"' || next === '\\' || next === '/') out += next;
      else if (next === 'n') out += '\n';
      else if (next === 't') out += '\t';
      else if (next === 'u' && /^[0-9a-fA-F]{4}$/.test(this.text.slice(i + 1, i + 5))) {
        const code = parseInt(this.text.slice(i + 1, i + 5), 16);
        if (code >= 0xd800 && code <= 0xdfff) giveUp(); // surrogate halves: the full parser's business
        out += String.fromCharCode(code);
        i += 4;
      } else giveUp();
    }
    return giveUp();
  }

  private singleQuoted(): string {
    let out = '';
    for (let i = this.at + 1; i < this.text.length; i++) {
      const stop = this.text.indexOf("'", i);
      if (stop < 0) break;
      out += this.text.slice(i, stop);
      i = stop;
      if (this.text[i + 1] === "'") {
        out += "'";
        i++;
        continue;
      }
      this.at = i + 1;
      return out;
    }
    return giveUp();
  }

  /** A plain scalar that is certainly a string under the core schema; anything else gives up. */
  private plain(inFlow: boolean): string {
    let end = inFlow ? flowEnd(this.text, this.at) : -1;
    if (end < 0) end = this.text.length;
    const raw = this.text.slice(this.at, end);
    const value = raw.trim();
    if (value === '' || INDICATORS.includes(value[0])) giveUp();
    if (value.includes(': ') || value.endsWith(':') || value.includes(' #')) giveUp();
    if ((value.length <= LONGEST_SPECIAL && BOOL_OR_NULL.test(value)) || mayBeNumber(value)) giveUp();
    if (this.controls && CONTROL.test(value)) giveUp(); // controls: the full parser's rules
    this.at = end;
    return value;
  }

  private spaces(): void {
    while (this.text[this.at] === ' ') this.at++;
  }
}

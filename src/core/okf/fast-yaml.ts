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
  if (/[^\S \n]/.test(yaml)) return undefined;
  const lines: Line[] = [];
  for (const raw of yaml.split('\n')) {
    const text = raw.trimEnd();
    const content = text.trimStart();
    if (content === '' || content.startsWith('#')) continue;
    lines.push({ indent: text.length - content.length, content });
  }
  if (lines.length === 0 || lines[0].indent !== 0) return undefined;
  const reader = new BlockReader(lines);
  try {
    const value = reader.mapping(0);
    return reader.done() ? value : undefined;
  } catch (error) {
    if (error === GIVE_UP) return undefined;
    throw error;
  }
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

/** Keys the subset accepts: plain names. Anything a YAML parser might read as another type is left to it. */
const KEY = /^[A-Za-z_][A-Za-z0-9_-]*$/;
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
const INDICATOR_START = /^[-?:,[\]{}#&*!|>'"%@`]/;
/** Characters the core schema's rules leave to the full parser inside a plain scalar: controls, line separators. */
const CONTROL = /[\p{Cc}\u2028\u2029\ufeff]/u;
/** A quote or a bracket, where a ` #` could be content rather than a comment. */
const QUOTE_OR_BRACKET = /["'[\]{}]/;
/** The longest word SPECIAL_WORD and BOOL_OR_NULL match (`false`): longer keys and values skip those tests. */
const LONGEST_SPECIAL = 5;

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
  constructor(private readonly lines: readonly Line[]) {}

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
      if (colon <= 0) giveUp();
      const key = content.slice(0, colon);
      if (!KEY.test(key) || isSpecialWord(key) || key === '__proto__' || Object.hasOwn(out, key)) giveUp();
      const rest = content.slice(colon + 1);
      if (rest !== '' && !rest.startsWith(' ')) giveUp();
      const written = stripComment(rest.trim());
      out[key] = written === '' ? this.nested(indent, depth) : inlineValue(written);
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
      out.push(startsMapping(item) ? this.mapping(column, item, depth + 1) : inlineValue(item));
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
function inlineValue(text: string): unknown {
  const flow = new FlowReader(text);
  const value = flow.value(false);
  if (!flow.atEnd()) giveUp();
  return value;
}

/** A flow mapping's key and its `: `, read where the reader stands (sticky). */
const FLOW_KEY = /([A-Za-z_][A-Za-z0-9_-]*): /y;
/** The first character ending a plain scalar in flow context, searched from where the reader stands. */
const FLOW_END = /[,[\]{}]/g;

/** The index of the first `a` or `b` in `text` at or after `from`, or -1. */
function nextOf(text: string, from: number, a: string, b: string): number {
  const i = text.indexOf(a, from);
  const j = text.indexOf(b, from);
  return i < 0 ? j : j < 0 ? i : Math.min(i, j);
}

/** Reads quoted strings, flow sequences and flow mappings written on one line. */
class FlowReader {
  private at = 0;
  private depth = 0;
  constructor(private readonly text: string) {}

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
      FLOW_KEY.lastIndex = this.at;
      const match = FLOW_KEY.exec(this.text);
      if (!match) giveUp();
      const key = match[1];
      if (isSpecialWord(key) || key === '__proto__' || Object.hasOwn(out, key)) giveUp();
      this.at += match[0].length;
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
      const stop = nextOf(this.text, i, '"', '\\');
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
    let end = this.text.length;
    if (inFlow) {
      FLOW_END.lastIndex = this.at;
      if (FLOW_END.test(this.text)) end = FLOW_END.lastIndex - 1;
    }
    const raw = this.text.slice(this.at, end);
    const value = raw.trim();
    if (value === '' || INDICATOR_START.test(value)) giveUp();
    if (value.includes(': ') || value.endsWith(':') || value.includes(' #')) giveUp();
    if ((value.length <= LONGEST_SPECIAL && BOOL_OR_NULL.test(value)) || mayBeNumber(value)) giveUp();
    if (CONTROL.test(value)) giveUp(); // controls: the full parser's rules
    this.at += raw.length;
    return value;
  }

  private spaces(): void {
    while (this.text[this.at] === ' ') this.at++;
  }
}

// Splits a markdown file into YAML frontmatter and body, and parses the YAML with the `yaml` package's
// YAML 1.2 core schema (spec §10.1, §10.2): dates stay strings, `on:` stays the string "on".
import { LineCounter, isMap, isScalar, isSeq, parseDocument, type Node } from 'yaml';
import type { Diagnostic } from '../types';
import { fastFrontmatter } from './fast-yaml';
import { setOwnKey } from './own-key';

/** A markdown file split at its frontmatter fences. Line endings are normalized to `\n`, a BOM dropped. */
export interface SplitFile {
  /** The YAML between the fences, or null when the file has no frontmatter. */
  readonly yaml: string | null;
  readonly body: string;
  /** 1-based line of the first YAML line, to report diagnostics against the file. */
  readonly yamlStartLine: number;
  /** Set when an opening fence has no closing fence. */
  readonly unclosed: boolean;
}

/** Splits a file at `---` fences (the closing fence may also be `...`). */
export function splitFrontmatter(text: string): SplitFile {
  // The line-ending pass only when there is a CR: a regex pass over every file's whole text cost ~8 % of the read.
  const unmarked = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const normalized = unmarked.includes('\r') ? unmarked.replace(/\r\n?/g, '\n') : unmarked;
  if (!/^---[ \t]*(\n|$)/.test(normalized)) return { yaml: null, body: normalized, yamlStartLine: 1, unclosed: false };
  const afterOpen = normalized.indexOf('\n') + 1;
  if (afterOpen === 0) return { yaml: '', body: '', yamlStartLine: 2, unclosed: true };
  const close = /^(?:---|\.\.\.)[ \t]*$/m;
  const rest = normalized.slice(afterOpen);
  const m = close.exec(rest);
  if (!m) return { yaml: rest, body: '', yamlStartLine: 2, unclosed: true };
  const yaml = rest.slice(0, m.index);
  let body = rest.slice(m.index + m[0].length);
  if (body.startsWith('\n')) body = body.slice(1);
  return { yaml, body, yamlStartLine: 2, unclosed: false };
}

/** Keys that YAML 1.1 parsers read as booleans (the "Norway problem", spec §10.1). */
const YAML11_BOOLEAN_WORDS = new Set(['on', 'off', 'yes', 'no', 'y', 'n']);

/** The most aliases a document may expand; a billion-laughs document needs far more. */
const MAX_ALIAS_COUNT = 100;
/** Deeper nesting than this is refused: no real frontmatter needs it, and recursion must stay bounded. */
const MAX_DEPTH = 64;

/** The refusal of a document nested deeper than MAX_DEPTH (found before parsing, or while walking the result). */
function tooDeepDiagnostic(path: string): Diagnostic {
  return {
    path,
    severity: 'error',
    code: 'yaml-too-deep',
    message: `Frontmatter is nested more than ${MAX_DEPTH} levels deep; refused.`,
  };
}

/** Parsed frontmatter: the data, or null when the YAML could not be read (diagnostics say why). */
export interface ParsedFrontmatter {
  readonly data: Record<string, unknown> | null;
  readonly diagnostics: Diagnostic[];
}

/** Parses frontmatter YAML into a plain object and reports every structural problem, naming the file. */
export function parseFrontmatterYaml(path: string, yaml: string, startLine: number): ParsedFrontmatter {
  // Plain frontmatter (nearly every file) needs neither the full parser nor its checks: the fast reader gives up
  // on anything that could carry a diagnostic or need the parser's rules.
  const fast = fastFrontmatter(yaml);
  return fast !== undefined ? { data: fast, diagnostics: [] } : parseWithYamlPackage(path, yaml, startLine);
}

/** The full parse with the `yaml` package: every YAML 1.2 rule and every diagnostic (the reference). */
export function parseWithYamlPackage(path: string, yaml: string, startLine: number): ParsedFrontmatter {
  const diagnostics: Diagnostic[] = [];
  if (flowDepth(yaml) > MAX_DEPTH) {
    // Checked before parsing: thousands of nested brackets would exhaust the parser's stack.
    diagnostics.push(tooDeepDiagnostic(path));
    return { data: null, diagnostics };
  }
  const lineCounter = new LineCounter();
  // logLevel 'error': the parser must not print to the console (a list used as a key warns); diagnostics say it.
  const doc = parseDocument(yaml, {
    schema: 'core',
    uniqueKeys: false,
    lineCounter,
    prettyErrors: false,
    logLevel: 'error',
  });
  const lineOf = (offset: number | undefined) =>
    offset === undefined ? undefined : lineCounter.linePos(offset).line + startLine - 1;

  if (doc.errors.length > 0) {
    // One diagnostic per file: errors after the first are mostly the parser losing its footing on the same
    // problem (a misindented key gives two), so they are counted, not listed.
    const [error] = doc.errors;
    const more = doc.errors.length - 1;
    diagnostics.push({
      path,
      severity: 'error',
      code: 'yaml-syntax',
      message:
        `YAML syntax error in ` +
        `frontmatter: ${firstLine(error.message)}${more > 0 ? ` (and ${more} more after it)` : ''}`,
      line: lineOf(error.pos[0]),
    });
    return { data: null, diagnostics };
  }
  if (doc.contents === null) {
    diagnostics.push({
      path,
      severity: 'error',
      code: 'frontmatter-empty',
      message: 'Frontmatter is empty: an OKF concept needs at least `type`.',
      line: startLine - 1,
    });
    return { data: null, diagnostics };
  }
  if (!isMap(doc.contents)) {
    diagnostics.push({
      path,
      severity: 'error',
      code: 'frontmatter-not-mapping',
      message: 'Frontmatter is not a mapping of keys to values (found a list or a plain value).',
      line: lineOf(doc.contents.range?.[0]),
    });
    return { data: null, diagnostics };
  }

  let tooDeep = false;
  const walk = (node: Node | null | undefined, depth: number, where: string): void => {
    if (!node || tooDeep) return;
    if (depth > MAX_DEPTH) {
      tooDeep = true;
      return;
    }
    if (isMap(node)) {
      const seen = new Map<string, number>();
      for (const pair of node.items) {
        const key = pair.key as Node | null;
        if (isScalar(key)) {
          const keyText = String(key.value);
          const line = lineOf(key.range?.[0]);
          if (typeof key.value === 'boolean') {
            diagnostics.push({
              path,
              severity: 'error',
              code: 'boolean-key',
              message:
                `Key \`${key.source ?? keyText}\`${where} is a boolean, not a name ` +
                `(YAML 1.1 reads \`on:\`/\`yes:\` as \`true:\`, spec §10.1); rename it ` +
                `(a relation's date goes in \`date\`).`,
              line,
              value: keyText,
            });
          } else if (typeof key.value === 'string' && YAML11_BOOLEAN_WORDS.has(key.value.toLowerCase())) {
            diagnostics.push({
              path,
              severity: 'warning',
              code: 'yaml11-boolean-key',
              message:
                `Key \`${key.value}\`${where} is read as a boolean by YAML 1.1 parsers ` +
                `(spec §10.1); rename it (a relation's date goes in \`date\`).`,
              line,
              value: key.value,
            });
          }
          if (seen.has(keyText)) {
            diagnostics.push({
              path,
              severity: 'error',
              code: 'duplicate-key',
              message:
                `Key \`${keyText}\`${where} appears more than once (first on ` +
                `line ${seen.get(keyText)}); the last one is used.`,
              line,
              value: keyText,
            });
          } else seen.set(keyText, line ?? 0);
        } else if (key !== null && key !== undefined) {
          diagnostics.push({
            path,
            severity: 'warning',
            code: 'complex-key',
            message: `A key${where} is a list or a mapping, not a name; it is read as the text of its YAML.`,
            line: lineOf(key.range?.[0]),
          });
        }
        const childWhere = isScalar(key) ? ` in \`${String(key.value)}\`` : where;
        walk(pair.value as Node | null, depth + 1, depth === 0 ? childWhere : where);
      }
    } else if (isSeq(node)) {
      for (const item of node.items) walk(item as Node | null, depth + 1, where);
    }
  };
  walk(doc.contents, 0, '');
  if (tooDeep) {
    diagnostics.push(tooDeepDiagnostic(path));
    return { data: null, diagnostics };
  }

  keepRelationObjectText(doc.contents);
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (error) {
    diagnostics.push({
      path,
      severity: 'error',
      code: 'yaml-alias-bomb',
      message:
        `Frontmatter refused: ${firstLine((error as Error).message)} (YAML ` +
        `aliases expand past ${MAX_ALIAS_COUNT}).`,
    });
    return { data: null, diagnostics };
  }
  // YAML 1.1 collection tags the parser still honours (`!!set`, `!!omap`, `!!pairs`) give a Set or a Map, which
  // every consumer would print as `[object Set]` or `{}`: read them as the list or mapping they write.
  data = plainCollections(data, new Map());
  if (containsItself(data)) {
    diagnostics.push({
      path,
      severity: 'error',
      code: 'yaml-alias-cycle',
      message:
        'Frontmatter refused: a YAML alias refers to its own anchor (`a: &x [*x]`), a cycle no reader can expand.',
    });
    return { data: null, diagnostics };
  }
  return { data: data as Record<string, unknown>, diagnostics };
}

/** `value` with every Set as an array of its members and every Map as a plain object; aliases stay shared. */
function plainCollections(value: unknown, done: Map<object, unknown>): unknown {
  if (typeof value !== 'object' || value === null || ArrayBuffer.isView(value) || value instanceof Date) return value;
  if (done.has(value)) return done.get(value);
  if (value instanceof Set || Array.isArray(value)) {
    const out: unknown[] = [];
    done.set(value, out);
    for (const item of value) out.push(plainCollections(item, done));
    return out;
  }
  const out: Record<string, unknown> = {};
  done.set(value, out);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  for (const [key, item] of entries) setOwnKey(out, String(key), plainCollections(item, done));
  return out;
}

/** True when a value contains itself (a self-referencing alias): JSON, SQLite and every consumer would loop. */
function containsItself(value: unknown, ancestors = new Set<object>(), checked = new Set<object>()): boolean {
  if (typeof value !== 'object' || value === null || checked.has(value) || ArrayBuffer.isView(value)) return false;
  if (ancestors.has(value)) return true;
  ancestors.add(value);
  for (const child of Object.values(value)) if (containsItself(child, ancestors, checked)) return true;
  ancestors.delete(value);
  checked.add(value);
  return false;
}

/** Deepest nesting of flow brackets (`[`, `{`) outside quoted strings: a cheap guard run before the parser. */
function flowDepth(yaml: string): number {
  let depth = 0;
  let max = 0;
  let quote = '';
  for (let i = 0; i < yaml.length; i++) {
    const ch = yaml[i];
    if (quote) {
      if (ch === quote && yaml[i - 1] !== '\\') quote = '';
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '[' || ch === '{') max = Math.max(max, ++depth);
    else if (ch === ']' || ch === '}') depth = Math.max(0, depth - 1);
    else if (ch === '\n') quote = '';
  }
  return max;
}

function firstLine(text: string): string {
  return text.split('\n')[0].trim();
}

/**
 * A relation's object is text (a name, a version, a code, an id), never a number: a plain scalar the core schema
 * reads as one keeps the text written, or `1.10` became "1.1", ZIP `02134` "2134" and a 20-digit id a rounded float,
 * a different fact served silently (QA2 F26, the number-shaped twin of spec §10.2's dates).
 */
function keepRelationObjectText(contents: Node): void {
  if (!isMap(contents)) return;
  const relations = contents.get('relations', true);
  if (!isSeq(relations)) return;
  for (const item of relations.items) {
    const object = isMap(item) ? item.get('object', true) : undefined;
    if (isScalar(object) && typeof object.value === 'number' && typeof object.source === 'string')
      object.value = object.source;
  }
}

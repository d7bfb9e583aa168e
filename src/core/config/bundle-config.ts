// The bundle's own settings file, `okf-wiki.json` at the bundle root: declared inverse predicate pairs,
// predicates that may hold several objects at once, and predicate synonyms. Lint (spec §7.3) and the
// `relate` command (spec §7.1's both-directions rule) read the same file. Bad input becomes diagnostics.
import type { BundleThresholds } from '../retrieval/thresholds';
import type { Diagnostic } from '../types';
import { jsonTooDeep, MAX_JSON_DEPTH } from './json-depth';

/** Where the settings live, relative to the bundle root. */
export const BUNDLE_CONFIG_PATH = '/okf-wiki.json';

/** Settings a bundle declares about its predicate vocabulary (spec §8). */
export interface BundleConfig {
  /** Pairs `[a, b]`: a relation `a` must be answered by `b` on the object, and `b` by `a`. `[a, a]` is symmetric. */
  readonly inverses: readonly (readonly [string, string])[];
  /** Predicates whose subject may hold several objects at once (exempt from `contradiction`, spec §7.3). */
  readonly multiValued: readonly string[];
  /** Groups of predicates that mean the same thing (`predicate-drift` suggests merging them). */
  readonly synonyms: readonly (readonly string[])[];
  /** Groups of predicates that look alike but differ (`invented` / `invested`): never reported as drift. */
  readonly distinct: readonly (readonly string[])[];
  /**
   * Retrieval thresholds for this bundle (issue 11; spec §10.4 "retune per-bundle"); `evaluate --sweep --apply` writes
   * them.
   */
  readonly thresholds?: BundleThresholds;
}

/** Inherently multi-valued predicates, always exempt from `contradiction`; a bundle's list adds to these. */
export const DEFAULT_MULTI_VALUED: readonly string[] = [
  'has_part',
  'has_member',
  'member_of',
  'related_to',
  'see_also',
];

/** The settings of a bundle without `okf-wiki.json`. */
export const DEFAULT_BUNDLE_CONFIG: BundleConfig = {
  inverses: [],
  multiValued: DEFAULT_MULTI_VALUED,
  synonyms: [],
  distinct: [],
  thresholds: {},
};

const KNOWN_KEYS = new Set(['$schema', 'inverses', 'multiValued', 'synonyms', 'distinct', 'thresholds']);

/**
 * Parses `okf-wiki.json`. Never throws: a syntax error gives the defaults and an error diagnostic; a bad entry
 * is skipped with a warning naming it; unknown keys are tolerated with a warning (a typo would otherwise be silent).
 */
export function parseBundleConfig(
  text: string,
  path: string = BUNDLE_CONFIG_PATH,
): { config: BundleConfig; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const warn = (code: string, message: string, value?: unknown) =>
    diagnostics.push({
      path,
      severity: 'warning',
      code,
      message,
      ...(value !== undefined ? { value: show(value) } : {}),
    });

  if (jsonTooDeep(text)) {
    diagnostics.push({
      path,
      severity: 'error',
      code: 'config-too-deep',
      message: `okf-wiki.json nests lists or objects more than ${MAX_JSON_DEPTH} levels deep; using the defaults.`,
    });
    return { config: DEFAULT_BUNDLE_CONFIG, diagnostics };
  }
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    diagnostics.push({
      path,
      severity: 'error',
      code: 'config-syntax',
      message: `okf-wiki.json is not valid JSON (${(error as Error).message}); using the defaults.`,
    });
    return { config: DEFAULT_BUNDLE_CONFIG, diagnostics };
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    diagnostics.push({
      path,
      severity: 'error',
      code: 'config-not-object',
      message: 'okf-wiki.json should hold an object like { "inverses": [], "multiValued": [] }; using the defaults.',
    });
    return { config: DEFAULT_BUNDLE_CONFIG, diagnostics };
  }
  const record = data as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (!KNOWN_KEYS.has(key))
      warn(
        'config-unknown-key',
        `okf-wiki.json: unknown key "${key}" ignored (known: inverses, multiValued, synonyms, distinct, thresholds).`,
        key,
      );
  }

  const inverses: [string, string][] = [];
  for (const item of listOf(record.inverses, 'inverses', warn)) {
    if (Array.isArray(item) && item.length === 2 && item.every(isPredicate))
      inverses.push([item[0].trim(), item[1].trim()]);
    else
      warn(
        'config-bad-inverse',
        `okf-wiki.json: each "inverses" entry should be a pair of predicates ` +
          `like ["founded", "founded_by"]; skipped ${show(item)}.`,
        item,
      );
  }

  const multiValued = new Set(DEFAULT_MULTI_VALUED);
  for (const item of listOf(record.multiValued, 'multiValued', warn)) {
    if (isPredicate(item)) multiValued.add(item.trim());
    else
      warn(
        'config-bad-predicate',
        `okf-wiki.json: "multiValued" entries should be predicate names; skipped ${show(item)}.`,
        item,
      );
  }

  const groups = (key: 'synonyms' | 'distinct', example: string): string[][] => {
    const out: string[][] = [];
    for (const item of listOf(record[key], key, warn)) {
      if (Array.isArray(item) && item.length >= 2 && item.every(isPredicate))
        out.push(item.map((p: string) => p.trim()));
      else
        warn(
          `config-bad-${key}`,
          `okf-wiki.json: each "${key}" entry should list two or more predicates ` +
            `like ${example}; skipped ${show(item)}.`,
          item,
        );
    }
    return out;
  };
  const synonyms = groups('synonyms', '["invested_in", "backs"]');
  const distinct = groups('distinct', '["invented", "invested"]');

  const thresholds = parseThresholds(record.thresholds, warn);

  return { config: { inverses, multiValued: [...multiValued].sort(), synonyms, distinct, thresholds }, diagnostics };
}

/**
 * `"thresholds": { "coverage": 0.5, "vector": 0.45, "coverageWeighting": "idf" }`, every key optional. A bad
 * value is skipped with a warning naming it; the rest still apply.
 */
function parseThresholds(
  value: unknown,
  warn: (code: string, message: string, value?: unknown) => void,
): BundleThresholds {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    warn(
      'config-bad-thresholds',
      'okf-wiki.json: "thresholds" should be an object like { "coverage": 0.5, "vector": 0.45 }; ignored.',
      value,
    );
    return {};
  }
  const t = value as Record<string, unknown>;
  const out: { coverage?: number; vector?: number; coverageWeighting?: 'plain' | 'idf'; requireNames?: boolean } = {};
  for (const key of Object.keys(t)) {
    if (!['coverage', 'vector', 'coverageWeighting', 'requireNames'].includes(key)) {
      warn(
        'config-unknown-key',
        `okf-wiki.json: unknown key "thresholds.${key}" ignored (known: ` +
          `coverage, vector, coverageWeighting, requireNames).`,
        key,
      );
    }
  }
  if (t.coverage !== undefined) {
    if (typeof t.coverage === 'number' && t.coverage >= 0 && t.coverage < 1) out.coverage = t.coverage;
    else
      warn(
        'config-bad-threshold',
        `okf-wiki.json: "thresholds.coverage" should be a number from 0 to ` +
          `below 1 (a share of the question's words); ` +
          `skipped ${show(t.coverage)}.`,
        t.coverage,
      );
  }
  if (t.vector !== undefined) {
    if (typeof t.vector === 'number' && t.vector > -1 && t.vector <= 1) out.vector = t.vector;
    else
      warn(
        'config-bad-threshold',
        `okf-wiki.json: "thresholds.vector" should be a cosine similarity ` +
          `above -1 and at most 1; skipped ${show(t.vector)}.`,
        t.vector,
      );
  }
  if (t.coverageWeighting !== undefined) {
    if (t.coverageWeighting === 'plain' || t.coverageWeighting === 'idf') out.coverageWeighting = t.coverageWeighting;
    else
      warn(
        'config-bad-threshold',
        `okf-wiki.json: "thresholds.coverageWeighting" should be "plain" or ` +
          `"idf"; skipped ${show(t.coverageWeighting)}.`,
        t.coverageWeighting,
      );
  }
  if (t.requireNames !== undefined) {
    if (typeof t.requireNames === 'boolean') out.requireNames = t.requireNames;
    else
      warn(
        'config-bad-threshold',
        `okf-wiki.json: "thresholds.requireNames" should be true or false; skipped ${show(t.requireNames)}.`,
        t.requireNames,
      );
  }
  return out;
}

/** The declared inverses of each predicate (a predicate may have several; symmetric ones map to themselves). */
export function inverseMap(inverses: BundleConfig['inverses']): Map<string, Set<string>> {
  const map = new Map<string, Set<string>>();
  const add = (a: string, b: string) => {
    const set = map.get(a) ?? new Set<string>();
    set.add(b);
    map.set(a, set);
  };
  for (const [a, b] of inverses) {
    add(a, b);
    add(b, a);
  }
  return map;
}

function listOf(
  value: unknown,
  key: string,
  warn: (code: string, message: string, value?: unknown) => void,
): unknown[] {
  if (value === undefined) return [];
  if (Array.isArray(value)) return value;
  warn('config-not-list', `okf-wiki.json: "${key}" should be a list; ignored.`, value);
  return [];
}

function isPredicate(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? text.slice(0, 77) + '...' : text;
}

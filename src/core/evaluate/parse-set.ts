// Reading evaluate.json (spec §7.5): every entry validated, every problem reported with where it is, so a typo
// in a label ("expect_seed", a misspelt path) is caught instead of silently turning a check off.
import { jsonTooDeep, MAX_JSON_DEPTH } from '../config/json-depth';
import { isIsoDate } from '../okf/dates';
import type { Intent } from '../retrieval/types';
import type { EvaluationSet, ExpectedFact, LabeledQuestion, SetOrProblems, SetProblem } from './types';

const INTENTS: readonly Intent[] = ['WHY', 'WHEN', 'ENTITY', 'HISTORICAL', 'GENERAL'];
const FILE_KEYS = ['$comment', 'version', 'today', 'questions'];
const QUESTION_KEYS = [
  'id',
  'question',
  'expect_seeds',
  'expect_facts',
  'out_of_bundle',
  'must_not_seed',
  'expect_superseded_marked',
  'must_not_facts',
  'expect_intent',
  'note',
  'section',
  '$comment',
];

/** The section of a question whose entry names none. */
export const DEFAULT_SECTION = 'main';
const FACT_KEYS = ['subject', 'predicate', 'object', 'inverse'];

/** Options of parseEvaluationSet. */
export interface ParseSetOptions {
  /** Concept paths of the bundle: a labeled path outside it is reported (a typo would make a check vacuous). */
  readonly knownPaths?: ReadonlySet<string>;
}

/**
 * Parses and validates evaluate.json: either `{ "version": 1, "today"?, "questions": [...] }` or a bare array
 * of questions. Returns the set, or every problem found (never a partial set).
 */
export function parseEvaluationSet(text: string, options: ParseSetOptions = {}): SetOrProblems {
  if (jsonTooDeep(text))
    return problems([
      { where: '(file)', message: `nests lists or objects more than ${MAX_JSON_DEPTH} levels deep; refused` },
    ]);
  let raw: unknown;
  try {
    raw = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    return problems([{ where: '(file)', message: `not valid JSON: ${(error as Error).message}` }]);
  }
  const found: SetProblem[] = [];
  let entries: unknown;
  let today: string | undefined;
  if (Array.isArray(raw)) entries = raw;
  else if (isObject(raw)) {
    unknownKeys(raw, FILE_KEYS, '(file)', found);
    if (raw.version !== undefined && raw.version !== 1)
      found.push({ where: 'version', message: `must be 1, got ${show(raw.version)}` });
    if (raw.today !== undefined) {
      if (typeof raw.today !== 'string' || !isIsoDate(raw.today))
        found.push({
          where: 'today',
          message: `must be an ISO 8601 date such as "2026-11-30", got ${show(raw.today)}`,
        });
      else today = raw.today;
    }
    entries = raw.questions;
    if (entries === undefined)
      found.push({ where: 'questions', message: 'missing: the file needs a "questions" list' });
  } else {
    return problems([
      {
        where: '(file)',
        message: `must be a JSON object with a "questions" list (or a list of questions), got ${show(raw)}`,
      },
    ]);
  }
  if (entries !== undefined && !Array.isArray(entries))
    found.push({ where: 'questions', message: `must be a list, got ${show(entries)}` });
  const questions: LabeledQuestion[] = [];
  if (Array.isArray(entries)) {
    if (entries.length === 0) found.push({ where: 'questions', message: 'is empty: label at least one question' });
    const ids = new Map<string, number>();
    entries.forEach((entry, i) => {
      const where = `questions[${i}]`;
      const q = parseQuestion(entry, where, options, found);
      if (!q) return;
      const previous = ids.get(q.id);
      if (previous !== undefined)
        found.push({
          where: `${where}.id`,
          message: `"${q.id}" is used twice (also questions[${previous}]); ids must be unique`,
        });
      else ids.set(q.id, i);
      questions.push(q);
    });
  }
  if (found.length > 0) return problems(found);
  const set: EvaluationSet = { version: 1, ...(today !== undefined ? { today } : {}), questions };
  return { kind: 'set', set };
}

function parseQuestion(
  entry: unknown,
  where: string,
  options: ParseSetOptions,
  found: SetProblem[],
): LabeledQuestion | undefined {
  if (!isObject(entry)) {
    found.push({ where, message: `must be an object with a "question", got ${show(entry)}` });
    return undefined;
  }
  const before = found.length;
  unknownKeys(entry, QUESTION_KEYS, where, found);
  const question = entry.question;
  if (typeof question !== 'string' || question.trim() === '')
    found.push({ where: `${where}.question`, message: `must be a non-empty string, got ${show(question)}` });
  let id = typeof question === 'string' ? question : '';
  if (entry.id !== undefined) {
    if (typeof entry.id !== 'string' || entry.id.trim() === '')
      found.push({ where: `${where}.id`, message: `must be a non-empty string, got ${show(entry.id)}` });
    else id = entry.id;
  }
  const outOfBundle = entry.out_of_bundle ?? false;
  if (typeof outOfBundle !== 'boolean')
    found.push({ where: `${where}.out_of_bundle`, message: `must be true or false, got ${show(outOfBundle)}` });
  const expectSeeds = paths(entry.expect_seeds, `${where}.expect_seeds`, options, found);
  const mustNotSeed = paths(entry.must_not_seed, `${where}.must_not_seed`, options, found);
  const expectSupersededMarked = paths(
    entry.expect_superseded_marked,
    `${where}.expect_superseded_marked`,
    options,
    found,
  );
  const expectFacts = facts(entry.expect_facts, `${where}.expect_facts`, options, found);
  const mustNotFacts = facts(entry.must_not_facts, `${where}.must_not_facts`, options, found);
  let expectIntent: Intent | undefined;
  if (entry.expect_intent !== undefined) {
    if (typeof entry.expect_intent === 'string' && (INTENTS as readonly string[]).includes(entry.expect_intent))
      expectIntent = entry.expect_intent as Intent;
    else
      found.push({
        where: `${where}.expect_intent`,
        message: `must be one of ${INTENTS.join(', ')}, got ${show(entry.expect_intent)}`,
      });
  }
  if (entry.note !== undefined && typeof entry.note !== 'string')
    found.push({ where: `${where}.note`, message: `must be a string, got ${show(entry.note)}` });
  if (entry.section !== undefined && (typeof entry.section !== 'string' || entry.section.trim() === '')) {
    found.push({
      where: `${where}.section`,
      message: `must be a non-empty string such as "paraphrase", got ${show(entry.section)}`,
    });
  }
  if (outOfBundle === true && (expectSeeds.length > 0 || expectFacts.length > 0)) {
    found.push({
      where,
      message: 'an out_of_bundle question must come back "no confident match", so it cannot also expect seeds or facts',
    });
  }
  for (const p of expectSeeds) {
    if (mustNotSeed.includes(p)) found.push({ where, message: `${p} is both expected and forbidden as a seed` });
  }
  if (found.length > before) return undefined;
  return {
    id,
    question: question as string,
    expectSeeds,
    expectFacts,
    outOfBundle: outOfBundle === true,
    mustNotSeed,
    expectSupersededMarked,
    mustNotFacts,
    ...(expectIntent !== undefined ? { expectIntent } : {}),
    ...(typeof entry.note === 'string' ? { note: entry.note } : {}),
    section: typeof entry.section === 'string' ? entry.section.trim() : DEFAULT_SECTION,
  };
}

/** A list of concept paths (`/entities/x.md`), each checked against the bundle when it is known. */
function paths(value: unknown, where: string, options: ParseSetOptions, found: SetProblem[]): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    found.push({
      where,
      message: `must be a list of concept paths such as ["/entities/alan-turing.md"], got ${show(value)}`,
    });
    return [];
  }
  const out: string[] = [];
  value.forEach((p, i) => {
    const problem = pathProblem(p, options);
    if (problem) found.push({ where: `${where}[${i}]`, message: problem });
    else out.push(p as string);
  });
  return out;
}

function pathProblem(p: unknown, options: ParseSetOptions): string | undefined {
  if (typeof p !== 'string' || !p.startsWith('/') || !p.endsWith('.md')) {
    return `must be a bundle path starting with "/" and ending in ".md", got ${show(p)}`;
  }
  if (options.knownPaths && !options.knownPaths.has(p)) return `${p} is not a concept in this bundle`;
  return undefined;
}

function facts(value: unknown, where: string, options: ParseSetOptions, found: SetProblem[]): ExpectedFact[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    found.push({
      where,
      message: `must be a list of { "subject", "predicate", "object" } objects, got ${show(value)}`,
    });
    return [];
  }
  const out: ExpectedFact[] = [];
  value.forEach((f, i) => {
    const at = `${where}[${i}]`;
    if (!isObject(f)) {
      found.push({
        where: at,
        message: `must be an object with "subject" and "predicate" (and optionally "object"), got ${show(f)}`,
      });
      return;
    }
    const before = found.length;
    unknownKeys(f, FACT_KEYS, at, found);
    const subjectProblem = pathProblem(f.subject, options);
    if (subjectProblem) found.push({ where: `${at}.subject`, message: subjectProblem });
    if (typeof f.predicate !== 'string' || f.predicate.trim() === '')
      found.push({ where: `${at}.predicate`, message: `must be a non-empty string, got ${show(f.predicate)}` });
    if (f.object !== undefined && (typeof f.object !== 'string' || f.object === ''))
      found.push({
        where: `${at}.object`,
        message: `must be a concept path or a literal string, got ${show(f.object)}`,
      });
    if (f.inverse !== undefined) {
      if (typeof f.inverse !== 'string' || f.inverse.trim() === '')
        found.push({ where: `${at}.inverse`, message: `must be a predicate name, got ${show(f.inverse)}` });
      else if (typeof f.object !== 'string' || pathProblem(f.object, options) !== undefined) {
        found.push({
          where: `${at}.inverse`,
          message: 'only a relation between two concepts has an inverse: "object" must be a concept path',
        });
      }
    }
    if (found.length > before) return;
    out.push({
      subject: f.subject as string,
      predicate: f.predicate as string,
      ...(typeof f.object === 'string' ? { object: f.object } : {}),
      ...(typeof f.inverse === 'string' ? { inverse: f.inverse } : {}),
    });
  });
  return out;
}

function unknownKeys(
  value: Record<string, unknown>,
  allowed: readonly string[],
  where: string,
  found: SetProblem[],
): void {
  for (const key of Object.keys(value)) {
    if (allowed.includes(key)) continue;
    const near = closest(key, allowed);
    found.push({
      where: where === '(file)' ? key : `${where}.${key}`,
      message:
        `unknown key${near ? ` (did you mean "${near}"?)` : ''}; ` +
        `allowed: ${allowed.filter((k) => k !== '$comment').join(', ')}`,
    });
  }
}

/** The allowed key within two edits of a typo, if one is. */
function closest(key: string, allowed: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = 3;
  for (const candidate of allowed) {
    const d = editDistance(key.toLowerCase(), candidate);
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return best;
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A short rendering of a bad value for a message. */
function show(value: unknown): string {
  if (value === undefined) return 'nothing';
  // JSON.stringify gives undefined only for functions and symbols, which a parsed JSON file cannot hold.
  const text = JSON.stringify(value) ?? typeof value;
  return text.length > 60 ? text.slice(0, 57) + '...' : text;
}

function problems(list: readonly SetProblem[]): SetOrProblems {
  return { kind: 'problems', problems: list };
}

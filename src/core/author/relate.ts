// relate (spec §7.1's hard rule): asserts a relation on the subject and its inverse on the object in one step.
// Both files are read and both edits computed before anything is written; if either cannot be done, neither is.
import { inverseMap, type BundleConfig } from '../config/bundle-config';
import { isIsoDate } from '../okf/dates';
import { escapeControls, hasControlCharacters } from '../okf/controls';
import { conceptRefText } from '../okf/paths';
import type { BundleSource, Concept, Relation } from '../types';
import {
  listing,
  loadConcept,
  readingNotes,
  resolveConceptPath,
  type Listing,
  type LoadedConcept,
} from './concept-files';
import { editFrontmatter, type FrontmatterEdit } from './frontmatter-edit';
import { actorProblem, reviewLapse } from './actor';
import { refused, type AuthorPlan, type FileChange } from './types';
import { unifiedDiff } from './unified-diff';

/** What to relate. Paths as a person writes them (`entities/x`, `/entities/x.md`). */
export interface RelateRequest {
  readonly subject: string;
  readonly predicate: string;
  readonly object: string;
  /** The predicate asserted back on the object; defaults to the inverse declared in `okf-wiki.json`. */
  readonly inverse?: string;
  /** ISO 8601 date qualifying the fact (spec §4.3), written on both sides. */
  readonly date?: string;
  /** A `sources[].id` of the subject (spec §4.3); copied to the inverse when the object cites the same id. */
  readonly source?: string;
  /**
   * Who makes the change (`human:alice`, `agent:claude`). An actor that is not a person also removes `verified`
   * from both pages (actor.ts): their review does not cover the new fact. Not given: the pages' stamps stay.
   */
  readonly by?: string;
}

/** Plans `relate`, reading the two concepts from the bundle. */
export async function planRelate(
  source: BundleSource,
  request: RelateRequest,
  config: BundleConfig,
): Promise<AuthorPlan> {
  const invalid = checkRequest(request);
  if (invalid !== undefined) return refused('relate', invalid);
  const files = await listing(source);
  const subject = await loadConcept(source, files, request.subject, 'subject');
  if (typeof subject === 'string') return refused('relate', subject);
  const literal = literalObject(request.object, files);
  if (literal !== undefined) return refused('relate', literal);
  const object = await loadConcept(source, files, request.object, 'object');
  if (typeof object === 'string') return refused('relate', object);
  return planRelateLoaded(subject, object, request, config);
}

/** Plans `relate` over two concepts already read (pure: texts in, texts out). */
export function planRelateLoaded(
  subject: LoadedConcept,
  object: LoadedConcept,
  request: RelateRequest,
  config: BundleConfig,
): AuthorPlan {
  const invalid = checkRequest(request);
  if (invalid !== undefined) return refused('relate', invalid);
  if (subject.path === object.path)
    return refused(
      'relate',
      `subject and object are the same concept (${subject.path}); a relation needs two concepts`,
    );
  const predicate = request.predicate.trim();
  const inverse = chooseInverse(predicate, request.inverse?.trim(), config);
  if ('message' in inverse) return refused('relate', inverse.message);

  const notes = readingNotes(subject, object);
  const date = request.date?.trim();
  const sourceId = request.source?.trim();
  if (sourceId && !subject.concept.sources.some((s) => s.id === sourceId)) {
    notes.push(
      `${subject.path} has no \`sources[]\` entry with id "${sourceId}"; add ` +
        `one so the fact stays traceable (spec §4.3).`,
    );
  }
  const backSource = sourceId && object.concept.sources.some((s) => s.id === sourceId) ? sourceId : undefined;

  const forward = { predicate, object: object.path, date, source: sourceId };
  const backward = { predicate: inverse.predicate, object: subject.path, date, source: backSource };
  const hasForward = holds(subject.concept, forward);
  const hasBackward = holds(object.concept, backward);
  const summary =
    `${subject.path} ${predicate} ${object.path}${date ? ` (${date})` : ''}, ` +
    `and ${object.path} ${inverse.predicate} ${subject.path}`;
  if (hasForward && hasBackward)
    return { kind: 'unchanged', operation: 'relate', summary: `Already related: ${summary}.`, notes };
  if (hasForward)
    notes.push(`${subject.path} already holds \`${predicate}\` → ${object.path}; only the inverse is added.`);
  if (hasBackward)
    notes.push(
      `${object.path} already holds \`${inverse.predicate}\` → ${subject.path}; only the forward relation is added.`,
    );

  const changes: FileChange[] = [];
  for (const [file, relation, has] of [
    [subject, forward, hasForward],
    [object, backward, hasBackward],
  ] as const) {
    if (has) continue;
    const lapse = reviewLapse(file.path, file.concept, request.by);
    if (lapse) notes.push(lapse.note);
    const outcome = editFrontmatter(file.path, file.text, [relationEdit(relation), ...(lapse ? [lapse.edit] : [])]);
    if (outcome.kind === 'refused') return refused('relate', `nothing was changed: ${outcome.message}`);
    changes.push({
      path: file.path,
      before: file.text,
      after: outcome.text,
      diff: unifiedDiff(file.path, file.text, outcome.text),
    });
  }
  return { kind: 'change', operation: 'relate', summary: `Related ${summary}.`, changes, notes };
}

/** A refusal for an object that is a value (a date, a name), not a concept: such facts have no inverse to assert. */
function literalObject(written: string, files: Listing): string | undefined {
  const text = written.trim();
  const resolved = resolveConceptPath(text, 'object', files);
  if ('path' in resolved && files.has(resolved.path)) return undefined;
  if (!isIsoDate(text) && !/\s/.test(text) && !/^-?\d+(?:\.\d+)?$/.test(text)) return undefined;
  return (
    `object "${text}" is a value, not a concept path: relate asserts a ` +
    `relation between two concepts (and its inverse). A fact with a ` +
    `literal value has no inverse; add it to the subject's \`relations\` by hand.`
  );
}

/**
 * The predicate to assert back on the object: `flag` when given (it must agree with a declaration in okf-wiki.json),
 * else the one declared inverse; a message when there is none or several (for a UI to ask, or to show).
 */
export function resolveInverse(
  predicate: string,
  flag: string | undefined,
  config: BundleConfig,
): { predicate: string } | { message: string } {
  return chooseInverse(predicate.trim(), flag?.trim() || undefined, config);
}

function chooseInverse(
  predicate: string,
  flag: string | undefined,
  config: BundleConfig,
): { predicate: string } | { message: string } {
  const declared = [...(inverseMap(config.inverses).get(predicate) ?? [])].sort();
  if (flag) {
    if (declared.length > 0 && !declared.includes(flag)) {
      return {
        message:
          `okf-wiki.json declares the inverse of \`${predicate}\` as ` +
          `\`${declared.join('` or `')}\`, not \`${flag}\`; lint would report ` +
          `the relation as asymmetric. Drop --inverse, or change the declaration.`,
      };
    }
    return { predicate: flag };
  }
  if (declared.length === 1) return { predicate: declared[0] };
  if (declared.length > 1)
    return {
      message:
        `okf-wiki.json declares several inverses of \`${predicate}\` ` +
        `(\`${declared.join('`, `')}\`); choose one with --inverse.`,
    };
  return {
    message:
      `no inverse is declared for \`${predicate}\`: pass --inverse PREDICATE ` +
      `(e.g. --inverse ${suggestInverse(predicate)}), or declare the pair in ` +
      `okf-wiki.json as "inverses": [["${predicate}", ` +
      `"${suggestInverse(predicate)}"]].`,
  };
}

/** A guess shown in the refusal message only, never used on its own. */
function suggestInverse(predicate: string): string {
  return predicate.endsWith('_by') ? predicate.slice(0, -3) : `${predicate}_by`;
}

/** A refusal message for a malformed request, or undefined. */
function checkRequest(request: RelateRequest): string | undefined {
  const predicate = request.predicate.trim();
  if (predicate === '') return 'the predicate is empty; name it, e.g. `founded`';
  for (const [what, value] of [
    ['predicate', predicate],
    ['inverse', request.inverse?.trim()],
    ['source', request.source?.trim()],
  ] as const) {
    if (value !== undefined && /[\n\r\t]/.test(value)) return `the ${what} "${value}" holds a line break or tab`;
    // ESC, BEL and the like reached the summary line (the terminal) raw and the file as escapes (QA2 F13).
    if (value !== undefined && hasControlCharacters(value))
      return `the ${what} ${escapeControls(JSON.stringify(value))} holds control characters; remove them`;
  }
  if (request.inverse !== undefined && request.inverse.trim() === '') return 'the inverse predicate is empty';
  if (request.by !== undefined) {
    const actor = actorProblem(request.by);
    if (actor !== undefined) return actor;
  }
  const date = request.date?.trim();
  if (date !== undefined && !isIsoDate(date))
    return `date "${request.date}" is not an ISO 8601 date such as 2021-01-26`;
  return undefined;
}

interface NewRelation {
  readonly predicate: string;
  readonly object: string;
  readonly date?: string;
  readonly source?: string;
}

/** True when the concept already holds the relation: same predicate and object, and no conflicting date. */
function holds(concept: Concept, relation: NewRelation): boolean {
  return concept.relations.some(
    (r: Relation) =>
      r.predicate === relation.predicate &&
      r.objectPath === relation.object &&
      (relation.date === undefined || r.date === undefined || r.date === relation.date),
  );
}

/** The relation entry in spec order: predicate, object, date, source. */
function relationEdit(relation: NewRelation): FrontmatterEdit {
  const item: [string, string][] = [
    ['predicate', relation.predicate],
    ['object', conceptRefText(relation.object)],
  ];
  if (relation.date) item.push(['date', relation.date]);
  if (relation.source) item.push(['source', relation.source]);
  return { kind: 'append', key: 'relations', item, newListStyle: 'block' };
}

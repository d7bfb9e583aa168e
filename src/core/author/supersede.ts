// supersede (spec §7.7): marks OLD as replaced by NEW — `status: superseded`, `superseded_by`, `superseded_at` on
// OLD, OLD appended to NEW's `supersedes` — in one step, both edits computed before either is written. Refuses
// a second successor (a concept has at most one `superseded_by`) and any edit that would close a loop.
import { compareDates, isIsoDate } from '../okf/dates';
import { conceptRefText } from '../okf/paths';
import { readConcept } from '../okf/read-concept';
import { systemClock, todayOf, type BundleSource } from '../types';
import { listing, loadConcept, readingNotes, type LoadedConcept, type Listing } from './concept-files';
import { actorProblem } from './actor';
import { editFrontmatter, type FrontmatterEdit } from './frontmatter-edit';
import { refused, type AuthorPlan, type FileChange } from './types';
import { unifiedDiff } from './unified-diff';

/** What to supersede. Paths as a person writes them (`entities/x`, `/entities/x.md`). */
export interface SupersedeRequest {
  readonly old: string;
  readonly new: string;
  /** ISO 8601 date OLD stopped being current. Optional: readers fall back to NEW's `generated.at` (spec §7.7). */
  readonly at?: string;
  /** Who makes the change (`human:alice`, `agent:claude`); refused when empty or not one plain line. */
  readonly by?: string;
  /** Today (`YYYY-MM-DD`, `--today`); an `at` after it is refused. Defaults to the system clock's date. */
  readonly today?: string;
}

/** The successor chain is followed at most this far; a longer chain is treated as a loop (spec §7.7 bounds it too). */
const MAX_CHAIN = 64;

/** A chain page's supersession fields; undefined for a file that is not a readable concept. */
export type ChainLookup = (path: string) => Promise<{ supersededBy?: string; supersededAt?: string } | undefined>;

/** Plans `supersede`, reading OLD, NEW and NEW's successor chain from the bundle. */
export async function planSupersede(source: BundleSource, request: SupersedeRequest): Promise<AuthorPlan> {
  const at = request.at?.trim();
  if (at !== undefined && !isIsoDate(at))
    return refused('supersede', `--at "${request.at}" is not an ISO 8601 date such as 1993-01-20`);
  const actor = request.by === undefined ? undefined : actorProblem(request.by);
  if (actor !== undefined) return refused('supersede', actor);
  const files = await listing(source);
  const old = await loadConcept(source, files, request.old, 'old concept');
  if (typeof old === 'string') return refused('supersede', old);
  const successor = await loadConcept(source, files, request.new, 'new concept');
  if (typeof successor === 'string') return refused('supersede', successor);
  return planSupersedeLoaded(old, successor, { ...request, at }, bundleChain(source, files));
}

/** Reads chain pages from the bundle's files (a file that cannot be read ends the chain). */
export function bundleChain(source: BundleSource, files: Listing): ChainLookup {
  return async (path) => {
    if (!files.has(path)) return undefined;
    try {
      const read = readConcept(path, await source.read(path));
      return read.kind === 'concept' ? read.concept : undefined;
    } catch {
      return undefined;
    }
  };
}

/** Plans `supersede` over two concepts already read; `chain` reads OLD's predecessors and the pages beyond NEW. */
export async function planSupersedeLoaded(
  old: LoadedConcept,
  successor: LoadedConcept,
  request: SupersedeRequest,
  chain: ChainLookup,
): Promise<AuthorPlan> {
  const at = request.at?.trim();
  if (at !== undefined && !isIsoDate(at))
    return refused('supersede', `--at "${request.at}" is not an ISO 8601 date such as 1993-01-20`);
  if (old.path === successor.path) return refused('supersede', `a concept cannot supersede itself (${old.path})`);
  const current = old.concept.supersededBy;
  if (current !== undefined && current !== successor.path) {
    return refused(
      'supersede',
      `${old.path} is already superseded by ${current}; a concept has at ` +
        `most one \`superseded_by\` (spec §7.7). Supersede ${current} instead, ` +
        `or fix ${old.path} by hand.`,
    );
  }
  const loop = await findLoop(old.path, successor.path, async (p) => (await chain(p))?.supersededBy);
  if (loop !== undefined) return refused('supersede', `this would create a supersession cycle (${loop.join(' → ')}).`);
  if (at !== undefined) {
    const wrongDate = await dateProblem(old, successor, at, request.today ?? todayOf(systemClock), chain);
    if (wrongDate !== undefined) return refused('supersede', wrongDate);
  }

  const notes = readingNotes(old, successor);
  const oldEdits: FrontmatterEdit[] = [];
  if (old.concept.status !== 'superseded') {
    if (old.concept.status !== undefined)
      notes.push(`${old.path}: \`status: ${old.concept.status}\` becomes \`superseded\`.`);
    oldEdits.push({ kind: 'set', key: 'status', value: 'superseded' });
  }
  if (current === undefined)
    oldEdits.push({ kind: 'set', key: 'superseded_by', value: conceptRefText(successor.path) });
  if (at !== undefined && old.concept.supersededAt !== at) {
    if (old.concept.supersededAt !== undefined)
      notes.push(`${old.path}: \`superseded_at\` changes from ${old.concept.supersededAt} to ${at}.`);
    oldEdits.push({ kind: 'set', key: 'superseded_at', value: at });
  }
  const newEdits: FrontmatterEdit[] = successor.concept.supersedes.includes(old.path)
    ? []
    : [{ kind: 'append', key: 'supersedes', item: conceptRefText(old.path), newListStyle: 'flow' }];
  if (successor.concept.status === 'superseded')
    notes.push(`${successor.path} is itself superseded; retrieval resolves to the end of the chain.`);

  const when = at ? ` as of ${at}` : '';
  if (oldEdits.length === 0 && newEdits.length === 0) {
    return {
      kind: 'unchanged',
      operation: 'supersede',
      summary: `Already recorded: ${old.path} superseded by ${successor.path}${when}.`,
      notes,
    };
  }
  const changes: FileChange[] = [];
  for (const [file, edits] of [
    [old, oldEdits],
    [successor, newEdits],
  ] as const) {
    if (edits.length === 0) continue;
    const outcome = editFrontmatter(file.path, file.text, edits);
    if (outcome.kind === 'refused') return refused('supersede', `nothing was changed: ${outcome.message}`);
    changes.push({
      path: file.path,
      before: file.text,
      after: outcome.text,
      diff: unifiedDiff(file.path, file.text, outcome.text),
    });
  }
  return {
    kind: 'change',
    operation: 'supersede',
    summary: `Superseded ${old.path} by ${successor.path}${when}.`,
    changes,
    notes,
  };
}

/**
 * Why `at` cannot be the date OLD stopped being current (QA3 Q14), or undefined: a date after today (OLD is still
 * current; retrieval would send every question to NEW now), or one that runs the chain backwards: before the date a
 * predecessor of OLD was superseded (OLD was not yet current) or after NEW's own `superseded_at`.
 */
async function dateProblem(
  old: LoadedConcept,
  successor: LoadedConcept,
  at: string,
  today: string,
  chain: ChainLookup,
): Promise<string | undefined> {
  if (compareDates(at, today) > 0)
    return `--at ${at} is after today (${today}): ${old.path} is still current until then; supersede it on that day.`;
  for (const earlier of old.concept.supersedes) {
    const since = (await chain(earlier))?.supersededAt;
    if (since !== undefined && compareDates(at, since) < 0)
      return (
        `--at ${at} is before ${earlier} was superseded by ${old.path} (${since}): ` +
        `the chain's dates would run backwards. Correct one of the dates.`
      );
  }
  const until = successor.concept.supersededAt;
  if (until !== undefined && compareDates(at, until) > 0)
    return (
      `--at ${at} is after ${successor.path} was itself superseded (${until}): ` +
      `the chain's dates would run backwards. Correct one of the dates.`
    );
  return undefined;
}

/** The loop `old → new → … → old` that `old.superseded_by = new` would close, or undefined. */
async function findLoop(
  oldPath: string,
  newPath: string,
  successorOf: (path: string) => Promise<string | undefined>,
): Promise<string[] | undefined> {
  const chain = [oldPath, newPath];
  const seen = new Set(chain);
  let at: string | undefined = newPath;
  for (let hop = 0; hop < MAX_CHAIN && at !== undefined; hop++) {
    const next: string | undefined = await successorOf(at);
    if (next === undefined) return undefined;
    chain.push(next);
    if (next === oldPath) return chain;
    // A loop that does not pass through OLD already exists; this edit does not create it, lint reports it.
    if (seen.has(next)) return undefined;
    seen.add(next);
    at = next;
  }
  return at === undefined ? undefined : [...chain, '…'];
}

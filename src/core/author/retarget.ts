// Pointers that follow a moved concept (QA3 Q7): a relation's `object`, `superseded_by` and `supersedes` name a page
// by its path, as plain strings no link updater touches, so renaming a page leaves every one of them pointing at
// nothing. Here they are found (read as the reader reads them: resolveConceptRef) and rewritten to the new path, each
// value replaced in place like frontmatter-edit.ts replaces one (quotes kept, every other byte of the file as it was),
// the frontmatter re-parsed to be exactly the old one with those values changed. Nothing else is edited.
import { isMap, isScalar, isSeq, parseDocument, Scalar, type Document } from 'yaml';
import { conceptRefText, resolveConceptRef } from '../okf/paths';
import type { BundleSource } from '../types';
import { isRegionProblem, locateFrontmatter } from './frontmatter-region';
import type { AuthorPlan, FileChange } from './types';
import { unifiedDiff } from './unified-diff';
import { renderScalar, stringScalar } from './yaml-render';

/** Old bundle path → new bundle path of each moved concept. */
export type Moves = ReadonlyMap<string, string>;

/** The scalars of the frontmatter naming a moved concept, with their new path. */
function pointers(doc: Document, moves: Moves): { node: Scalar; to: string }[] {
  const found: { node: Scalar; to: string }[] = [];
  const consider = (node: unknown, pathsOnlyWithSlash: boolean) => {
    if (!isScalar(node) || typeof node.value !== 'string' || !node.range) return;
    if (node.type !== 'PLAIN' && node.type !== 'QUOTE_SINGLE' && node.type !== 'QUOTE_DOUBLE') return;
    const written = node.value.trim();
    if (pathsOnlyWithSlash && !written.startsWith('/')) return; // a literal object (read-concept.ts)
    const to = moves.get(resolveConceptRef(written) ?? '');
    if (to !== undefined) found.push({ node, to });
  };
  if (!isMap(doc.contents)) return found;
  const relations = doc.contents.get('relations', true);
  if (isSeq(relations)) for (const item of relations.items) if (isMap(item)) consider(item.get('object', true), true);
  consider(doc.contents.get('superseded_by', true), false);
  const supersedes = doc.contents.get('supersedes', true);
  if (isSeq(supersedes)) for (const item of supersedes.items) consider(item, false);
  else consider(supersedes, false);
  return found;
}

/** `text` with every pointer at a moved concept rewritten, and how many; null when its frontmatter is not readable. */
export function retargetText(text: string, moves: Moves): { readonly text: string; readonly count: number } | null {
  const region = locateFrontmatter(text);
  if (isRegionProblem(region)) return null;
  // Lone CRs read as LF, one character for one, so every offset holds in `text`.
  const yaml = text.slice(region.start, region.end).replace(/\r(?!\n)/g, '\n');
  const doc = parseDocument(yaml, { schema: 'core', uniqueKeys: false });
  if (doc.errors.length > 0) return null;
  const found = pointers(doc, moves).sort((a, b) => b.node.range![0] - a.node.range![0]);
  if (found.length === 0) return { text, count: 0 };
  let out = text;
  for (const { node, to } of found) {
    const [start, end] = node.range!;
    const written = renderScalar(stringScalar(conceptRefText(to), node));
    out = out.slice(0, region.start + start) + written + out.slice(region.start + end);
    node.value = conceptRefText(to);
  }
  // Exactly the old frontmatter with those values changed, or nothing is written.
  const after = locateFrontmatter(out);
  if (isRegionProblem(after)) return null;
  const reread = out.slice(after.start, after.end).replace(/\r(?!\n)/g, '\n');
  const reparsed = parseDocument(reread, { schema: 'core', uniqueKeys: false });
  if (reparsed.errors.length > 0 || JSON.stringify(reparsed.toJS()) !== JSON.stringify(doc.toJS())) return null;
  return { text: out, count: found.length };
}

/**
 * The plan rewriting every pointer at a moved concept in `candidates` (bundle paths of concept files; a shell may
 * narrow them down first, any file it names is read and checked here). Written as a `relate` edit (the log says
 * "Related"). `unreadable` lists files whose frontmatter could not be rewritten safely (left for a person).
 */
export async function planRetarget(
  source: BundleSource,
  candidates: readonly string[],
  moves: Moves,
): Promise<{ readonly plan: AuthorPlan; readonly pointers: number; readonly unreadable: readonly string[] }> {
  const changes: FileChange[] = [];
  const unreadable: string[] = [];
  let count = 0;
  for (const path of [...new Set(candidates)].sort()) {
    if (moves.has(path)) continue; // a moved file's own old path: it is no longer there
    const before = await source.read(path).catch(() => undefined);
    if (before === undefined) continue;
    const result = retargetText(before, moves);
    if (result === null) unreadable.push(path);
    else if (result.count > 0) {
      count += result.count;
      changes.push({ path, before, after: result.text, diff: unifiedDiff(path, before, result.text) });
    }
  }
  const targets = [...new Set(moves.values())].sort();
  const summary =
    `${count} ${count === 1 ? 'relation or supersession pointer' : 'relations and supersession pointers'} in ` +
    `${changes.length} ${changes.length === 1 ? 'note' : 'notes'} now name the moved ${targets.join(', ')}`;
  const notes = unreadable.map((p) => `${p}: its frontmatter could not be rewritten safely; left as it is`);
  const plan: AuthorPlan =
    changes.length === 0
      ? { kind: 'unchanged', operation: 'relate', summary: 'No relation points at the old paths.', notes }
      : { kind: 'change', operation: 'relate', summary, changes, notes };
  return { plan, pointers: count, unreadable };
}

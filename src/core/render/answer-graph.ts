// The answer as a graph (issue 16): the concepts and values a context_for() answer mentions as nodes, its facts
// as edges, each node in a column by its distance from the seeds. The Mermaid text and the sidebar drawing are
// both drawn from this one model, so they show the same picture. Pure: no ranking, no I/O.
import { resolveConceptRef } from '../okf/paths';
import type { ContextResult, Fact } from '../retrieval/types';
import type { TrustTier } from '../types';

/** What the graph knows about a concept beyond the facts: its title, staleness and successor. */
export interface ConceptNote {
  readonly title?: string;
  /** The concept's `stale_after`, when it is past. */
  readonly staleSince?: string;
  /** `superseded_by` as written, when the concept is superseded. */
  readonly supersededBy?: string;
  readonly supersededAt?: string;
}

/** Looks up a concept by bundle path; undefined when nothing more is known. */
export type ConceptNotes = (path: string) => ConceptNote | undefined;

/** A concept of the answer. `depth` is its column: 0 for seeds, then one more per hop from them. */
export interface ConceptNode {
  readonly kind: 'concept';
  readonly id: string;
  readonly path: string;
  readonly title: string;
  readonly depth: number;
  readonly seed: boolean;
  readonly staleSince?: string;
  readonly superseded: boolean;
}

/** A literal object of a fact ("1936", "Murray Hill, New Jersey"). */
export interface ValueNode {
  readonly kind: 'value';
  readonly id: string;
  readonly text: string;
  readonly depth: number;
}

/** Stands for the facts of one concept left out of a large answer ("+12 more"). */
export interface MoreNode {
  readonly kind: 'more';
  readonly id: string;
  readonly count: number;
  readonly depth: number;
  /** Path of the concept whose facts were collapsed. */
  readonly of: string;
}

export type GraphNode = ConceptNode | ValueNode | MoreNode;

/** A fact drawn from subject to object, with what the answer says about it. */
export interface FactEdge {
  readonly kind: 'fact';
  readonly from: string;
  readonly to: string;
  readonly predicate: string;
  readonly date?: string;
  readonly trust: TrustTier;
  readonly hop: number;
  /** The fact's subject is superseded (spec §7.7): drawn dashed. */
  readonly superseded: boolean;
  /** Index of the fact in `result.facts`, to highlight it in the fact list. */
  readonly fact: number;
}

/** A superseded concept linked to its successor (spec §7.7). */
export interface SuccessorEdge {
  readonly kind: 'successor';
  readonly from: string;
  readonly to: string;
  readonly at?: string;
}

/** A concept linked to the count of its collapsed facts. */
export interface MoreEdge {
  readonly kind: 'more';
  readonly from: string;
  readonly to: string;
}

export type GraphEdge = FactEdge | SuccessorEdge | MoreEdge;

export interface AnswerGraph {
  readonly nodes: readonly GraphNode[];
  readonly edges: readonly GraphEdge[];
  /** Facts of the answer not drawn as edges (counted in the "more" nodes). */
  readonly collapsedFacts: number;
  /** For each fact not drawn (index in `result.facts`), the id of the "more" node that counts it. */
  readonly collapsedInto: ReadonlyMap<number, string>;
}

/** Above this many facts, each concept keeps only its best facts and a count of the rest. */
export const MAX_GRAPH_FACTS = 40;

/** Options of answerGraph(). */
export interface AnswerGraphOptions {
  /** Titles, staleness and successors of concepts (the index's catalog, or the sidebar's markers). */
  readonly notes?: ConceptNotes;
  /** Facts drawn at most before collapsing per concept (default MAX_GRAPH_FACTS). */
  readonly maxFacts?: number;
}

/** Builds the graph of a confident answer; deterministic (same result → same nodes, ids and edges). */
export function answerGraph(result: ContextResult, options: AnswerGraphOptions = {}): AnswerGraph {
  const notes = options.notes ?? (() => undefined);
  const kept = keptFacts(result.facts, new Set(result.seeds.map((s) => s.path)), options.maxFacts ?? MAX_GRAPH_FACTS);

  const concepts = new Map<string, { title: string; depth: number; seed: boolean }>();
  const see = (path: string, title: string, depth: number, seed = false) => {
    const known = concepts.get(path);
    if (!known) concepts.set(path, { title, depth, seed });
    else if (depth < known.depth) known.depth = depth;
  };
  for (const s of result.seeds) see(s.path, s.title, 0, true);
  for (const { fact } of kept.facts) {
    see(fact.subject, fact.subjectTitle, fact.hop);
    if (fact.objectPath) see(fact.objectPath, fact.objectTitle ?? fact.object, fact.hop + 1);
  }

  // spec §7.7: a superseded concept is linked to its successor, drawn too when the answer does not mention it.
  const successors: { from: string; to: string; at?: string }[] = [];
  const supersededPaths = new Set<string>();
  for (const path of [...concepts.keys()]) {
    const fact = kept.facts.find((k) => k.fact.subject === path && k.fact.superseded)?.fact;
    const note = notes(path);
    const by = fact?.superseded?.by ?? note?.supersededBy;
    if (!fact?.superseded && note?.supersededBy === undefined) continue;
    supersededPaths.add(path);
    const to = by !== undefined ? resolveConceptRef(by) : null;
    if (to === null || to === path) continue;
    const at = fact?.superseded?.at ?? note?.supersededAt;
    if (!concepts.has(to)) see(to, notes(to)?.title ?? titleFromPath(to), concepts.get(path)!.depth);
    successors.push({ from: path, to, ...(at !== undefined ? { at } : {}) });
  }

  const ids = new Map<string, string>();
  const nodes: GraphNode[] = [];
  for (const [path, c] of concepts) {
    const id = `n${ids.size}`;
    ids.set(path, id);
    const stale = notes(path)?.staleSince;
    nodes.push({
      kind: 'concept',
      id,
      path,
      title: c.title,
      depth: c.depth,
      seed: c.seed,
      superseded: supersededPaths.has(path),
      ...(stale !== undefined ? { staleSince: stale } : {}),
    });
  }

  const edges: GraphEdge[] = [];
  let values = 0;
  for (const { fact, index } of kept.facts) {
    let to = fact.objectPath ? ids.get(fact.objectPath) : undefined;
    if (to === undefined) {
      to = `v${values++}`;
      nodes.push({ kind: 'value', id: to, text: fact.object, depth: concepts.get(fact.subject)!.depth + 1 });
    }
    edges.push({
      kind: 'fact',
      from: ids.get(fact.subject)!,
      to,
      predicate: fact.predicate,
      ...(fact.date !== undefined ? { date: fact.date } : {}),
      trust: fact.trust,
      hop: fact.hop,
      superseded: fact.superseded !== undefined,
      fact: index,
    });
  }
  for (const s of successors)
    edges.push({
      kind: 'successor',
      from: ids.get(s.from)!,
      to: ids.get(s.to)!,
      ...(s.at !== undefined ? { at: s.at } : {}),
    });
  const moreIds = new Map<string, string>();
  kept.collapsed.forEach((count, path) => {
    const id = `m${moreIds.size}`;
    moreIds.set(path, id);
    nodes.push({ kind: 'more', id, count, depth: concepts.get(path)!.depth + 1, of: path });
    edges.push({ kind: 'more', from: ids.get(path)!, to: id });
  });
  const collapsedInto = new Map([...kept.owners].map(([fact, path]) => [fact, moreIds.get(path)!]));
  return { nodes, edges, collapsedFacts: result.facts.length - kept.facts.length, collapsedInto };
}

/**
 * The facts to draw: all of them up to `max`. Beyond, the best K of each subject concept (result order is best
 * first), K the largest that keeps the total within `max` (at least 1); a fact whose subject is then no longer
 * drawn (not a seed, not the object of a drawn fact) is left out too. Each concept counts the facts hidden
 * behind it: its own, plus those of neighbours reached only through its hidden facts.
 */
function keptFacts(
  facts: readonly Fact[],
  seeds: ReadonlySet<string>,
  max: number,
): { facts: { fact: Fact; index: number }[]; collapsed: Map<string, number>; owners: Map<number, string> } {
  const all = facts.map((fact, index) => ({ fact, index }));
  if (facts.length <= max) return { facts: all, collapsed: new Map(), owners: new Map() };
  const perSubject = new Map<string, number>();
  for (const f of facts) perSubject.set(f.subject, (perSubject.get(f.subject) ?? 0) + 1);
  const pick = (k: number) => {
    const taken = new Map<string, number>();
    const reached = new Set(seeds);
    const kept: { fact: Fact; index: number }[] = [];
    // Hop order, so a subject is reached (or not) before its own facts are considered.
    for (const item of [...all].sort((a, b) => a.fact.hop - b.fact.hop || a.index - b.index)) {
      const n = taken.get(item.fact.subject) ?? 0;
      if (n >= k || !reached.has(item.fact.subject)) continue;
      kept.push(item);
      taken.set(item.fact.subject, n + 1);
      if (item.fact.objectPath) reached.add(item.fact.objectPath);
    }
    return kept.sort((a, b) => a.index - b.index);
  };
  let k = Math.max(...perSubject.values());
  let kept = pick(k);
  while (k > 1 && kept.length > max) kept = pick(--k);
  const drawn = new Set(kept.map((x) => x.index));
  const drawnConcepts = new Set(seeds);
  for (const { fact } of kept) {
    drawnConcepts.add(fact.subject);
    if (fact.objectPath) drawnConcepts.add(fact.objectPath);
  }
  const collapsed = new Map<string, number>();
  const owners = new Map<number, string>();
  for (const { fact, index } of all) {
    if (drawn.has(index)) continue;
    // A hidden subject's facts count at the drawn concept whose hidden fact led to it.
    const owner = drawnConcepts.has(fact.subject)
      ? fact.subject
      : (facts.find((f) => f.objectPath === fact.subject && drawnConcepts.has(f.subject))?.subject ?? [...seeds][0]);
    collapsed.set(owner, (collapsed.get(owner) ?? 0) + 1);
    owners.set(index, owner);
  }
  return { facts: kept, collapsed, owners };
}

/** A readable name from a path when no title is known: `/entities/nokia-bell-labs.md` → `nokia-bell-labs`. */
function titleFromPath(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1).replace(/\.md$/i, '');
}

// The order of facts when a question has several seeds (QA2 F25). "What is the connection between Alan Turing and
// Alonzo Church?" is answered by the fact that names both; ranked by score alone it came 5th, behind Turing's
// dated facts, and Church's own facts came after those of Kurt Gödel, Turing's neighbour, so --budget 200 cut the
// answer and never described the second concept asked about. No weight is added: the order is by what a fact
// links, then by score (spec §6.3) within each rank.
import type { Fact } from './types';

/**
 * Whether a fact's score was weighed down as no longer current (spec §7.7: superseded; OKF §5.4: deprecated):
 * such a fact is deprioritized, so the seeds' links never lift it.
 */
function weighedDown(fact: Fact, historical: boolean): boolean {
  return !historical && (fact.superseded !== undefined || fact.deprecated === true);
}

/**
 * With two seeds or more, `facts` (sorted by compareFacts) in three ranks, each kept in that order:
 * 1. the links between seeds: a fact whose subject and object are both seeds, then the two-hop paths between two
 *    seeds, each path's facts together (a concept that is not a seed but is the subject or object of a fact with
 *    each of two seeds, such as the creator Unix and Go share; paths in the order of their best fact);
 * 2. each seed's own facts (hop 0);
 * 3. the rest: facts of the seeds' neighbours.
 * A fact weighed down as superseded or deprecated neither links seeds nor moves up a rank. With one seed the
 * order is the score's, unchanged: its own facts and its neighbours' are weighed against each other by spec §6.3's
 * hop decay (a WHY question's causal chain runs through a neighbour).
 */
export function orderForSeeds(facts: readonly Fact[], seeds: readonly string[], historical: boolean): Fact[] {
  const seedSet = new Set(seeds);
  if (seedSet.size < 2) return [...facts];
  const current = facts.filter((f) => !weighedDown(f, historical));
  // The seeds each concept that is not a seed touches through a current fact.
  const touched = new Map<string, Set<string>>();
  const touch = (concept: string, seed: string) => {
    if (seedSet.has(concept)) return;
    touched.set(concept, (touched.get(concept) ?? new Set()).add(seed));
  };
  for (const f of current) {
    if (f.objectPath === undefined) continue;
    if (seedSet.has(f.subject)) touch(f.objectPath, f.subject);
    if (seedSet.has(f.objectPath)) touch(f.subject, f.objectPath);
  }
  const viaOf = (f: Fact): string | undefined => {
    if (f.objectPath === undefined || weighedDown(f, historical)) return undefined;
    const other = seedSet.has(f.subject) ? f.objectPath : seedSet.has(f.objectPath) ? f.subject : undefined;
    return other !== undefined && (touched.get(other)?.size ?? 0) >= 2 ? other : undefined;
  };
  const direct = current.filter(
    (f) =>
      f.objectPath !== undefined && seedSet.has(f.subject) && f.subject !== f.objectPath && seedSet.has(f.objectPath),
  );
  const paths = new Map<string, Fact[]>();
  for (const f of current) {
    const via = viaOf(f);
    if (via !== undefined) paths.set(via, [...(paths.get(via) ?? []), f]);
  }
  const linking = new Set<Fact>([...direct, ...[...paths.values()].flat()]);
  const own = facts.filter((f) => !linking.has(f) && f.hop === 0 && !weighedDown(f, historical));
  const ownSet = new Set(own);
  const rest = facts.filter((f) => !linking.has(f) && !ownSet.has(f));
  return [...direct, ...[...paths.values()].flat(), ...own, ...rest];
}

// Bounded graph expansion (spec §6.3, §6.4, §7.7): BFS over the indexed `edges` table from the seeds, every
// traversed relation scored predicate_weight × hop_decay^hop × trust × (0.15 when its subject is superseded).
// Facts of concepts past their stale_after date are dropped, not down-ranked.
import { isPast } from '../okf/dates';
import type { WikiIndex } from '../index/wiki-index';
import { factLine } from '../render/context-text';
import { isDeprecated, isSuperseded, type Catalog } from './catalog';
import { compareBinary } from './binary-order';
import { supersessionDate } from './era';
import { predicateWords } from './predicate-words';
import { orderForSeeds } from './seed-links';
import { namesPlace, predicateWeight, SCORING } from './weights';
import type { Fact, Intent } from './types';

/** Concepts expanded per hop at most, so a hub with thousands of neighbours stays bounded. */
export const MAX_FRONTIER = 64;

export interface ExpandOptions {
  readonly intent: Intent;
  readonly hops: number;
  readonly hopDecay: number;
  /** ISO now, for stale_after. */
  readonly now: string;
  /** The question's content words: a fact whose predicate names one of them is what was asked. */
  readonly questionWords?: readonly string[];
  /** The question asks "where": a fact whose predicate names where its subject is, is what was asked. */
  readonly asksPlace?: boolean;
}

/**
 * Every fact reachable within the hop limit, scored, best first (score, then trust, then hop, then path); with
 * several seeds, the facts linking them and then the seeds' own facts come first (orderForSeeds).
 */
export function expandFacts(
  index: WikiIndex,
  catalog: Catalog,
  seeds: readonly string[],
  options: ExpandOptions,
): Fact[] {
  const historical = options.intent === 'HISTORICAL';
  const visited = new Set<string>(seeds);
  const seedSet = new Set<string>(seeds);
  let frontier = [...seeds];
  const facts: Fact[] = [];
  for (let hop = 0; hop < options.hops && frontier.length > 0; hop++) {
    const rows = index.edgesFrom(frontier);
    const next = new Map<string, number>();
    for (const row of rows) {
      const subject = catalog.concepts.get(row.subject_path);
      if (!subject) continue;
      // spec §6.4: a stale concept's own facts are dropped, but the graph still runs through it, so a fresh
      // neighbour's fact about it ("Oak Ridge operates Frontier") can still answer the question.
      if (subject.staleAfter !== undefined && isPast(subject.staleAfter, options.now)) {
        if (row.object_path !== null && catalog.concepts.has(row.object_path) && !visited.has(row.object_path)) {
          next.set(row.object_path, Math.max(next.get(row.object_path) ?? 0, 0));
        }
        continue;
      }
      const superseded = isSuperseded(subject);
      // A deprecated page is no longer current either, but has no successor to name (QA review 2, F18).
      const deprecated = isDeprecated(subject);
      const score =
        predicateWeight(options.intent, row.predicate, row.date !== null) *
        // Only facts about a seed: the question asks about the seed, not its neighbours' other relations.
        (hop === 0 || (row.object_path !== null && seedSet.has(row.object_path))
          ? askedFor(row.predicate, options.questionWords ?? [], options.asksPlace)
          : 1) *
        Math.pow(options.hopDecay, hop) *
        SCORING.trust[subject.trust] *
        ((superseded || deprecated) && !historical ? SCORING.supersededMultiplier : 1);
      const objectInfo = row.object_path !== null ? catalog.concepts.get(row.object_path) : undefined;
      const object = row.object_path ?? row.object_literal ?? '';
      const supersededMark = superseded
        ? {
            ...(subject.supersededBy ? { by: subject.supersededBy } : {}),
            ...(supersessionDate(catalog, subject) !== undefined ? { at: supersessionDate(catalog, subject) } : {}),
          }
        : undefined;
      const fact: Omit<Fact, 'line'> = {
        subject: row.subject_path,
        subjectTitle: subject.title,
        predicate: row.predicate,
        object,
        ...(row.object_path !== null ? { objectPath: row.object_path } : {}),
        ...(objectInfo ? { objectTitle: objectInfo.title } : {}),
        ...(row.date !== null ? { date: row.date } : {}),
        trust: subject.trust,
        ...(row.source_id !== null ? { source: row.source_id } : {}),
        score: Math.round(score * 1e6) / 1e6,
        hop,
        ...(supersededMark ? { superseded: supersededMark } : {}),
        ...(deprecated ? { deprecated: true as const } : {}),
      };
      facts.push({ ...fact, line: factLine(fact) });
      if (row.object_path !== null && objectInfo && !visited.has(row.object_path)) {
        next.set(row.object_path, Math.max(next.get(row.object_path) ?? 0, score));
      }
    }
    frontier = [...next.entries()]
      .sort(([pa, a], [pb, b]) => b - a || compareBinary(pa, pb))
      .slice(0, MAX_FRONTIER)
      .map(([p]) => p);
    frontier.forEach((p) => visited.add(p));
  }
  // With several seeds, the facts that link them first, then each seed's own (seed-links.ts).
  return orderForSeeds(facts.sort(compareFacts), seeds, historical);
}

/** Lift for a fact whose predicate names what the question asks ("Who designed X?" → `designed_by`). */
export const ASKED_PREDICATE_BOOST = 1.5;

/**
 * ASKED_PREDICATE_BOOST when a word of the predicate (split on `_`, `-` and camelCase) shares its first five
 * letters with a content word of the question (whole word when shorter): "designed" ~ `designed_by`,
 * "founder" ~ `founded`; or when the question asks "where" and the predicate names where its subject is
 * (`located_in`: "where" is a stopword, no content word names it); otherwise 1. An addition to spec §6.3's
 * predicate_weight, which is intent-wide.
 */
export function askedFor(predicate: string, questionWords: readonly string[], asksPlace = false): number {
  if (asksPlace && namesPlace(predicate)) return ASKED_PREDICATE_BOOST;
  if (questionWords.length === 0) return 1;
  const parts = predicateWords(predicate).filter((w) => w.length >= 3);
  const stem = (w: string) => (w.length >= 5 ? w.slice(0, 5) : w);
  const asked = new Set(questionWords.filter((w) => w.length >= 3).map(stem));
  return parts.some((p) => asked.has(stem(p))) ? ASKED_PREDICATE_BOOST : 1;
}

const TRUST_RANK = { 'human-reviewed': 0, 'machine-confirmed': 1, unverified: 2 } as const;

/**
 * spec §6.4: by score, then trust tier (human-reviewed first at equal score), then nearer hops, then subject, predicate
 * and object in code point order (binary-order.ts), as BM25's and the vector signal's ties are broken.
 */
export function compareFacts(a: Fact, b: Fact): number {
  return (
    b.score - a.score ||
    TRUST_RANK[a.trust] - TRUST_RANK[b.trust] ||
    a.hop - b.hop ||
    compareBinary(a.subject, b.subject) ||
    compareBinary(a.predicate, b.predicate) ||
    compareBinary(a.object, b.object)
  );
}

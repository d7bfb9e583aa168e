// A question set in a past year, decade or century ("Who owned Bell Labs in 1990?") is about the page of the era
// that covers that time: among the pages of a supersession chain (spec §7.7), the one whose time holds it.
import { datePart } from '../okf/dates';
import type { Catalog, ConceptInfo } from './catalog';
import { compareBinary } from './binary-order';
import type { Period } from './intent';
import type { Seed } from './types';

/**
 * Pages of one chain looked at, at most: a bound on the work per seed (each page is visited once, so a cycle ends
 * the walk anyway). A policy re-issued yearly for decades still fits.
 */
const MAX_CHAIN_PAGES = 256;

/** spec §7.7: `superseded_at`, defaulting to the successor's `generated.at`. */
export function supersessionDate(catalog: Catalog, info: ConceptInfo): string | undefined {
  if (info.supersededAt !== undefined) return info.supersededAt;
  const successorAt =
    info.supersededBy !== undefined ? catalog.concepts.get(info.supersededBy)?.generatedAt : undefined;
  return successorAt !== undefined ? datePart(successorAt) : undefined;
}

/**
 * The time a page of a chain held: from the date the page it replaced was superseded, to its own such date. Undefined
 * when a date it needs is missing (a superseded page without `superseded_at` or a successor's `generated.at`).
 */
interface Era {
  /** Undefined: from the start of the chain (it replaced no page). */
  readonly from?: string;
  /** Undefined: still current. */
  readonly until?: string;
}

const predecessorsCache = new WeakMap<Catalog, Map<string, string[]>>();

/** For each concept, the superseded concepts whose `superseded_by` names it (per catalog, built once, path order). */
function predecessors(catalog: Catalog): Map<string, string[]> {
  let before = predecessorsCache.get(catalog);
  if (!before) {
    before = new Map();
    for (const info of catalog.concepts.values()) {
      if (info.status !== 'superseded' || info.supersededBy === undefined) continue;
      before.set(info.supersededBy, [...(before.get(info.supersededBy) ?? []), info.path]);
    }
    for (const list of before.values()) list.sort(compareBinary);
    predecessorsCache.set(catalog, before);
  }
  return before;
}

/** The pages of `start`'s supersession chain (back through `superseded_by` pointing at it, on through its own). */
function chainOf(catalog: Catalog, start: string): string[] {
  const before = predecessors(catalog);
  const seen = new Set([start]);
  let frontier = [start];
  while (frontier.length > 0 && seen.size < MAX_CHAIN_PAGES) {
    const next: string[] = [];
    for (const path of frontier) {
      const info = catalog.concepts.get(path);
      const after = info?.status === 'superseded' ? info.supersededBy : undefined;
      for (const near of [...(before.get(path) ?? []), ...(after !== undefined ? [after] : [])]) {
        if (seen.has(near) || !catalog.concepts.has(near) || seen.size >= MAX_CHAIN_PAGES) continue;
        seen.add(near);
        next.push(near);
      }
    }
    frontier = next;
  }
  return [...seen];
}

function eraOf(catalog: Catalog, path: string): Era | undefined {
  const info = catalog.concepts.get(path)!;
  // The latest date a page it replaced was superseded on: a merge starts when its last predecessor ended.
  let from: string | undefined;
  for (const p of predecessors(catalog).get(path) ?? []) {
    const at = supersessionDate(catalog, catalog.concepts.get(p)!);
    if (at === undefined) return undefined;
    if (from === undefined || at > from) from = at;
  }
  if (info.status !== 'superseded') return from !== undefined ? { from } : {};
  const until = supersessionDate(catalog, info);
  if (until === undefined) return undefined;
  return from !== undefined ? { from, until } : { until };
}

/** Days of `period` inside `era` (0 when none): dates compared as ISO calendar dates, a year from Jan 1 to Dec 31. */
function overlapDays(era: Era, periods: readonly Period[]): number {
  let days = 0;
  for (const period of periods) {
    const first = `${String(period.first).padStart(4, '0')}-01-01`;
    const afterLast = `${String(period.last + 1).padStart(4, '0')}-01-01`;
    const start = era.from !== undefined && padDate(era.from) > first ? padDate(era.from) : first;
    const end = era.until !== undefined && padDate(era.until) < afterLast ? padDate(era.until) : afterLast;
    if (start < end) days += (Date.parse(end) - Date.parse(start)) / 86_400_000;
  }
  return days;
}

/** A partial date (`1996`, `1996-09`) from its first day. */
function padDate(date: string): string {
  const d = datePart(date);
  return d.length === 4 ? `${d}-01-01` : d.length === 7 ? `${d}-01` : d;
}

/**
 * The seeds of a question set in `periods`, each page of a supersession chain replaced by the chain's page whose era
 * holds most of that time (the first in path order on a tie), when its own era holds none of it (`eraInsteadOf` names
 * the page it replaced). Pages outside any chain, and chains whose dates say nothing about the time, are left as they
 * are; a page reached twice seeds once, where it first came.
 */
export function seedsForPeriods(catalog: Catalog, seeds: readonly Seed[], periods: readonly Period[]): Seed[] {
  if (periods.length === 0) return [...seeds];
  const out: Seed[] = [];
  const taken = new Set<string>();
  for (const seed of seeds) {
    const chosen = eraPage(catalog, seed.path, periods);
    if (taken.has(chosen)) continue;
    taken.add(chosen);
    if (chosen === seed.path) out.push(seed);
    else {
      const info = catalog.concepts.get(chosen)!;
      const { resolvedFrom: _resolvedFrom, ...rest } = seed;
      out.push({ ...rest, path: chosen, title: info.title, type: info.type, eraInsteadOf: seed.path });
    }
  }
  return out;
}

/** The page of `path`'s chain for `periods`: `path` itself unless its era holds none of them and another's does. */
function eraPage(catalog: Catalog, path: string, periods: readonly Period[]): string {
  const chain = chainOf(catalog, path);
  if (chain.length < 2) return path;
  const own = eraOf(catalog, path);
  // A page whose own era is not known may hold that time: it is not replaced.
  if (own === undefined || overlapDays(own, periods) > 0) return path;
  let best = path;
  let bestDays = 0;
  for (const page of chain.sort(compareBinary)) {
    const era = eraOf(catalog, page);
    const days = era === undefined ? 0 : overlapDays(era, periods);
    if (days > bestDays) {
      best = page;
      bestDays = days;
    }
  }
  return best;
}

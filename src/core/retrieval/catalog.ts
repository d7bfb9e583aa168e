// What retrieval keeps in memory per index generation: folded titles for the exact-title signal and the
// supersession map. Rebuilt only when the index changes, so a query never rescans every title from SQLite.
import type { WikiIndex } from '../index/wiki-index';
import { titleEntries, type TitleEntry } from './title-match';
import { prepareTypoIndex } from './typo-titles';

/** Per-concept facts retrieval needs at every step. */
export interface ConceptInfo {
  readonly path: string;
  readonly title: string;
  readonly type: string;
  readonly trust: 'human-reviewed' | 'machine-confirmed' | 'unverified';
  readonly status?: string;
  readonly staleAfter?: string;
  readonly supersededBy?: string;
  readonly supersededAt?: string;
  readonly generatedAt?: string;
}

export interface Catalog {
  readonly generation: number;
  readonly titles: readonly TitleEntry[];
  readonly concepts: ReadonlyMap<string, ConceptInfo>;
}

const cache = new WeakMap<WikiIndex, Catalog>();

/** The catalog of an index, rebuilt when the index has changed since the last call. */
export function catalogOf(index: WikiIndex): Catalog {
  const cached = cache.get(index);
  if (cached && cached.generation === index.generation) return cached;
  const rows = index.conceptInfoRows();
  const concepts = new Map<string, ConceptInfo>();
  for (const r of rows) {
    // Fields set one by one, absent when null (the spread of a conditional object per field cost a cold question
    // ~10 ms at 10,000 concepts).
    const info: { -readonly [K in keyof ConceptInfo]: ConceptInfo[K] } = {
      path: r.path,
      title: r.title,
      type: r.type,
      trust: r.trust,
    };
    if (r.status !== null) info.status = r.status;
    if (r.stale_after !== null) info.staleAfter = r.stale_after;
    if (r.superseded_by !== null) info.supersededBy = r.superseded_by;
    if (r.superseded_at !== null) info.supersededAt = r.superseded_at;
    if (r.generated_at !== null) info.generatedAt = r.generated_at;
    concepts.set(r.path, info);
  }
  const titles = titleEntries(
    // Most concepts have no aliases: '[]' needs no JSON parse.
    rows.map((r) => ({
      path: r.path,
      title: r.title,
      aliases: r.aliases === '[]' ? [] : (JSON.parse(r.aliases) as string[]),
    })),
  );
  const catalog: Catalog = { generation: index.generation, titles, concepts };
  cache.set(index, catalog);
  return catalog;
}

/**
 * Builds now what the first question on this state of the index would build (the catalog, the typo index): a
 * long-lived process calls it after opening or applying changes, so no answer pays for it.
 */
export function prepareRetrieval(index: WikiIndex): void {
  prepareTypoIndex(catalogOf(index).titles);
  index.prepareBm25();
}

/**
 * True when a concept is deprecated (OKF §5.4: "kept for links and history; no longer current"): like a superseded
 * page with no successor, its facts are marked and weighed down, never dropped.
 */
export function isDeprecated(info: ConceptInfo | undefined): boolean {
  return info?.status === 'deprecated';
}

/** True when a concept is superseded (spec §7.7: `status` is what filtering keys off). */
export function isSuperseded(info: ConceptInfo | undefined): boolean {
  return info?.status === 'superseded';
}

/**
 * The end of a concept's supersession chain: the first non-superseded concept reached by following `superseded_by`,
 * however long the chain (a policy re-issued every year has as many editions as years). Null when the chain dangles
 * (no `superseded_by`, or one naming no concept) or cycles: each page is visited once, so an accidental cycle cannot
 * hang a query (spec §7.7).
 */
export function resolveSupersession(catalog: Catalog, path: string): string | null {
  const visited = new Set<string>();
  let current = path;
  for (;;) {
    const info = catalog.concepts.get(current);
    if (!info) return null;
    if (!isSuperseded(info)) return current;
    if (!info.supersededBy || visited.has(current)) return null;
    visited.add(current);
    current = info.supersededBy;
  }
}

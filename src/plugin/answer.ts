// What the query sidebar shows beside context_for()'s result: per concept, whether it is stale or superseded,
// so the markers come from the same index the answer came from.
import { isPast } from '../core/okf/dates';
import { resolveConceptRef } from '../core/okf/paths';
import type { WikiIndex } from '../core/index/wiki-index';
import { catalogOf } from '../core/retrieval/catalog';
import type { ContextResult } from '../core/retrieval/types';

export interface ConceptMarkers {
  /** The concept's stale_after date, when it is past. */
  readonly staleSince?: string;
  /** The successor, when the concept is superseded. */
  readonly supersededBy?: string;
  readonly supersededAt?: string;
}

/** An answer for the sidebar: the result, the markers of every concept it mentions, and successors' titles. */
export interface QueryAnswer {
  readonly result: ContextResult;
  readonly markers: ReadonlyMap<string, ConceptMarkers>;
  /** Title of each successor named by `superseded_by` (as written → title), so markers read as names. */
  readonly successorTitles: ReadonlyMap<string, string>;
}

/** Titles of the successors that markers and superseded facts name. */
export function successorTitlesFor(index: WikiIndex, result: ContextResult, markers: ReadonlyMap<string, ConceptMarkers>): Map<string, string> {
  const { concepts } = catalogOf(index);
  const written = new Set<string>();
  for (const f of result.facts) if (f.superseded?.by) written.add(f.superseded.by);
  for (const m of markers.values()) if (m.supersededBy) written.add(m.supersededBy);
  const out = new Map<string, string>();
  for (const w of written) {
    const path = resolveConceptRef(w);
    const title = path === null ? undefined : concepts.get(path)?.title;
    if (title !== undefined) out.set(w, title);
  }
  return out;
}

/** Markers for the seeds, fact subjects and objects, and background concepts of a result. */
export function markersFor(index: WikiIndex, result: ContextResult, now: string): Map<string, ConceptMarkers> {
  const { concepts } = catalogOf(index);
  const paths = new Set<string>();
  for (const s of result.seeds) paths.add(s.path);
  for (const b of result.background) paths.add(b.path);
  for (const f of result.facts) {
    paths.add(f.subject);
    if (f.objectPath) paths.add(f.objectPath);
  }
  const out = new Map<string, ConceptMarkers>();
  for (const path of paths) {
    const info = concepts.get(path);
    if (!info) continue;
    const stale = info.staleAfter !== undefined && isPast(info.staleAfter, now);
    const superseded = info.status === 'superseded' || info.supersededBy !== undefined;
    if (!stale && !superseded) continue;
    out.set(path, {
      ...(stale ? { staleSince: info.staleAfter } : {}),
      ...(superseded && info.supersededBy ? { supersededBy: info.supersededBy } : {}),
      ...(superseded && info.supersededAt ? { supersededAt: info.supersededAt } : {}),
    });
  }
  return out;
}

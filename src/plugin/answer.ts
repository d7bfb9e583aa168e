// What the query sidebar shows beside context_for()'s result: per concept, whether it is stale or superseded,
// so the markers come from the same index the answer came from.
import { resolveConceptRef } from '../core/okf/paths';
import type { WikiIndex } from '../core/index/wiki-index';
import { conceptMarkers, type ConceptMarkers } from '../core/render/markers';
import { catalogOf } from '../core/retrieval/catalog';
import type { ContextResult } from '../core/retrieval/types';

export type { ConceptMarkers };

/** An answer for the sidebar: the result, the markers of every concept it mentions, and successors' titles. */
export interface QueryAnswer {
  readonly result: ContextResult;
  readonly markers: ReadonlyMap<string, ConceptMarkers>;
  /** Title of each successor named by `superseded_by` (as written → title), so markers read as names. */
  readonly successorTitles: ReadonlyMap<string, string>;
}

/** Titles of the successors that markers and superseded facts name. */
export function successorTitlesFor(
  index: WikiIndex,
  result: ContextResult,
  markers: ReadonlyMap<string, ConceptMarkers>,
): Map<string, string> {
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
    const markers = info && conceptMarkers(info, now);
    if (markers) out.set(path, markers);
  }
  return out;
}

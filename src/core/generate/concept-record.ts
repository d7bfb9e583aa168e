// The slice of a concept the generators read, and how to get it from the index (the plugin and the CLI
// both hold an index, not parsed files). A full `Concept` from the reader fits this shape too.
import type { WikiIndex } from '../index/wiki-index';
import type { Relation, Source, TrustTier } from '../types';

/** What timeline.md, index.md and the keywords file are generated from. */
export interface ConceptRecord {
  readonly path: string;
  readonly type: string;
  readonly title: string;
  readonly description?: string;
  readonly tags: readonly string[];
  readonly trust: TrustTier;
  readonly status?: string;
  readonly supersededBy?: string;
  readonly relations: readonly Relation[];
  readonly sources: readonly Source[];
}

/** Every concept of the index, in path order. */
export function conceptRecordsFromIndex(index: WikiIndex): ConceptRecord[] {
  return index.db
    .all<{
      path: string; type: string; title: string; description: string | null; tags: string; trust: TrustTier;
      status: string | null; superseded_by: string | null; relations: string; sources: string;
    }>('select path, type, title, description, tags, trust, status, superseded_by, relations, sources from concepts order by path')
    .map((r) => ({
      path: r.path,
      type: r.type,
      title: r.title,
      ...(r.description !== null ? { description: r.description } : {}),
      tags: JSON.parse(r.tags) as string[],
      trust: r.trust,
      ...(r.status !== null ? { status: r.status } : {}),
      ...(r.superseded_by !== null ? { supersededBy: r.superseded_by } : {}),
      relations: JSON.parse(r.relations) as Relation[],
      sources: JSON.parse(r.sources) as Source[],
    }));
}

/** Code-unit order: the same on every machine and locale (localeCompare is not). */
export function byCodeUnit(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

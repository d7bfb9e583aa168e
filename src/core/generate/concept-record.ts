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
  type Row = [
    string,
    string,
    string,
    string | null,
    string[],
    TrustTier,
    string | null,
    string | null,
    Relation[],
    Source[],
  ];
  return index
    .recordArrays<Row>()
    .map(([path, type, title, description, tags, trust, status, supersededBy, relations, sources]) => ({
      path,
      type,
      title,
      ...(description !== null ? { description } : {}),
      tags,
      trust,
      ...(status !== null ? { status } : {}),
      ...(supersededBy !== null ? { supersededBy } : {}),
      relations,
      sources,
    }));
}

/** Code-unit order: the same on every machine and locale (localeCompare is not). */
export function byCodeUnit(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

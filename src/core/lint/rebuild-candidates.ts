// Rebuilding from references, step 1 (spec §7.6): the ingest-derived concepts, i.e. those whose `sources`
// cite at least one `references/...` path (any of the ways bundles write it: `references/x.md`,
// `/references/x.md`, `../references/x.md`). Read from the index, never from a shell scan. Nothing is deleted here.
import type { WikiIndex } from '../index/wiki-index';
import { isUnderReferences, resolveLinkTarget } from '../okf/paths';
import type { Source, Stamp, TrustTier } from '../types';

/** A concept in scope for a rebuild, with what to check before deleting it. */
export interface RebuildCandidate {
  readonly path: string;
  readonly title: string;
  readonly trust: TrustTier;
  readonly status?: string;
  /** The `references/` paths it cites, as bundle paths, sorted. */
  readonly references: readonly string[];
  /** Human verifiers: spec §7.6 asks to confirm before deleting a file a person has reviewed. */
  readonly verifiedBy: readonly string[];
}

/** Every ingest-derived concept, in path order. */
export function findRebuildCandidates(index: WikiIndex): RebuildCandidate[] {
  const rows = index.conceptsCitingReferences();
  const out: RebuildCandidate[] = [];
  for (const r of rows) {
    const references = new Set<string>();
    for (const s of JSON.parse(r.sources) as Source[]) {
      for (const p of referencePaths(r.path, s.resource)) references.add(p);
    }
    if (references.size === 0) continue;
    const verifiedBy = [
      ...new Set((JSON.parse(r.verified) as Stamp[]).map((v) => v.by).filter((by) => by.startsWith('human:'))),
    ].sort();
    out.push({
      path: r.path,
      title: r.title,
      trust: r.trust,
      ...(r.status !== null ? { status: r.status } : {}),
      references: [...references].sort(),
      verifiedBy,
    });
  }
  return out;
}

/** The `references/` bundle paths a `sources[].resource` may name (file-relative or bundle-root reading). */
function referencePaths(conceptPath: string, resource: string | undefined): string[] {
  if (resource === undefined || /^[A-Za-z][A-Za-z0-9+.-]*:/.test(resource.trim())) return [];
  const { path, rootPath } = resolveLinkTarget(conceptPath, resource);
  return [path, rootPath].filter((p): p is string => p !== null && isUnderReferences(p));
}

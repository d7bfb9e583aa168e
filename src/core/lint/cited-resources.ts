// Which bundle files the concepts cite through OKF's path-valued frontmatter fields (OKF §6.2): every
// `sources[].resource` (spec §4.2's provenance convention), plus `resource`, `computation`,
// `executor.resource` and `attester.resource`. Shared by unreviewed-reference and orphan.
import type { LintContext } from './context';

/** Existing file or folder path → the concepts citing it. Computed once per context. */
export function citedResources(context: LintContext): ReadonlyMap<string, ReadonlySet<string>> {
  const cached = cache.get(context);
  if (cached) return cached;
  const cited = new Map<string, Set<string>>();
  for (const c of context.concepts.values()) {
    const written: string[] = [];
    for (const s of c.sources) if (s.resource !== undefined) written.push(s.resource);
    if (c.resource !== undefined) written.push(c.resource);
    const { computation, executor, attester } = c.extra;
    if (typeof computation === 'string') written.push(computation);
    for (const holder of [executor, attester]) {
      if (
        typeof holder === 'object' &&
        holder !== null &&
        typeof (holder as Record<string, unknown>).resource === 'string'
      ) {
        written.push((holder as Record<string, string>).resource);
      }
    }
    for (const resource of written) {
      for (const candidate of context.resolver.resourceCandidates(c.path, resource)) {
        const existing = context.resolver.existing(candidate);
        if (existing === null) continue;
        const citers = cited.get(existing) ?? new Set<string>();
        citers.add(c.path);
        cited.set(existing, citers);
      }
    }
  }
  cache.set(context, cited);
  return cited;
}

const cache = new WeakMap<LintContext, Map<string, Set<string>>>();

// broken-target: a relation `object` path that resolves to no concept (spec §7.3). OKF §6.1 says consumers must
// tolerate a broken target (it may be knowledge not written yet), so this is a warning to review, not an error.
// A superseded concept is a valid target (spec §7.7): it still exists and still resolves.
import type { LintCheck } from './check';
import { finding } from './check';
import type { LintContext } from './context';

export const brokenTarget: LintCheck = {
  id: 'broken-target',
  severity: 'warning',
  title: 'Relation objects that point at no concept',
  run: (context) => {
    const out = [];
    for (const edge of context.edges) {
      if (edge.objectPath === undefined || context.concepts.has(edge.objectPath)) continue;
      const why = missingConceptReason(context, edge.objectPath);
      out.push(
        finding(
          brokenTarget,
          edge.subject,
          `Relation \`${edge.predicate}\` points at ${edge.objectPath}, which ${why}.`,
          {
            value: edge.objectPath,
            fix: fixFor(context, edge.objectPath),
          },
        ),
      );
    }
    return out;
  },
};

/** Why a path is not a concept: unreadable frontmatter, not a concept file, or no such file. */
export function missingConceptReason(context: LintContext, path: string): string {
  const status = context.fileStatus.get(path);
  if (status === 'invalid') return 'exists but could not be read as a concept (see invalid-frontmatter)';
  if (status === 'skipped') return 'exists but has no frontmatter, so it is not a concept';
  if (context.resolver.isFile(path)) return 'is not a concept file';
  return 'does not exist';
}

/** The fix for a missing concept path: a same-named concept elsewhere, or create it. */
export function fixFor(context: LintContext, path: string): string {
  if (context.resolver.isFile(path)) return `fix the frontmatter of ${path}, or point at a concept`;
  const similar = context.resolver.sameName(path).find((p) => context.concepts.has(p));
  return similar !== undefined ? `did you mean ${similar}?` : `create ${path}, or correct the path`;
}

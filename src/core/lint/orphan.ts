// orphan: a concept nothing else reaches (spec §7.3): no inbound relation, no inbound prose link (markdown
// links in both readings, [[wikilinks]] by name), no supersession pointer, and, for reference material, no
// `sources[].resource` citation. Links from index.md catalogs do not count: they are generated listings.
import type { LintCheck } from './check';
import { finding } from './check';
import type { LintContext } from './context';
import { citedResources } from './cited-resources';

export const orphan: LintCheck = {
  id: 'orphan',
  severity: 'warning',
  title: 'Concepts with no inbound relation or link',
  run: (context) => {
    const reached = inboundTargets(context);
    const out = [];
    for (const c of context.concepts.values()) {
      if (reached.has(c.path)) continue;
      out.push(
        finding(
          orphan,
          c.path,
          'No other concept relates to it or links to it, so graph expansion can never reach it.',
          {
            fix: 'add a relation to it (in both directions) or a prose link from a related concept',
          },
        ),
      );
    }
    return out;
  },
};

/** Every path some other concept points at (self-references do not count). */
function inboundTargets(context: LintContext): Set<string> {
  const reached = new Set<string>();
  const add = (from: string, to: string | null | undefined) => {
    if (to !== null && to !== undefined && to !== from) reached.add(to);
  };
  for (const e of context.edges) add(e.subject, e.objectPath);
  for (const l of context.links)
    add(
      l.source,
      l.kind === 'wikilink' ? context.resolver.resolveWikilink(l.raw) : context.resolver.resolveMarkdown(l),
    );
  for (const c of context.concepts.values()) {
    add(c.path, c.supersededBy);
    for (const p of c.supersedes) add(c.path, p);
  }
  for (const [path, citers] of citedResources(context)) {
    for (const citer of citers) add(citer, path);
  }
  return reached;
}

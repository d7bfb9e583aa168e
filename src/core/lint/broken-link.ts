// broken-link: a prose link in a body (markdown or [[wikilink]]) that resolves to no file (spec §7.6 asks
// for this after a rebuild). OKF §6.1 calls such links legitimate (not-yet-written knowledge) and they carry
// no typed meaning, so this is information, one step below broken-target.
import type { LintCheck } from './check';
import { finding } from './check';

export const brokenLink: LintCheck = {
  id: 'broken-link',
  severity: 'info',
  title: 'Prose links that resolve to no file',
  run: (context) => {
    const out = [];
    for (const link of context.links) {
      const resolved = link.kind === 'wikilink' ? context.resolver.resolveWikilink(link.raw) : context.resolver.resolveMarkdown(link);
      if (resolved !== null) continue;
      const shown = link.kind === 'wikilink' ? `[[${link.raw}]]` : `(${link.raw})`;
      const escapes = link.kind === 'markdown' && link.targetPath === undefined && link.rootPath === undefined;
      const target = link.targetPath ?? link.rootPath;
      const similar = target !== undefined ? context.resolver.sameName(target).find((p) => context.concepts.has(p)) : undefined;
      out.push(
        finding(brokenLink, link.source, escapes ? `Link ${shown} points outside the bundle.` : `Link ${shown} resolves to no file in the bundle.`, {
          value: link.raw,
          ...(similar !== undefined ? { fix: `did you mean ${similar}?` } : {}),
        }),
      );
    }
    return out;
  },
};

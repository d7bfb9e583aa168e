// Prose links in a concept body (spec §4.3: untyped, human-narrative traversal beside typed relations).
import type { ProseLink } from '../types';
import { resolveLinkTarget } from './paths';

// The destination is `<any text but >>` (CommonMark: spaces allowed, as in `[a](<my note.md>)`) or a run without
// spaces.
const MARKDOWN_LINK = /(!?)\[(?:[^\]\\]|\\.)*\]\(\s*(?:<([^>\n]+)>|([^)\s]+))(?:\s+["'(][^)]*["')])?\s*\)/g;
const WIKILINK = /(!?)\[\[([^\]|#^\n]+)(?:[#^][^\]|\n]*)?(?:\|[^\]\n]*)?\]\]/g;

/** Removes fenced code blocks and inline code, where brackets are not links. */
function stripCode(markdown: string): string {
  // Each pass only when its marker occurs: two regex passes copying every body were a tenth of the parse.
  const unfenced =
    markdown.includes('```') || markdown.includes('~~~')
      ? markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?(^\1[^\n]*$|(?![\s\S]))/gm, '')
      : markdown;
  return unfenced.includes('`') ? unfenced.replace(/`[^`\n]*`/g, '') : unfenced;
}

/** True for targets that leave the bundle: `https:`, `mailto:`, `//host`, or a pure `#anchor`. */
function isExternal(target: string): boolean {
  return /^[A-Za-z][A-Za-z0-9+.-]*:/.test(target) || target.startsWith('//') || target.startsWith('#');
}

/**
 * Extracts the internal links of a body, in order, deduplicated. Markdown links are resolved against the
 * linking file (`targetPath`, with `rootPath` for the bundle-root reading of a bare `a/b.md`); wikilinks
 * keep their name and are resolved against the bundle later (they depend on which files exist).
 */
export function extractLinks(fromPath: string, body: string): ProseLink[] {
  const text = stripCode(body);
  const links: ProseLink[] = [];
  const seen = new Set<string>();
  for (const m of text.matchAll(MARKDOWN_LINK)) {
    if (m[1] === '!') continue;
    const raw = (m[2] ?? m[3]).trim();
    if (isExternal(raw) || seen.has('m' + raw)) continue;
    seen.add('m' + raw);
    const { path, rootPath } = resolveLinkTarget(fromPath, raw);
    links.push({
      raw,
      kind: 'markdown',
      ...(path !== null ? { targetPath: path } : {}),
      ...(rootPath !== null && rootPath !== path ? { rootPath } : {}),
    });
  }
  for (const m of text.matchAll(WIKILINK)) {
    if (m[1] === '!') continue;
    const raw = m[2].trim();
    if (raw === '' || seen.has('w' + raw)) continue;
    seen.add('w' + raw);
    links.push({ raw, kind: 'wikilink' });
  }
  return links;
}

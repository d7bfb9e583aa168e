// The prose-link scan as it was before it was made linear (commit 46e8617's src/core/okf/links.ts), kept as the
// reference of the differential test: same output on every text, but quadratic on a long run of `[`.
import type { ProseLink } from '../../../../src/core/types';
import { resolveLinkTarget } from '../../../../src/core/okf/paths';

// The destination is `<any text but >>` (CommonMark: spaces allowed, as in `[a](<my note.md>)`) or a run without
// spaces. Tried only where a `[` stands (sticky), not at every character of the body: see markdownLinks.
const MARKDOWN_LINK = /\[(?:[^\]\\]|\\.)*\]\(\s*(?:<([^>\n]+)>|([^)\s]+))(?:\s+["'(][^)]*["')])?\s*\)/y;
const WIKILINK = /\[\[([^\]|#^\n]+)(?:[#^][^\]|\n]*)?(?:\|[^\]\n]*)?\]\]/y;

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
 * The markdown links of `text` in order, as a global `/(!?)\[…/g` scan finds them: tried at each `[` after the last
 * match (a label may hold `[`), an image when a `!` right before it lies after that match. Jumping from `[` to `[`
 * with indexOf cost a fifth of what the global pattern did trying every character of 34 MB of bodies.
 */
function* markdownLinks(text: string): Generator<{ image: boolean; target: string }> {
  let after = 0;
  for (let at = text.indexOf('['); at >= 0; at = text.indexOf('[', at + 1)) {
    MARKDOWN_LINK.lastIndex = at;
    const m = MARKDOWN_LINK.exec(text);
    if (m === null) continue;
    yield { image: at > after && text.charCodeAt(at - 1) === 0x21, target: m[1] ?? m[2] };
    after = MARKDOWN_LINK.lastIndex;
    at = after - 1;
  }
}

/**
 * The wikilinks of `text` in order, as a global `/(!?)\[\[…/g` scan finds them: tried at each `[[` after the last
 * match, an embed when a `!` right before it lies after that match (where that scan would have started the match
 * at the `!`: it succeeds there exactly when it succeeds at the `[[`). The global pattern, led by an optional `!`,
 * was tried at every character of the body.
 */
function* wikilinks(text: string): Generator<{ embed: boolean; name: string }> {
  let after = 0;
  for (let at = text.indexOf('[['); at >= 0; at = text.indexOf('[[', at + 1)) {
    WIKILINK.lastIndex = at;
    const m = WIKILINK.exec(text);
    if (m === null) continue;
    yield { embed: at > after && text.charCodeAt(at - 1) === 0x21, name: m[1] };
    after = WIKILINK.lastIndex;
    at = after - 1;
  }
}

/**
 * Extracts the internal links of a body, in order, deduplicated. Markdown links are resolved against the
 * linking file (`targetPath`, with `rootPath` for the bundle-root reading of a bare `a/b.md`); wikilinks
 * keep their name and are resolved against the bundle later (they depend on which files exist).
 */
export function extractLinksBefore(fromPath: string, body: string): ProseLink[] {
  const text = stripCode(body);
  const links: ProseLink[] = [];
  const seen = new Set<string>();
  for (const m of markdownLinks(text)) {
    if (m.image) continue;
    const raw = m.target.trim();
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
  // A wikilink holds `[[`: a body without one (most) is not scanned for them.
  for (const m of wikilinks(text)) {
    if (m.embed) continue;
    const raw = m.name.trim();
    if (raw === '' || seen.has('w' + raw)) continue;
    seen.add('w' + raw);
    links.push({ raw, kind: 'wikilink' });
  }
  return links;
}

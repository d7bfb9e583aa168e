// Small markdown helpers for generated files: escaping text, and links that work from the generated file's
// folder in Obsidian, on GitHub and in any markdown viewer (relative, percent-encoded where needed).
import { baseName, dirOf } from '../okf/paths';

/** Text oneLine would change: whitespace other than a single space between words, or at either end. */
const NOT_ONE_LINE = /[^\S ]| {2}|^ | $/;
/** Text escapeMarkdown would change: as NOT_ONE_LINE, or a character it escapes. */
const NOT_PLAIN = /[^\S ]| {2}|^ | $|[\\`*_[\]<>|]/;

/** Escapes text for a link label or plain prose, so titles and literals cannot open links or emphasis. */
export function escapeMarkdown(text: string): string {
  // Most titles and descriptions need nothing: one scan instead of two replaces (index.md, timeline.md).
  if (!NOT_PLAIN.test(text)) return text;
  return oneLine(text).replace(/([\\`*_[\]<>|])/g, '\\$1');
}

/** Collapses whitespace (newlines included) to single spaces. */
export function oneLine(text: string): string {
  return NOT_ONE_LINE.test(text) ? text.replace(/\s+/g, ' ').trim() : text;
}

/** Encodes the characters that would end or confuse a markdown link destination (`#`, `?` too: a path has none). */
function encodeDestination(path: string, chars = /[%\s()<>[\]#?]/g): string {
  return path.replace(chars, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0'));
}

/** The relative path from folder `fromDir` (bundle path, `` for the root) to bundle path `to`. */
export function relativePath(fromDir: string, to: string): string {
  // The common cases, as the general steps below give them: a file in the folder itself, and the bundle root.
  const toDir = dirOf(to);
  if (toDir === fromDir) return baseName(to);
  if (fromDir === '' && to.startsWith('/') && !to.includes('//')) return to.slice(1);
  const from = fromDir.split('/').filter(Boolean);
  const target = dirOf(to).split('/').filter(Boolean);
  let common = 0;
  while (common < from.length && common < target.length && from[common] === target[common]) common++;
  const up = from.slice(common).map(() => '..');
  return [...up, ...target.slice(common), baseName(to)].join('/');
}

/** `[label](relative-destination)` from a file in `fromDir` to bundle path `to`. */
export function link(label: string, fromDir: string, to: string): string {
  return `[${escapeMarkdown(label)}](${encodeDestination(relativePath(fromDir, to))})`;
}

/** `[label](url)` for an external URL. */
export function externalLink(label: string, url: string): string {
  return `[${escapeMarkdown(label)}](${encodeDestination(url.trim(), /[\s()<>]/g)})`;
}

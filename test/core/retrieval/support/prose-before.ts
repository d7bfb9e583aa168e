// The seed-prose chain of regular expressions as it was before it was made linear (verbatim from
// src/core/retrieval/assemble.ts), kept to check the linear one gives the same text on every body.
import type { LinkTitle } from '../../../../src/core/retrieval/prose';

/** proseOf as it was: quadratic on hostile bodies, the reference for what the text must be. */
export function proseOfBefore(body: string, linkTitle: LinkTitle = () => undefined): string {
  return body
    .replace(/^\[\^[^\]]+\]:.*$/gm, '')
    .replace(/\[\^[^\]]+\]/g, '')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/!\[\[[^\]]*\]\]/g, '')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/\[\[([^\]|]+)\|([^\]]+)\]\]/g, '$2')
    .replace(/\[\[([^\]]+)\]\]/g, (_, target: string) => linkTitle(target) ?? target)
    .replace(/^#{1,6}\s+(summary|overview)\s*$/gim, '')
    .replace(/^#{1,6}\s+/gm, '')
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

// Content hash for change detection (re-index, re-embed). Pure JS: the core may not use node:crypto.

/** cyrb53's final mix of its two lanes. */
function finish(h1: number, h2: number): number {
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/**
 * A 106-bit hex digest of the text (cyrb53 with seeds 1 and 2); equal text gives an equal hash, always. Both seeds
 * run in one pass over the text (each character read once): a full build hashes ~44 MB at 10,000 concepts.
 */
export function contentHash(text: string): string {
  let a1 = 0xdeadbeef ^ 1;
  let a2 = 0x41c6ce57 ^ 1;
  let b1 = 0xdeadbeef ^ 2;
  let b2 = 0x41c6ce57 ^ 2;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    a1 = Math.imul(a1 ^ ch, 2654435761);
    a2 = Math.imul(a2 ^ ch, 1597334677);
    b1 = Math.imul(b1 ^ ch, 2654435761);
    b2 = Math.imul(b2 ^ ch, 1597334677);
  }
  return finish(a1, a2).toString(16).padStart(14, '0') + finish(b1, b2).toString(16).padStart(14, '0');
}

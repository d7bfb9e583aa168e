// Content hash for change detection (re-index, re-embed). Pure JS: the core may not use node:crypto.

function cyrb53(text: string, seed: number): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** A 106-bit hex digest of the text (two seeded cyrb53 runs); equal text gives an equal hash, always. */
export function contentHash(text: string): string {
  return cyrb53(text, 1).toString(16).padStart(14, '0') + cyrb53(text, 2).toString(16).padStart(14, '0');
}

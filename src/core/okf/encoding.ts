// Recognizing UTF-16 text that reached the reader decoded as UTF-8: its NUL bytes would otherwise make it
// look like a binary file, and the author would not learn that converting the encoding is all it takes.

/** How much of the file is looked at: the frontmatter's first lines are enough to see the byte pattern. */
const SAMPLE_CHARS = 512;

/**
 * `UTF-16LE` or `UTF-16BE` when `text` (bytes decoded as UTF-8, undecodable ones as U+FFFD) is UTF-16 with
 * mostly ASCII characters: a NUL beside every ASCII character, all on the same side. Undefined otherwise.
 */
export function utf16Encoding(text: string): 'UTF-16LE' | 'UTF-16BE' | undefined {
  // A byte-order mark (FF FE or FE FF) is two undecodable bytes: two U+FFFD, then the pairs start.
  const start = text.startsWith('\uFFFD\uFFFD') ? 2 : 0;
  const sample = text.slice(start, start + SAMPLE_CHARS);
  if (sample.length < 4) return undefined;
  let even = 0;
  let odd = 0;
  for (let i = 0; i < sample.length; i++) {
    if (sample.charCodeAt(i) !== 0) continue;
    if (i % 2 === 0) even++;
    else odd++;
  }
  const pairs = Math.floor(sample.length / 2);
  // Most characters of a frontmatter are ASCII: at least 80 % of the pairs carry their NUL on one side.
  if (odd >= pairs * 0.8 && even <= pairs * 0.05) return 'UTF-16LE';
  if (even >= pairs * 0.8 && odd <= pairs * 0.05) return 'UTF-16BE';
  return undefined;
}

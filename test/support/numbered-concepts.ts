// A bundle of `rows` numbered concepts (/c/p00.md …) built into an index, for tests of the vector scan: the
// concepts' text does not matter, only that each has a row to hold a vector.
import { buildIndex } from '../../src/core/index/build';
import type { WikiIndex } from '../../src/core/index/wiki-index';
import { conceptFile } from './builders';
import { MemoryBundle } from './memory-bundle';

/** The index and, in row order, the concepts to embed for `model`. */
export async function numberedConcepts(
  rows: number,
  model: string,
): Promise<{ index: WikiIndex; concepts: { path: string; hash: string }[] }> {
  const files = Object.fromEntries(
    Array.from({ length: rows }, (_, i) => [
      `/c/p${String(i).padStart(2, '0')}.md`,
      conceptFile({ title: `P${i}` }, `body ${i}`),
    ]),
  );
  const index = await buildIndex(new MemoryBundle(files));
  return { index, concepts: index.conceptsToEmbed(model) };
}

// rankByVector's dot products are unrolled and read the query as doubles: every similarity must still equal, to
// the last bit, the plain loop over the normalized float32 vectors (embed/vectors.ts `dot`), in every dimension.
import fc from 'fast-check';
import { dot, normalize } from '../../../src/core/embed/vectors';
import { buildIndex } from '../../../src/core/index/build';
import { rankByVector } from '../../../src/core/retrieval/vector';
import { conceptFile } from '../../support/builders';
import { MemoryBundle } from '../../support/memory-bundle';

const MODEL = 'm';

test('similarities equal the plain loop bit for bit, dimensions 1 to 768', async () => {
  const files = Object.fromEntries(
    Array.from({ length: 12 }, (_, i) => [`/c/p${i}.md`, conceptFile({ title: `P${i}` }, `body ${i}`)]),
  );
  const index = await buildIndex(new MemoryBundle(files));
  const concepts = index.conceptsToEmbed(MODEL);
  const float = fc.float({ min: -1000, max: 1000, noNaN: true, noDefaultInfinity: true });
  await fc.assert(
    fc.property(fc.constantFrom(1, 3, 4, 5, 7, 8, 13, 768), fc.integer({ min: 0, max: 2 ** 31 }), (dim, seed) => {
      const vector = (k: number) =>
        new Float32Array(
          fc.sample(fc.array(float, { minLength: dim, maxLength: dim }), { numRuns: 1, seed: seed + k })[0],
        );
      const vectors = concepts.map((_, k) => vector(k + 1));
      index.deleteEmbeddings();
      index.putEmbeddings(
        MODEL,
        concepts.map((c, k) => ({ ...c, vector: vectors[k] })),
      );
      const query = vector(0);
      const outcome = rankByVector(index, MODEL, query, concepts.length);
      if (!('hits' in outcome)) throw new Error('no hits');
      const want = new Map(concepts.map((c, k) => [c.path, dot(normalize(query), normalize(vectors[k]))]));
      expect(outcome.hits).toHaveLength(concepts.length);
      for (const hit of outcome.hits) expect([hit.path, hit.similarity]).toEqual([hit.path, want.get(hit.path)]);
    }),
    { numRuns: 40, seed: 7 },
  );
  index.close();
});

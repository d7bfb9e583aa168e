// Equal similarities are ranked by path in SQLite's order (UTF-8 bytes, binary-order.ts), as the scan meets the
// rows: the hits for a smaller limit are the first hits for a larger one. UTF-16 `<` put the emoji path before the
// U+FF5A one, but the scan, in SQLite's order, met U+FF5A first and dropped the emoji at a full list.
import fc from 'fast-check';
import { buildIndex } from '../../../src/core/index/build';
import { compareBinary } from '../../../src/core/retrieval/binary-order';
import { rankByVector } from '../../../src/core/retrieval/vector';
import { conceptFile } from '../../support/builders';
import { MemoryBundle } from '../../support/memory-bundle';

const MODEL = 'm';
const NAMES = ['a', '\uff5a', '\u{1F600}', 'z', '\ue000', '\u{10000}x'];

test('tied hits come in SQLite order, each limit a prefix of the next', async () => {
  const files = Object.fromEntries(NAMES.map((n, i) => [`/c/${n}.md`, conceptFile({ title: `T${i}` }, `body ${i}`)]));
  const index = await buildIndex(new MemoryBundle(files));
  try {
    const vector = Float32Array.from({ length: 8 }, (_, k) => Math.sin(k + 1));
    index.putEmbeddings(
      MODEL,
      index.conceptsToEmbed(MODEL).map((c) => ({ ...c, vector })),
    );
    const hits = (limit: number) => {
      const outcome = rankByVector(index, MODEL, vector, limit);
      if (!('hits' in outcome)) throw new Error('no hits');
      return outcome.hits.map((h) => h.path);
    };
    const all = hits(NAMES.length);
    expect(all).toEqual(['a', 'z', '\ue000', '\uff5a', '\u{10000}x', '\u{1F600}'].map((n) => `/c/${n}.md`));
    for (let limit = 1; limit < NAMES.length; limit++) expect(hits(limit)).toEqual(all.slice(0, limit));
  } finally {
    index.close();
  }
});

test('compareBinary orders as UTF-8 bytes do', () => {
  // Any code point, and often those around the surrogates, where UTF-16 order and UTF-8 order part.
  const edges = fc.constantFrom('a', '\ud7ff', '\ue000', '\uff5a', '\uffff', '\u{10000}', '\u{1F600}', '\u{10FFFF}');
  const text = fc.string({ unit: fc.oneof(edges, fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })) });
  const byBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
  fc.assert(
    fc.property(text, text, (a, b) => {
      expect(Math.sign(compareBinary(a, b))).toBe(byBytes(a, b));
    }),
  );
});

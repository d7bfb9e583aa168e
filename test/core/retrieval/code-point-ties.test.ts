// Ties the answer breaks by name fall in code point order (SQLite's, binary-order.ts), as BM25's and the vector
// signal's already did: the title hits, the seeds, the facts and the predicate vocabulary. UTF-16 `<` put a name with
// a character outside the BMP (a surrogate pair, U+1F600) before one with U+FF5E, and code point order after it.
import { collectVocabulary } from '../../../src/core/author/vocabulary';
import { buildIndex } from '../../../src/core/index/build';
import { matchTitles, titleEntries } from '../../../src/core/retrieval/title-match';
import { contextFor } from '../../../src/core/retrieval/context-for';
import { conceptFile, rel } from '../../support/builders';
import { MemoryBundle } from '../../support/memory-bundle';

const WAVE = '/c/x\uff5e.md';
const SMILE = '/c/x\u{1F600}.md';
const OPTIONS = { clock: { now: () => '2026-12-01' }, vectorOff: { kind: 'turned-off' as const } };

test('the order these tests rely on: UTF-16 puts the emoji first, code points the wave dash', () => {
  expect(SMILE < WAVE).toBe(true);
  expect(SMILE.codePointAt(4)! > WAVE.codePointAt(4)!).toBe(true);
});

test('title hits of one name and span come in code point order', () => {
  const entries = titleEntries([
    { path: SMILE, title: 'Mercury', aliases: [] },
    { path: WAVE, title: 'Mercury', aliases: [] },
  ]);
  const hits = matchTitles('What is Mercury?', entries);
  expect(hits.map((h) => h.path)).toEqual([WAVE, SMILE]);
});

test('seeds tied on every signal, and facts tied on score, trust and hop, come in code point order', async () => {
  const index = await buildIndex(
    new MemoryBundle({
      [SMILE]: conceptFile({ title: 'Mercury', relations: [rel('orbits', '/c/sun.md')] }, 'A planet.'),
      [WAVE]: conceptFile({ title: 'Mercury', relations: [rel('orbits', '/c/sun.md')] }, 'A planet.'),
      '/c/sun.md': conceptFile({ title: 'Sun', relations: [rel('lights', SMILE), rel('lights', WAVE)] }, 'A star.'),
    }),
  );
  try {
    const mercury = await contextFor(index, 'What is Mercury?', OPTIONS);
    expect(mercury.seeds.map((s) => s.path)).toEqual([WAVE, SMILE]);
    expect(mercury.facts.filter((f) => f.hop === 0).map((f) => f.subject)).toEqual([WAVE, SMILE]);
    const sun = await contextFor(index, 'What is the Sun?', OPTIONS);
    expect(sun.facts.filter((f) => f.subject === '/c/sun.md').map((f) => f.object)).toEqual([WAVE, SMILE]);
  } finally {
    index.close();
  }
});

/** A relation as the reader makes it of `rel`'s entry naming a concept. */
const relation = (r: Record<string, unknown>) => ({
  predicate: String(r.predicate),
  object: String(r.object),
  objectPath: String(r.object),
});

test('the predicate vocabulary, and an observed inverse among equals, come in code point order', () => {
  const usages = collectVocabulary(
    [
      { path: '/a.md', relations: [rel('p\u{1F600}', '/b.md'), rel('p\uff5e', '/b.md')] },
      { path: '/b.md', relations: [rel('q\u{1F600}', '/a.md'), rel('q\uff5e', '/a.md')] },
    ].map((c) => ({ path: c.path, relations: c.relations.map(relation) })),
    { inverses: [], multiValued: [], synonyms: [], distinct: [], thresholds: {} } as never,
  );
  expect(usages.map((u) => u.predicate)).toEqual(['p\uff5e', 'p\u{1F600}', 'q\uff5e', 'q\u{1F600}']);
  expect(usages[0].inverses).toEqual(['q\uff5e']);
});

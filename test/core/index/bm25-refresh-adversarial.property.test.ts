// Kept BM25 phrases against FTS5's bm25(), property-tested with Unicode, diacritics, stems, every column, phrases
// left unasked over several changes (so they carry different touched rows), rolled-back writes and rowid reuse.
import fc from 'fast-check';
import { PhraseScoreCache } from '../../../src/core/index/bm25-phrases';
import { buildIndex, readBundleFile } from '../../../src/core/index/build';
import { applyFileRows, removeFileRows } from '../../../src/core/index/file-rows';
import { rawDatabase, type WikiIndex } from '../../../src/core/index/wiki-index';
import { conceptFile } from '../../support/builders';
import { MemoryBundle } from '../../support/memory-bundle';

const W = '0.0, 10.0, 8.0, 4.0, 4.0, 1.0';
const PHRASES = ['"common"', '"godel"', '"design"', '"naïve"', '"common usual"', '"e-mail"', '"ﬁle"', '"日本"'];
const words = [
  'common',
  'Common',
  'COMMON',
  'commons',
  'usual',
  'Gödel',
  'godel',
  'GÖDEL',
  'gödels',
  'designed',
  'design',
  'designing',
  'naive',
  'naïve',
  'NAÏVE',
  'e-mail',
  'email',
  'ﬁle',
  'file',
  '日本',
  '日本語',
  'filler',
  'x',
];
const word = fc.constantFrom(...words);
const text = fc.array(word, { minLength: 0, maxLength: 8 }).map((w) => w.join(' '));
const page = fc.record({
  title: text.map((t) => t || 'x'),
  description: text,
  aliases: fc.array(text, { maxLength: 2 }),
  tags: fc.array(fc.constantFrom('common', 'godel', 'design', 'naïve'), { maxLength: 2 }),
  body: text,
});
type Page = typeof page extends fc.Arbitrary<infer T> ? T : never;
const change = fc.oneof(
  fc.record({ kind: fc.constant('put' as const), slot: fc.nat(14), page }),
  fc.record({ kind: fc.constant('remove' as const), slot: fc.nat(14) }),
  fc.record({ kind: fc.constant('rollback' as const), slot: fc.nat(14), page }),
);
type Change = typeof change extends fc.Arbitrary<infer T> ? T : never;
const pathOf = (slot: number) => `/p/s${String(slot).padStart(2, '0')}.md`;
const fileOf = (p: Page) =>
  conceptFile(
    { title: p.title, ...(p.description ? { description: p.description } : {}), aliases: p.aliases, tags: p.tags },
    p.body,
  );

async function apply(index: WikiIndex, bundle: MemoryBundle, c: Change): Promise<void> {
  if (c.kind === 'put') {
    bundle.files.set(pathOf(c.slot), fileOf(c.page));
    index.applyFile(await readBundleFile(bundle, pathOf(c.slot)));
  } else if (c.kind === 'remove') {
    bundle.files.delete(pathOf(c.slot));
    index.removeFile(pathOf(c.slot));
  } else {
    // A write rolled back: the file applied in a transaction that then fails.
    const db = rawDatabase(index);
    const before = new MemoryBundle({ [pathOf(c.slot)]: fileOf(c.page) });
    const read = await readBundleFile(before, pathOf(c.slot));
    db.exec('begin');
    applyFileRows(db, read, undefined);
    removeFileRows(db, pathOf((c.slot + 1) % 15), true);
    db.exec('rollback');
    index.touch();
  }
}

function check(index: WikiIndex, cache: PhraseScoreCache, ask: readonly string[]): void {
  const db = rawDatabase(index);
  cache.use(db, index.generation);
  for (const phrase of ask) {
    const got = cache.scores(db, phrase, W);
    const want = db.numberPairs(`select rowid, bm25(concepts_fts, ${W}) from concepts_fts where concepts_fts match ?`, [
      phrase,
    ]);
    expect([phrase, Array.from(got.ids)]).toEqual([phrase, Array.from(want.ids)]);
    for (let i = 0; i < want.ids.length; i++)
      if (!Object.is(got.scores[i], want.values[i]))
        throw new Error(`${phrase} row ${want.ids[i]}: ${got.scores[i]} is not FTS5's ${want.values[i]}`);
  }
}

test('kept scores equal FTS5 across Unicode, stems, every column, unasked changes and rollbacks', async () => {
  let refreshes = 0;
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.tuple(fc.nat(14), page), { minLength: 3, maxLength: 15 }),
      fc.array(fc.tuple(change, fc.subarray(PHRASES)), { minLength: 1, maxLength: 10 }),
      async (pages, changes) => {
        const bundle = new MemoryBundle(Object.fromEntries(pages.map(([s, p]) => [pathOf(s), fileOf(p)])));
        const index = await buildIndex(bundle);
        const cache = new PhraseScoreCache(1);
        try {
          check(index, cache, PHRASES);
          for (const [c, ask] of changes) {
            await apply(index, bundle, c);
            check(index, cache, ask);
          }
          check(index, cache, PHRASES);
        } finally {
          index.close();
        }
        refreshes += cache.refreshes;
      },
    ),
    { numRuns: 150, seed: 7 },
  );
  expect(refreshes).toBeGreaterThan(200);
}, 300_000);

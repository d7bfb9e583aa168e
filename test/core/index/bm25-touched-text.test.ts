// A kept phrase refreshed from the touched row's text indexed apart must use concepts_fts's tokenizer (porter stems,
// diacritics folded) and drop a row that no longer holds the phrase (a save keeps its rowid): scores stay FTS5's.
import { PhraseScoreCache } from '../../../src/core/index/bm25-phrases';
import { buildIndex, readBundleFile } from '../../../src/core/index/build';
import { rawDatabase, type WikiIndex } from '../../../src/core/index/wiki-index';
import { conceptFile } from '../../support/builders';
import { MemoryBundle } from '../../support/memory-bundle';

const W = '0.0, 10.0, 8.0, 4.0, 4.0, 1.0';
const pathOf = (i: number) => `/p/s${i}.md`;

function same(index: WikiIndex, cache: PhraseScoreCache, phrase: string) {
  const db = rawDatabase(index);
  cache.use(db, index.generation);
  const got = cache.scores(db, phrase, W);
  const want = db.numberPairs(`select rowid, bm25(concepts_fts, ${W}) from concepts_fts where concepts_fts match ?`, [
    phrase,
  ]);
  expect({ ids: Array.from(got.ids), scores: Array.from(got.scores) }).toEqual({
    ids: Array.from(want.ids),
    scores: Array.from(want.values),
  });
}

test.each([
  ['a stemmed, accented word added', '"design"', 'design Gödel', 'designed designing designs Design'],
  ['a diacritic folded', '"godel"', 'Gödel design', 'GÖDEL gödel Godel godel'],
  ['the phrase gone from the row (same rowid)', '"design"', 'design', 'filler'],
])('%s: the refreshed scores are FTS5 bm25()', async (_, phrase, before, after) => {
  const bundle = new MemoryBundle(
    Object.fromEntries([0, 1, 2, 3, 4, 5].map((i) => [pathOf(i), conceptFile({ title: 'x' }, before)])),
  );
  const index = await buildIndex(bundle);
  const cache = new PhraseScoreCache(3);
  try {
    same(index, cache, phrase);
    // The row with the largest rowid keeps it when rewritten.
    const last = rawDatabase(index).get<{ path: string }>(
      'select path from concepts order by rowid desc limit 1',
    )!.path;
    bundle.files.set(last, conceptFile({ title: 'x' }, after));
    index.applyFile(await readBundleFile(bundle, last));
    same(index, cache, phrase);
    expect(cache.refreshes).toBe(1);
  } finally {
    index.close();
  }
});

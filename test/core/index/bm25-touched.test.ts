// The touched rows' frequencies read from their text indexed apart (bm25-touched.ts) must be the weighted frequencies
// concepts_fts's own bm25() scores imply for those rows: found for every row holding the phrase, absent for a row that
// does not hold it or is gone, read again after a change, and refused (null) where no whole frequency exists.
import fc from 'fast-check';
import { invertScore, RowSizes } from '../../../src/core/index/bm25-frequencies';
import { TouchedRows } from '../../../src/core/index/bm25-touched';
import { buildIndex, readBundleFile } from '../../../src/core/index/build';
import type { Database } from '../../../src/core/index/sqlite';
import { rawDatabase } from '../../../src/core/index/wiki-index';
import { conceptFile } from '../../support/builders';
import { MemoryBundle } from '../../support/memory-bundle';

const W = '0.0, 10.0, 8.0, 4.0, 4.0, 1.0';
const PHRASES = ['"common"', '"rare"', '"e-mail"', '"x"'];
const pathOf = (i: number) => `/p/s${String(i).padStart(2, '0')}.md`;

/** Each row's weighted frequency of `phrase` as concepts_fts's own scores give it (inverted, as bm25-cache.ts does). */
function fromFts(db: Database, phrase: string, weights: string): Map<number, number> {
  const sizes = new RowSizes(db);
  const { ids, values } = db.numberPairs(
    `select rowid, bm25(concepts_fts, ${weights}) from concepts_fts where concepts_fts match ?`,
    [phrase],
  );
  const idf = sizes.idf(ids.length);
  return new Map(Array.from(ids, (id, i) => [id, invertScore(values[i], sizes.size(id)!, sizes.avgdl, idf)!]));
}

const word = fc.constantFrom('common', 'common', 'rare', 'e-mail', 'x', 'filler', 'Common');
const text = fc.array(word, { minLength: 1, maxLength: 12 }).map((w) => w.join(' '));

test('frequencies in the touched rows are those concepts_fts scores, before and after a change', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.tuple(text, text, text), { minLength: 3, maxLength: 12 }),
      fc.array(fc.nat(40), { minLength: 1, maxLength: 6 }),
      fc.tuple(fc.nat(11), text, text),
      async (pages, picked, [edited, title, body]) => {
        const bundle = new MemoryBundle(
          Object.fromEntries(pages.map(([t, d, b], i) => [pathOf(i), conceptFile({ title: t, description: d }, b)])),
        );
        const index = await buildIndex(bundle);
        const db = rawDatabase(index);
        const touched = new TouchedRows(db);
        try {
          // Rowids past the last row stand for rows gone: never found.
          const rows = new Set(picked);
          for (const phrase of PHRASES) {
            const all = fromFts(db, phrase, W);
            const want = new Map([...all].filter(([id]) => rows.has(id)));
            expect([phrase, touched.frequencies(1, phrase, W, rows)]).toEqual([phrase, want]);
          }
          // A change (state 2): the edited row's new text is read, not the one indexed for state 1.
          if (edited < pages.length) {
            bundle.files.set(pathOf(edited), conceptFile({ title }, body));
            index.applyFile(await readBundleFile(bundle, pathOf(edited)));
          }
          const now = new Set(db.all<{ id: number }>('select rowid as id from concepts').map((r) => r.id));
          for (const phrase of PHRASES)
            expect([phrase, touched.frequencies(2, phrase, W, now)]).toEqual([phrase, fromFts(db, phrase, W)]);
        } finally {
          index.close();
        }
      },
    ),
    { numRuns: 40, seed: 14 },
  );
}, 60_000);

test('weights that are not whole numbers give no frequency (the caller falls back)', async () => {
  const bundle = new MemoryBundle({ [pathOf(0)]: conceptFile({ title: 'common' }, 'common rare') });
  const index = await buildIndex(bundle);
  const touched = new TouchedRows(rawDatabase(index));
  expect(touched.frequencies(1, '"common"', '0.0, 1.5, 0.3, 0.7, 0.1, 2.25', new Set([1]))).toBeNull();
  expect(touched.frequencies(1, '"common"', W, new Set([1]))).toEqual(new Map([[1, 11]]));
  index.close();
});

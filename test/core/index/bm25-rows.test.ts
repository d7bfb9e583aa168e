// bm25Rows ranks on rowids and fetches only the best rows; it must return exactly what ranking every match by
// (score, path) in SQL returns — including when the score at the cut is tied past the rows it fetched, and
// when paths differ past U+FFFF, where SQLite's byte order and JavaScript's UTF-16 order disagree.
import fc from 'fast-check';
import { buildIndex, readBundleFile } from '../../../src/core/index/build';
import { rawDatabase, WikiIndex } from '../../../src/core/index/wiki-index';
import { conceptFile } from '../../support/builders';
import { MemoryBundle } from '../../support/memory-bundle';

const WEIGHTS = [0, 10, 8, 4, 4, 1];

function exact(index: WikiIndex, match: string, limit: number) {
  return rawDatabase(index).all<{ path: string; score: number }>(
    `select path, bm25(concepts_fts, ${WEIGHTS.map((w) => w.toFixed(1)).join(', ')}) as score from concepts_fts
      where concepts_fts match ? order by score, path limit ?`,
    [match, limit],
  );
}

const fast = (index: WikiIndex, match: string, limit: number) =>
  index.bm25Rows(match, limit, WEIGHTS).map((r) => ({ path: r.path, score: r.score }));

test('equals the exact ranking when many pages tie at the cut (identical pages), and when they do not', async () => {
  const files: Record<string, string> = {};
  for (let i = 0; i < 60; i++)
    files[`/same/p${String(59 - i).padStart(2, '0')}.md`] = conceptFile({ title: 'Same page' }, 'alpha beta gamma');
  for (let i = 0; i < 30; i++)
    files[`/other/q${i}.md`] = conceptFile({ title: `Other ${i}` }, `alpha ${'delta '.repeat(i + 1)}`);
  // Applied in reverse path order, so rowids (the order SQLite meets tied rows in) run against the path order.
  const bundle = new MemoryBundle(files);
  const index = await WikiIndex.create();
  for (const path of Object.keys(files).sort().reverse()) index.applyFile(await readBundleFile(bundle, path));
  for (const [match, limit] of [
    ['"alpha"', 20],
    ['"gamma"', 20],
    ['"delta"', 20],
    ['"alpha" OR "delta"', 5],
    ['"beta"', 1],
    ['"zzz"', 20],
  ] as const) {
    expect([match, limit, fast(index, match, limit)]).toEqual([match, limit, exact(index, match, limit)]);
  }
  const body = index.bm25Rows('"delta"', 3, WEIGHTS)[0];
  expect(body.body).toContain('delta');
  expect(body.title).toMatch(/^Other /);
});

test('orders tied paths as SQLite does past U+FFFF', async () => {
  const names = ['\u{1F600}', '\uFF21', 'a', '\uE000', '\u{10000}z'];
  const files = Object.fromEntries(names.map((n) => [`/${n}.md`, conceptFile({ title: 'Tie' }, 'omega')]));
  const index = await buildIndex(new MemoryBundle(files));
  expect(fast(index, '"omega"', 3)).toEqual(exact(index, '"omega"', 3));
  expect(fast(index, '"omega"', 10)).toEqual(exact(index, '"omega"', 10));
});

test('equals the exact ranking on generated bundles and questions', async () => {
  const word = fc.constantFrom('alpha', 'beta', 'gamma', 'delta', 'eps');
  const page = fc.array(word, { minLength: 1, maxLength: 6 }).map((w) => w.join(' '));
  await fc.assert(
    fc.asyncProperty(
      fc.array(page, { minLength: 1, maxLength: 40 }),
      fc.array(word, { minLength: 1, maxLength: 3 }),
      fc.integer({ min: 1, max: 12 }),
      async (pages, q, limit) => {
        const index = await buildIndex(
          new MemoryBundle(
            Object.fromEntries(pages.map((p, i) => [`/p${(i * 7919) % 97}-${i}.md`, conceptFile({ title: 'T' }, p)])),
          ),
        );
        const match = [...new Set(q)].map((w) => `"${w}"`).join(' OR ');
        expect(fast(index, match, limit)).toEqual(exact(index, match, limit));
        index.close();
      },
    ),
    { numRuns: 60, seed: 14 },
  );
});

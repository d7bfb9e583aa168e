// Kept phrase scores carried across index changes (bm25-cache.ts): after any sequence of edits, additions and
// removals, every kept phrase's scores recomputed from its kept frequencies must be FTS5's own bm25() bit for bit for
// every row, and the ranking phrase by phrase the ranking of FTS5's single query. A cache that skips refreshing the
// touched rows must be caught by the same check.
import fc from 'fast-check';
import { PhraseScoreCache } from '../../../src/core/index/bm25-phrases';
import { buildIndex, readBundleFile } from '../../../src/core/index/build';
import * as reads from '../../../src/core/index/read-queries';
import { rawDatabase, type WikiIndex } from '../../../src/core/index/wiki-index';
import { conceptFile } from '../../support/builders';
import { MemoryBundle } from '../../support/memory-bundle';

const WEIGHTS = [0, 10, 8, 4, 4, 1];
const WEIGHT_SQL = WEIGHTS.map((w) => w.toFixed(1)).join(', ');
const PHRASES = ['"common"', '"usual"', '"rare"', '"e-mail"', '"x"'];

// "common" on most pages (its idf clamped), "usual" on about half, "rare" on few; "e-mail" is a two-token phrase.
const word = fc.constantFrom('common', 'common', 'common', 'usual', 'usual', 'rare', 'e-mail', 'x', 'filler');
const text = fc.array(word, { minLength: 1, maxLength: 10 }).map((w) => w.join(' '));
const page = fc.tuple(text, text);
/** A change: a page edited or added (slot 0–29), a page removed, several at once, or a change of no concept. */
const change = fc.oneof(
  fc.record({ kind: fc.constant('put' as const), slot: fc.nat(29), page }),
  fc.record({ kind: fc.constant('remove' as const), slot: fc.nat(29) }),
  fc.record({
    kind: fc.constant('batch' as const),
    puts: fc.array(fc.tuple(fc.nat(29), page), { minLength: 1, maxLength: 4 }),
  }),
  fc.record({ kind: fc.constant('meta' as const), value: fc.nat(9) }),
);
type Change = typeof change extends fc.Arbitrary<infer T> ? T : never;

const pathOf = (slot: number) => `/p/s${String(slot).padStart(2, '0')}.md`;
const fileOf = ([title, body]: [string, string]) => conceptFile({ title }, body);

async function apply(index: WikiIndex, bundle: MemoryBundle, c: Change): Promise<void> {
  if (c.kind === 'put') {
    bundle.files.set(pathOf(c.slot), fileOf(c.page));
    index.applyFile(await readBundleFile(bundle, pathOf(c.slot)));
  } else if (c.kind === 'remove') {
    bundle.files.delete(pathOf(c.slot));
    index.removeFile(pathOf(c.slot));
  } else if (c.kind === 'batch') {
    for (const [slot, p] of c.puts) bundle.files.set(pathOf(slot), fileOf(p));
    const paths = [...new Set(c.puts.map(([slot]) => pathOf(slot)))];
    index.applyFiles(await Promise.all(paths.map((p) => readBundleFile(bundle, p))));
  } else index.setMeta('test', String(c.value));
}

/** FTS5's own scores of `match`, every row. */
const ftsScores = (index: WikiIndex, match: string) =>
  rawDatabase(index).numberPairs(
    `select rowid, bm25(concepts_fts, ${WEIGHT_SQL}) from concepts_fts where concepts_fts match ?`,
    [match],
  );

/** The unoptimised ranking: FTS5 scores and orders every match. */
const exact = (index: WikiIndex, match: string, limit: number) =>
  rawDatabase(index).all<{ path: string; score: number }>(
    `select path, bm25(concepts_fts, ${WEIGHT_SQL}) as score from concepts_fts
      where concepts_fts match ? order by score, path limit ?`,
    [match, limit],
  );

/** Every kept phrase's scores and a few rankings, checked against FTS5 on the index as it is now. */
function check(index: WikiIndex, cache: PhraseScoreCache, step: number): void {
  const db = rawDatabase(index);
  cache.use(db, index.generation);
  for (const phrase of cache.keptPhrases()) {
    const got = cache.scores(db, phrase, WEIGHT_SQL);
    const want = ftsScores(index, phrase);
    expect([step, phrase, Array.from(got.ids)]).toEqual([step, phrase, Array.from(want.ids)]);
    for (let i = 0; i < want.ids.length; i++)
      if (!Object.is(got.scores[i], want.values[i]))
        throw new Error(`step ${step} ${phrase} row ${want.ids[i]}: ${got.scores[i]} is not FTS5's ${want.values[i]}`);
  }
  // Whether a phrase is in half the rows or more (a bounded word's share rests on it), from counts carried across
  // changes where the touched rows cannot have moved them across half: always what counting now says.
  const total = db.get<{ n: number }>('select count(*) as n from concepts')!.n;
  for (const phrase of PHRASES) {
    const n = db.get<{ n: number }>('select count(*) as n from concepts_fts where concepts_fts match ?', [phrase])!.n;
    expect([step, phrase, cache.common(db, phrase)]).toEqual([step, phrase, 2 * n >= total]);
  }
  for (const phrases of [PHRASES, ['"rare"', '"common"'], ['"usual"', '"x"', '"common"']]) {
    // Ask each phrase so the common ones are kept, then rank phrase by phrase from the cache.
    for (const limit of [1, 4, 30]) {
      const got = reads
        .bm25RowsByPhrases(db, cache, phrases, limit, WEIGHTS)
        .map((r) => ({ path: r.path, score: r.score }));
      expect([step, phrases, limit, got]).toEqual([step, phrases, limit, exact(index, phrases.join(' OR '), limit)]);
    }
  }
}

const scenario = fc.tuple(
  fc.array(fc.tuple(fc.nat(29), page), { minLength: 4, maxLength: 30 }),
  fc.array(change, { minLength: 1, maxLength: 8 }),
);

/** Runs the scenario with `cache`; returns how many kept phrases were carried across a change. */
async function run(cache: () => PhraseScoreCache, [pages, changes]: [[number, [string, string]][], Change[]]) {
  const bundle = new MemoryBundle(Object.fromEntries(pages.map(([slot, p]) => [pathOf(slot), fileOf(p)])));
  const index = await buildIndex(bundle);
  const c = cache();
  try {
    check(index, c, -1);
    for (const [step, ch] of changes.entries()) {
      await apply(index, bundle, ch);
      check(index, c, step);
    }
  } finally {
    index.close();
  }
  return c.refreshes;
}

// The touched rows' frequencies are read from their text indexed apart (bm25-touched.ts), or, for a change touching
// more rows than that takes, from concepts_fts (walked): both ways. A phrase first scored is read from FTS5's doclists
// (bm25-doclist.ts) in the first way, scored by FTS5 and its frequencies inverted in the second.
test.each([
  ['indexed apart', undefined, true],
  ['walked in concepts_fts', 0, false],
])(
  'kept scores recomputed after each change (touched rows %s) are FTS5 bm25() bit for bit, and rank as FTS5 does',
  async (_, indexTouched, doclists) => {
    let refreshes = 0;
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        refreshes += await run(() => new PhraseScoreCache(3, undefined, true, indexTouched, doclists), s);
      }),
      { numRuns: 60, seed: 2026 },
    );
    // The check ran on phrases carried across changes, not only on phrases scored anew.
    expect(refreshes).toBeGreaterThan(100);
  },
  120_000,
);

test('a cache that does not refresh the rows a change touched is caught', async () => {
  const broken = () => new PhraseScoreCache(3, undefined, false);
  await expect(
    fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        await run(broken, s);
      }),
      { numRuns: 60, seed: 2026 },
    ),
  ).rejects.toThrow(/Property failed/);
  // A plain case: of 8 pages, the last edited (its row keeps its rowid) to hold "common" more often.
  const pages: [number, [string, string]][] = [0, 1, 2, 3, 4, 5, 6, 7].map((slot) => [slot, ['common', 'common']]);
  const changes: Change[] = [{ kind: 'put', slot: 7, page: ['common', 'common common rare'] }];
  await expect(run(broken, [pages, changes])).rejects.toThrow(/is not FTS5's|toEqual/);
  expect(await run(() => new PhraseScoreCache(3), [pages, changes])).toBeGreaterThan(0);
}, 120_000);

// Scoring an OR of phrases phrase by phrase, with common phrases' scores kept between questions, must give exactly
// what FTS5's own query gives: the same rows, bit-identical scores, ties by path — on every question, the first
// (FTS5's single pass) and the following (phrase by phrase, from the cache or not), and again after any change.
import fc from 'fast-check';
import { PhraseScoreCache, bestByBound, bestByPhrases, orOfPhrases } from '../../../src/core/index/bm25-phrases';
import { buildIndex, readBundleFile } from '../../../src/core/index/build';
import { rawDatabase, WikiIndex } from '../../../src/core/index/wiki-index';
import { conceptFile } from '../../support/builders';
import { MemoryBundle } from '../../support/memory-bundle';

const WEIGHTS = [0, 10, 8, 4, 4, 1];
const WEIGHT_SQL = WEIGHTS.map((w) => w.toFixed(1)).join(', ');

/** The unoptimised ranking: FTS5 scores and orders every match. */
function exact(index: WikiIndex, match: string, limit: number) {
  return rawDatabase(index).all<{ path: string; score: number }>(
    `select path, bm25(concepts_fts, ${WEIGHT_SQL}) as score from concepts_fts
      where concepts_fts match ? order by score, path limit ?`,
    [match, limit],
  );
}

const ranked = (index: WikiIndex, match: string, limit: number) =>
  index.bm25Rows(match, limit, WEIGHTS).map((r) => ({ path: r.path, score: r.score }));

const quoted = (words: readonly string[]) => words.map((w) => `"${w.replace(/"/g, '""')}"`).join(' OR ');

/** Ranks `match` three times (FTS5's pass, then phrase by phrase twice) and checks each against the exact query. */
function expectExact(index: WikiIndex, match: string, limit: number) {
  const want = exact(index, match, limit);
  for (let i = 0; i < 3; i++) expect([match, limit, i, ranked(index, match, limit)]).toEqual([match, limit, i, want]);
}

test('orOfPhrases reads only what toFtsQuery writes', () => {
  expect(orOfPhrases('"a"')).toEqual(['"a"']);
  expect(orOfPhrases('"say ""hi""" OR "b c" OR "é"')).toEqual(['"say ""hi"""', '"b c"', '"é"']);
  for (const other of ['a', '"a" AND "b"', '"a" OR b', '"a', '"a" or "b"', '', 'NEAR("a" "b")', '"a" OR "b"*'])
    expect([other, orOfPhrases(other)]).toEqual([other, null]);
});

test('equals the exact ranking on generated bundles: common, rare, repeated and multi-word phrases', async () => {
  // "common" is on most pages (FTS5 clamps its idf), "rare" on few; "e-mail" is a two-token phrase.
  const word = fc.constantFrom('common', 'common', 'common', 'usual', 'usual', 'rare', 'odd', 'e-mail', 'x');
  const page = fc.array(word, { minLength: 1, maxLength: 12 }).map((w) => w.join(' '));
  const question = fc.array(fc.constantFrom('common', 'usual', 'rare', 'odd', 'e-mail', 'absent', 'x', 'say "hi"'), {
    minLength: 1,
    maxLength: 5,
  });
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.tuple(page, page), { minLength: 1, maxLength: 40 }),
      fc.array(question, { minLength: 1, maxLength: 4 }),
      fc.integer({ min: 1, max: 12 }),
      async (pages, questions, limit) => {
        const index = await buildIndex(
          new MemoryBundle(
            Object.fromEntries(
              pages.map(([title, body], i) => [`/p${(i * 7919) % 97}-${i}.md`, conceptFile({ title }, body)]),
            ),
          ),
        );
        for (const q of questions) expectExact(index, quoted(q), limit);
        index.close();
      },
    ),
    { numRuns: 40, seed: 14 },
  );
}, 60_000);

test('kept scores of common words (600 pages) stay exact when a page changes, however it is written', async () => {
  const files: Record<string, string> = {};
  for (let i = 0; i < 600; i++) {
    const body = `system ${'language '.repeat(1 + (i % 7))}${i % 3 === 0 ? 'early ' : ''}${i % 50 === 0 ? 'rare' : ''}`;
    files[`/c/p${String((i * 37) % 600).padStart(3, '0')}.md`] = conceptFile({ title: `Page ${i % 40}` }, body);
  }
  const bundle = new MemoryBundle(files);
  const index = await buildIndex(bundle);
  for (const q of [['early', 'language', 'system'], ['rare', 'system'], ['system'], ['language', 'page', 'rare']])
    for (const limit of [1, 5, 20]) expectExact(index, quoted(q), limit);

  // A change through the index (a saved page) and one straight into SQLite: what is kept is refreshed or dropped.
  bundle.files.set('/c/p000.md', conceptFile({ title: 'Page 0' }, 'system system system language early rare rare'));
  index.applyFile(await readBundleFile(bundle, '/c/p000.md'));
  for (const limit of [1, 20]) expectExact(index, quoted(['early', 'language', 'system', 'rare']), limit);
  rawDatabase(index).run("insert into concepts_fts (concepts_fts) values ('rebuild')");
  rawDatabase(index).run("update concepts set title = 'Rare rare' where path = '/c/p123.md'");
  rawDatabase(index).run("insert into concepts_fts (concepts_fts) values ('rebuild')");
  expectExact(index, quoted(['rare', 'system']), 3);
  // Rowids far apart or below zero (a wiki.db another tool wrote) are summed as exactly.
  rawDatabase(index).run("update concepts set rowid = 9000000 where path = '/c/p001.md'");
  rawDatabase(index).run("update concepts set rowid = -7 where path = '/c/p002.md'");
  rawDatabase(index).run("insert into concepts_fts (concepts_fts) values ('rebuild')");
  for (const limit of [1, 20]) expectExact(index, quoted(['early', 'language', 'system', 'rare']), limit);
  index.close();
}, 60_000);

test('a prepared index (MCP server once open) ranks exactly from the first question, and after a change', async () => {
  const files: Record<string, string> = {};
  for (let i = 0; i < 600; i++) {
    const body = `system ${'language '.repeat(1 + (i % 5))}${i % 4 === 0 ? 'early ' : ''}${i % 60 === 0 ? 'rare' : ''}`;
    files[`/c/p${String((i * 41) % 600).padStart(3, '0')}.md`] = conceptFile({ title: `Page ${i % 30}` }, body);
  }
  const bundle = new MemoryBundle(files);
  const index = await buildIndex(bundle);
  // Prepared before any question: the first is scored phrase by phrase (the cache is warm), with the row sizes read.
  index.prepareBm25();
  for (const q of [
    ['early', 'language', 'system'],
    ['rare', 'system'],
    ['language', 'page', 'rare'],
  ])
    for (const limit of [1, 7]) expectExact(index, quoted(q), limit);
  bundle.files.set('/c/p000.md', conceptFile({ title: 'Page 0' }, 'system language language early rare rare'));
  index.applyFile(await readBundleFile(bundle, '/c/p000.md'));
  index.prepareBm25();
  for (const limit of [1, 20]) expectExact(index, quoted(['early', 'language', 'system', 'rare']), limit);
  index.close();
}, 60_000);

test('the cache keeps only phrases of many rows, within its row budget, oldest dropped first', async () => {
  const files: Record<string, string> = {};
  for (let i = 0; i < 30; i++) files[`/p${i}.md`] = conceptFile({ title: `T${i}` }, `alpha ${i < 20 ? 'beta' : ''}`);
  const index = await buildIndex(new MemoryBundle(files));
  const db = rawDatabase(index);
  const cache = new PhraseScoreCache(10, 45);
  expect(cache.use(db, 1)).toBe(false);
  expect(cache.use(db, 1)).toBe(true);
  const best = (phrases: string[]) => bestByPhrases(db, cache, phrases, 5, WEIGHT_SQL).length;
  best(['"alpha"', '"t1"']);
  expect(cache.keptPhrases()).toEqual(['"alpha"']); // 30 rows; t1 (1 row) is cheap to score again
  best(['"beta"']);
  expect(cache.keptPhrases()).toEqual(['"beta"']); // 30 + 20 rows is over the budget of 45: alpha went
  expect(cache.use(db, 1)).toBe(true);
  expect(cache.use(db, 2)).toBe(true); // the index changed: beta is kept, refreshed when next asked
  expect(cache.keptPhrases()).toEqual(['"beta"']);
  expect(cache.refreshes).toBe(0);
  best(['"beta"']);
  expect(cache.refreshes).toBe(1);
  index.close();
});

test('the first question scores only the rows its rarer words can rank, and only when that bound decides', async () => {
  // "system" is on every page (idf clamped), "language" on about half, "rare" on 12 pages, "lone" on one.
  const files: Record<string, string> = {};
  for (let i = 0; i < 600; i++) {
    const rare = i % 50 === 0 ? 'rare '.repeat(1 + (i % 3)) : '';
    const body = `system ${i % 2 ? 'language ' : ''}${rare}${i ? '' : 'lone'}`;
    files[`/c/p${String((i * 37) % 600).padStart(3, '0')}.md`] = conceptFile({ title: `Page ${i % 40}` }, body);
  }
  const index = await buildIndex(new MemoryBundle(files));
  const db = rawDatabase(index);
  const bound = (words: string[], limit: number) =>
    bestByBound(
      db,
      quoted(words),
      words.map((w) => `"${w}"`),
      limit,
      WEIGHT_SQL,
    );
  for (const [words, limit] of [
    [['rare', 'system'], 5],
    [['system', 'rare', 'language'], 12],
    [['rare', 'system'], 1],
  ] as const) {
    const rows = bound([...words], limit);
    expect(rows).not.toBeNull();
    // Every row that can rank, each with the whole query's score, FTS5's own.
    const all = new Map(
      db
        .all<{ rowid: number; score: number }>(
          `select rowid, bm25(concepts_fts, ${WEIGHT_SQL}) as score from concepts_fts where concepts_fts match ?`,
          [quoted([...words])],
        )
        .map((r) => [r.rowid, r.score]),
    );
    for (const r of rows!) expect(r.score).toBe(all.get(r.rowid));
    const best = [...all.values()].sort((a, b) => a - b).slice(0, limit);
    expect(
      rows!
        .map((r) => r.score)
        .sort((a, b) => a - b)
        .slice(0, limit),
    ).toEqual(best);
    expect(rows!.length).toBeLessThan(all.size);
    // And the index's first question (this bound) ranks as FTS5 does.
    const fresh = await buildIndex(new MemoryBundle(files));
    expect(ranked(fresh, quoted([...words]), limit)).toEqual(exact(fresh, quoted([...words]), limit));
    fresh.close();
  }
  expect(bound(['system'], 5)).toBeNull(); // nothing rarer
  expect(bound(['rare'], 5)).toBeNull(); // nothing common
  expect(bound(['lone', 'system'], 5)).toBeNull(); // one page holds "lone": the other four come from "system" alone
  expect(bound(['rare', 'system'], 20)).toBeNull(); // 12 pages hold "rare"
  index.close();
}, 60_000);

test('fewer rows than asked hold the rarer words: a prefix is those rows, the exact first of the ranking', async () => {
  // "system" on every page, "rare" on 12: the best 20 need "system" scored on all 600 pages, the first 12 do not.
  const files: Record<string, string> = {};
  for (let i = 0; i < 600; i++) {
    const rare = i % 50 === 0 ? 'rare '.repeat(1 + (i % 3)) : '';
    files[`/c/p${String((i * 37) % 600).padStart(3, '0')}.md`] = conceptFile(
      { title: `Page ${i % 40}` },
      `system ${rare}`,
    );
  }
  const index = await buildIndex(new MemoryBundle(files));
  const match = quoted(['system', 'rare']);
  for (const round of [0, 1, 2]) {
    // First question (FTS5's pass for the rarer words), then phrase by phrase: there "system" is read from FTS5's
    // doclists (bm25-doclist.ts), cheap enough that the whole ranking comes back.
    const prefix = index.bm25Prefix(match, 20, WEIGHTS);
    const n = round === 0 ? 12 : 20;
    expect([round, prefix.complete, prefix.rows.length]).toEqual([round, round > 0, n]);
    const first = prefix.rows.map((r) => ({ path: r.path, score: r.score }));
    expect([round, first]).toEqual([round, exact(index, match, n)]);
  }
  // No rarer word, or enough rows of it: the whole ranking, as ever.
  expect(index.bm25Prefix(quoted(['system']), 20, WEIGHTS).complete).toBe(true);
  const enough = index.bm25Prefix(match, 5, WEIGHTS);
  expect(enough.complete).toBe(true);
  expect(enough.rows.map((r) => ({ path: r.path, score: r.score }))).toEqual(exact(index, match, 5));
  // The whole ranking still ranks "system" everywhere, and keeps its scores.
  expectExact(index, match, 20);
  index.close();
}, 60_000);

test('a word on just under half the pages is scored, not bounded as common (FTS5 clamps idf at half)', async () => {
  // 101 pages: "nearhalf" on 50 (2 × 50 = N − 1: its idf is small but not clamped), "quorvix" on 25, "lorem" on all.
  // p024 holds quorvix and nearhalf and is one token longer than the other quorvix pages, so quorvix alone ranks it
  // below them and nearhalf's small idf lifts it to first: bounding nearhalf as a common word would drop it.
  const filler = (n: number) => Array.from({ length: n }, () => 'lorem').join(' ');
  const bodies = [
    ...Array.from({ length: 24 }, () => `quorvix ${filler(98)}`),
    `quorvix nearhalf ${filler(98)}`,
    ...Array.from({ length: 49 }, () => `nearhalf ${filler(98)}`),
    ...Array.from({ length: 27 }, () => filler(99)),
  ];
  const pages = Object.fromEntries(
    bodies.map((body, i) => [
      `/entities/p${String(i).padStart(3, '0')}.md`,
      conceptFile({ type: 'Concept', title: `Page ${i}` }, `${body}\n`),
    ]),
  );
  const index = await buildIndex(new MemoryBundle(pages));
  const match = quoted(['quorvix', 'nearhalf', 'lorem']);
  expect(ranked(index, match, 20)[0]?.path).toBe('/entities/p024.md');
  // Cold (the index's first question), then warm: a common word's score kept from another question.
  expectExact(index, match, 20);
  expectExact(index, quoted(['lorem']), 5);
  expectExact(index, match, 20);
  index.close();
});

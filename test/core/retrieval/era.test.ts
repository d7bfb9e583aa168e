// A question set in a past time seeds the page of the supersession chain whose era holds that time (spec §7.7):
// the periods a question is set in (intent.ts), the choice among a chain's pages (era.ts), and the answer
// end to end on the demo's Bell Labs chain (AT&T era → Lucent era → Nokia Bell Labs).
import type { Catalog, ConceptInfo } from '../../../src/core/retrieval/catalog';
import { contextFor } from '../../../src/core/retrieval/context-for';
import { seedsForPeriods } from '../../../src/core/retrieval/era';
import { pastPeriods } from '../../../src/core/retrieval/intent';
import type { Seed } from '../../../src/core/retrieval/types';
import type { WikiIndex } from '../../../src/core/index/wiki-index';
import { fixedClock, indexOfFixture } from '../../support/retrieval-bundle';

describe('pastPeriods', () => {
  const TODAY = '2026-12-02';
  test.each([
    ['Who owned Bell Labs in 1990?', [{ first: 1990, last: 1990 }]],
    ['Who ran it in the 1960s?', [{ first: 1960, last: 1969 }]],
    ['Who ran it in the early 2000s?', [{ first: 2000, last: 2003 }]],
    ['Who ran it during the mid-1970s?', [{ first: 1973, last: 1976 }]],
    ['Who ran it in the late 1990s?', [{ first: 1996, last: 1999 }]],
    ['Who ran it in the 20th century?', [{ first: 1901, last: 2000 }]],
    ['Who ran it in the nineteenth century?', [{ first: 1801, last: 1900 }]],
    [
      'Who ran it in 1990 and in 2001?',
      [
        { first: 1990, last: 1990 },
        { first: 2001, last: 2001 },
      ],
    ],
  ])('%s', (question, periods) => {
    expect(pastPeriods(question, TODAY)).toEqual(periods);
  });

  test('a year not yet over, or to come, is no past period; with no today every period counts', () => {
    expect(pastPeriods('Who will run it in 2030?', TODAY)).toEqual([]);
    expect(pastPeriods('Who runs it in 2026?', TODAY)).toEqual([]);
    expect(pastPeriods('Who ran it in the mid-2020s?', TODAY)).toEqual([]);
    expect(pastPeriods('Who ran it in the early 2020s?', TODAY)).toEqual([{ first: 2020, last: 2023 }]);
    expect(pastPeriods('Who will run it in 2030?', undefined)).toEqual([{ first: 2030, last: 2030 }]);
    expect(pastPeriods('Who runs it now?', TODAY)).toEqual([]);
  });
});

describe('seedsForPeriods', () => {
  /** A chain A → B → C (superseded 1950-06-01 and 1980-01-01), a page D outside it. */
  function catalog(extra: Record<string, Partial<ConceptInfo>> = {}): Catalog {
    const infos: Record<string, Partial<ConceptInfo>> = {
      '/a.md': { status: 'superseded', supersededBy: '/b.md', supersededAt: '1950-06-01' },
      '/b.md': { status: 'superseded', supersededBy: '/c.md', supersededAt: '1980-01-01' },
      '/c.md': {},
      '/d.md': {},
      ...extra,
    };
    const concepts = new Map<string, ConceptInfo>(
      Object.entries(infos).map(([path, info]) => [
        path,
        { path, title: path.slice(1, 2).toUpperCase(), type: 'Entity', trust: 'unverified', ...info },
      ]),
    );
    return { generation: 1, titles: [], concepts };
  }
  const seed = (path: string): Seed => ({ path, title: path, type: 'Entity', fused: 1, signals: { title: 0 } });
  const paths = (seeds: readonly Seed[]) => seeds.map((s) => [s.path, s.eraInsteadOf]);

  test("a page whose era holds none of the time gives way to the chain's page whose era does", () => {
    const c = catalog();
    expect(paths(seedsForPeriods(c, [seed('/c.md')], [{ first: 1940, last: 1940 }]))).toEqual([['/a.md', '/c.md']]);
    expect(paths(seedsForPeriods(c, [seed('/a.md')], [{ first: 1960, last: 1969 }]))).toEqual([['/b.md', '/a.md']]);
    expect(paths(seedsForPeriods(c, [seed('/b.md')], [{ first: 1990, last: 1990 }]))).toEqual([['/c.md', '/b.md']]);
    const replaced = seedsForPeriods(c, [seed('/c.md')], [{ first: 1940, last: 1940 }])[0];
    expect(replaced).toMatchObject({ title: 'A', fused: 1, signals: { title: 0 } });
  });

  test('a page whose era holds part of the time stays; so does a page outside any chain', () => {
    const c = catalog();
    // 1950: A until June 1, B after it.
    expect(paths(seedsForPeriods(c, [seed('/b.md')], [{ first: 1950, last: 1950 }]))).toEqual([['/b.md', undefined]]);
    expect(paths(seedsForPeriods(c, [seed('/a.md')], [{ first: 1950, last: 1950 }]))).toEqual([['/a.md', undefined]]);
    expect(paths(seedsForPeriods(c, [seed('/d.md')], [{ first: 1940, last: 1940 }]))).toEqual([['/d.md', undefined]]);
  });

  test('of several pages holding the time, the one holding most of it; no period, no change', () => {
    const c = catalog();
    // 1945–1954: A holds 1945 to May 1950 (5.4 years), B June 1950 to 1954 (4.6), C none of it.
    expect(paths(seedsForPeriods(c, [seed('/c.md')], [{ first: 1945, last: 1954 }]))).toEqual([['/a.md', '/c.md']]);
    expect(paths(seedsForPeriods(c, [seed('/c.md')], [{ first: 1948, last: 1957 }]))).toEqual([['/b.md', '/c.md']]);
    expect(paths(seedsForPeriods(c, [seed('/c.md')], []))).toEqual([['/c.md', undefined]]);
  });

  test('two seeds of one chain leading to the same era seed it once, where it first came', () => {
    const c = catalog();
    const out = seedsForPeriods(c, [seed('/d.md'), seed('/c.md'), seed('/b.md')], [{ first: 1940, last: 1940 }]);
    expect(paths(out)).toEqual([
      ['/d.md', undefined],
      ['/a.md', '/c.md'],
    ]);
  });

  test('a superseded page with no date leaves its era unknown: never chosen, never replaced', () => {
    // B superseded with no superseded_at and C without generated.at: B's end and C's start are unknown.
    const c = catalog({ '/b.md': { status: 'superseded', supersededBy: '/c.md' } });
    expect(paths(seedsForPeriods(c, [seed('/c.md')], [{ first: 1990, last: 1990 }]))).toEqual([['/c.md', undefined]]);
    expect(paths(seedsForPeriods(c, [seed('/b.md')], [{ first: 1940, last: 1940 }]))).toEqual([['/b.md', undefined]]);
    expect(paths(seedsForPeriods(c, [seed('/a.md')], [{ first: 1960, last: 1960 }]))).toEqual([['/a.md', undefined]]);
    // The successor's generated.at stands in for a missing superseded_at (spec §7.7).
    const dated = catalog({
      '/b.md': { status: 'superseded', supersededBy: '/c.md' },
      '/c.md': { generatedAt: '1980-01-01T00:00:00Z' },
    });
    expect(paths(seedsForPeriods(dated, [seed('/c.md')], [{ first: 1960, last: 1960 }]))).toEqual([['/b.md', '/c.md']]);
  });

  test('a merge starts when its last predecessor ended; a cycle is walked a bounded number of hops', () => {
    const merged = catalog({ '/d.md': { status: 'superseded', supersededBy: '/b.md', supersededAt: '1955-01-01' } });
    // B replaced A (1950) and D (1955): B's era starts in 1955, so 1952 is D's (until 1955) and A's is over.
    expect(paths(seedsForPeriods(merged, [seed('/b.md')], [{ first: 1952, last: 1952 }]))).toEqual([
      ['/d.md', '/b.md'],
    ]);
    const cycle = catalog({
      '/x.md': { status: 'superseded', supersededBy: '/y.md', supersededAt: '1900-01-01' },
      '/y.md': { status: 'superseded', supersededBy: '/x.md', supersededAt: '1910-01-01' },
    });
    expect(() => seedsForPeriods(cycle, [seed('/x.md')], [{ first: 1990, last: 1990 }])).not.toThrow();
  });
});

describe('the demo: Bell Labs, AT&T era (until 1996-09-30), Lucent era (until 2016-01-14), Nokia', () => {
  let index: WikiIndex;
  beforeAll(async () => (index = await indexOfFixture('../../examples/computing-history')));
  afterAll(() => index.close());
  const ask = (question: string) => contextFor(index, question, { clock: fixedClock('2026-12-02T12:00:00Z') });

  test('"Who owned Bell Labs in 1990?" seeds the AT&T era and says which page it was found by', async () => {
    const result = await ask('Who owned Bell Labs in 1990?');
    expect(result.seeds.map((s) => [s.path, s.eraInsteadOf])).toEqual([
      ['/entities/att-bell-labs.md', '/entities/lucent-bell-labs.md'],
    ]);
    expect(result.text).toContain("the era of the question's time in the chain of /entities/lucent-bell-labs.md");
  });

  test('a question set in the 1960s seeds the AT&T era once, not the Lucent era beside it', async () => {
    const result = await ask('Which researchers did Bell Labs employ in the 1960s?');
    expect(result.seeds.map((s) => s.path)).toEqual(['/entities/att-bell-labs.md']);
  });

  test('a page named in full whose era holds none of the time gives way (to a page seeded already)', async () => {
    const question = 'Who ran Bell Labs (AT&T era), Bell Labs (Lucent era) and Nokia Bell Labs during the 1990s?';
    const result = await ask(question);
    expect(result.seeds.map((s) => s.path).sort()).toEqual([
      '/entities/att-bell-labs.md',
      '/entities/lucent-bell-labs.md',
    ]);
  });

  test('a question set in no past time keeps the current page', async () => {
    const result = await ask('Who owns Bell Labs?');
    expect(result.seeds.map((s) => s.path)).toEqual(['/entities/nokia-bell-labs.md']);
    expect(result.seeds[0].eraInsteadOf).toBeUndefined();
  });
});

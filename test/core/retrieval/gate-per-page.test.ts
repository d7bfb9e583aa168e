// The words' gate judges each page's coverage on its own (spec §10.4, §7.7), never the coverage of one page joined
// to another's; the names gate reads the page's subject: a name on another page of the same supersession chain
// (one subject over time, e.g. Bell Labs' campus named on its AT&T-era page) names this page's subject too. A page
// outside the chain lends no name.
import type { WikiIndex } from '../../../src/core/index/wiki-index';
import { bm25Search } from '../../../src/core/retrieval/bm25';
import { catalogOf, supersessionChain } from '../../../src/core/retrieval/catalog';
import { contextFor } from '../../../src/core/retrieval/context-for';
import { fixedClock, indexOfSpecs, type ConceptSpec } from '../../support/retrieval-bundle';

const OLD = '/entities/old-lab.md';
const NEW = '/entities/new-lab.md';
const OTHER = '/entities/other-lab.md';
const QUESTION = 'Who funded the switching research at Murray Hill?';
const specs: Record<string, ConceptSpec> = {
  // Covers the question's words but not its name (Murray Hill).
  [OLD]: {
    title: 'Old Lab',
    status: 'superseded',
    supersededBy: NEW,
    supersededAt: '1996-09-30',
    body: 'Who funded the switching research in the 1980s: a telephone company paid for all of it.',
  },
  // Holds the name, and few of the words.
  [NEW]: { title: 'New Lab', supersedes: [OLD], body: 'A laboratory at Murray Hill.' },
  // Covers the words of another question, and no chain joins it to a page naming Holmdel.
  [OTHER]: { title: 'Other Lab', body: 'Who funded the antenna research: a telephone company paid for it.' },
  '/entities/holmdel.md': { title: 'Holmdel Site', body: 'A site at Holmdel.' },
};
const clock = fixedClock('2026-11-30');

let index: WikiIndex;
beforeAll(async () => {
  index = await indexOfSpecs(specs);
});
afterAll(() => index.close());

const chainOf = (path: string) => supersessionChain(catalogOf(index), path);

test('a supersession chain is followed both ways; a page outside any chain has none', () => {
  expect(chainOf(OLD)).toEqual([NEW]);
  expect(chainOf(NEW)).toEqual([OLD]);
  expect(chainOf(OTHER)).toEqual([]);
});

test('coverage is judged on the page alone; the names gate reads the names of its chain', () => {
  const alone = new Map(bm25Search(index, QUESTION).map((h) => [h.path, h]));
  expect(alone.get(OLD)).toMatchObject({ namesPresent: false });
  expect(alone.get(NEW)).toMatchObject({ namesPresent: true });
  const chained = new Map(bm25Search(index, QUESTION, undefined, 'plain', chainOf).map((h) => [h.path, h]));
  expect(chained.get(OLD)).toMatchObject({ namesPresent: true, coverage: alone.get(OLD)!.coverage });
  expect(chained.get(OLD)!.coverage).toBeGreaterThan(0.5);
  // The successor's own coverage stays its own: the superseded page's words never raise it.
  expect(chained.get(NEW)!.coverage).toBe(alone.get(NEW)!.coverage);
  expect(chained.get(NEW)!.coverage).toBeLessThanOrEqual(0.5);
});

test('the superseded page, named through its chain, seeds its successor for a question about now', async () => {
  const result = await contextFor(index, QUESTION, { clock });
  expect(result.seeds.map((s) => s.path)).toEqual([NEW]);
  expect(result.seeds[0].resolvedFrom).toBe(OLD);
});

test('a question set in the superseded page’s past seeds that page itself', async () => {
  const result = await contextFor(index, 'Who funded the switching research at Murray Hill in the 1980s?', { clock });
  expect(result.seeds.map((s) => s.path)).toEqual([OLD]);
});

test('a page outside the chain lends no name: words covered, name elsewhere, no confident match', async () => {
  const question = 'Who funded the antenna research at Holmdel?';
  const hits = new Map(bm25Search(index, question, undefined, 'plain', chainOf).map((h) => [h.path, h]));
  expect(hits.get(OTHER)!.coverage).toBeGreaterThan(0.5);
  expect(hits.get(OTHER)).toMatchObject({ namesPresent: false });
  expect((await contextFor(index, question, { clock })).confident).toBe(false);
});

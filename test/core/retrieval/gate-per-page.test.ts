// The words' gate judges each page on its own (spec §10.4, §7.7): when a superseded page's hit resolves to its
// successor, the successor is trusted only if one page alone covers the question's words and holds its names —
// never the coverage of one page joined to the names of another.
import type { WikiIndex } from '../../../src/core/index/wiki-index';
import { bm25Search } from '../../../src/core/retrieval/bm25';
import { contextFor } from '../../../src/core/retrieval/context-for';
import { fixedClock, indexOfSpecs, type ConceptSpec } from '../../support/retrieval-bundle';

const OLD = '/entities/old-lab.md';
const NEW = '/entities/new-lab.md';
const QUESTION = 'Who funded the switching research at Murray Hill?';
const specs: Record<string, ConceptSpec> = {
  // Covers the question's words but not its name (Murray Hill).
  [OLD]: {
    title: 'Old Lab',
    status: 'superseded',
    supersededBy: NEW,
    supersededAt: '1996-09-30',
    body: 'Who funded the switching research: a telephone company paid for all of it.',
  },
  // Holds the name, and few of the words.
  [NEW]: { title: 'New Lab', supersedes: [OLD], body: 'A laboratory at Murray Hill.' },
};
const clock = fixedClock('2026-11-30');

let index: WikiIndex;
beforeAll(async () => {
  index = await indexOfSpecs(specs);
});
afterAll(() => index.close());

describe('the coverage and names gates judge one page at a time', () => {
  test('premise: neither page passes both gates alone', () => {
    const hits = new Map(bm25Search(index, QUESTION).map((h) => [h.path, h]));
    expect(hits.get(OLD)).toMatchObject({ namesPresent: false });
    expect(hits.get(OLD)!.coverage).toBeGreaterThan(0.5);
    expect(hits.get(NEW)).toMatchObject({ namesPresent: true });
    expect(hits.get(NEW)!.coverage).toBeLessThanOrEqual(0.5);
  });

  test('the successor is not trusted on the superseded page’s words and its own name', async () => {
    const result = await contextFor(index, QUESTION, { clock });
    expect(result.confident).toBe(false);
  });

  test('with the names gate off, the superseded page’s coverage seeds its successor', async () => {
    const result = await contextFor(index, QUESTION, { clock, bundleThresholds: { requireNames: false } });
    expect(result.seeds.map((s) => s.path)).toEqual([NEW]);
    expect(result.seeds[0].resolvedFrom).toBe(OLD);
  });
});

// Reciprocal rank fusion (spec §6.1): score = Σ 1/(k + rank + 1), k = 60, a list given twice counts twice.
import { fuseRanks, RRF_K } from '../../../src/core/retrieval/rrf';

describe('fuseRanks', () => {
  test('k is 60', () => {
    expect(RRF_K).toBe(60);
  });

  test('one list: 1/(k + rank + 1) with 0-based ranks', () => {
    const scores = fuseRanks([['/a.md', '/b.md', '/c.md']]);
    expect(scores.get('/a.md')).toBeCloseTo(1 / 61, 12);
    expect(scores.get('/b.md')).toBeCloseTo(1 / 62, 12);
    expect(scores.get('/c.md')).toBeCloseTo(1 / 63, 12);
  });

  test('scores add up across lists', () => {
    const scores = fuseRanks([['/a.md', '/b.md'], ['/b.md']]);
    expect(scores.get('/a.md')).toBeCloseTo(1 / 61, 12);
    expect(scores.get('/b.md')).toBeCloseTo(1 / 62 + 1 / 61, 12);
  });

  test('the title list entered twice outweighs first place in both other signals', () => {
    // spec §10.3: the concept the question names beats a page that merely mentions it, even when that page is
    // first for BM25 and for vectors and the named one is only second in each.
    const title = ['/marc.md'];
    const scores = fuseRanks([title, title, ['/netscape.md', '/marc.md'], ['/netscape.md', '/marc.md']]);
    expect(scores.get('/marc.md')!).toBeGreaterThan(scores.get('/netscape.md')!);
  });

  test('paths missing from every list get no score; empty lists are fine', () => {
    const scores = fuseRanks([[], ['/a.md']]);
    expect(scores.has('/b.md')).toBe(false);
    expect([...scores.keys()]).toEqual(['/a.md']);
    expect(fuseRanks([]).size).toBe(0);
  });

  test('a custom k changes how fast the head dominates', () => {
    const scores = fuseRanks([['/a.md', '/b.md']], 0);
    expect(scores.get('/a.md')).toBe(1);
    expect(scores.get('/b.md')).toBe(0.5);
  });
});

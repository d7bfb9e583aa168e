// A page's literal facts are its words for the coverage and names gates (spec §10.4): "GC&CS" may be written only in
// a relation's literal object, never in the prose. Only the values count — not predicates, sources or JSON keys.
import type { WikiIndex } from '../../../src/core/index/wiki-index';
import { bm25Search } from '../../../src/core/retrieval/bm25';
import { contextFor } from '../../../src/core/retrieval/context-for';
import { fixedClock, indexOfSpecs } from '../../support/retrieval-bundle';

const PARK = '/entities/park.md';
const HUT = '/entities/hut.md';
let index: WikiIndex;
beforeAll(async () => {
  index = await indexOfSpecs({
    [PARK]: {
      title: 'Park',
      body: 'A mansion where the codebreakers moved in the summer of 1939, employing thousands.',
      relations: [
        { predicate: 'headquarters_of', object: 'Government Code and Cypher School (GC&CS)', source: 'trust' },
        { predicate: 'location_of', object: HUT, source: 'Wikipedia' },
      ],
    },
    [HUT]: { title: 'Hut', body: 'A wooden hut where codebreakers worked in the summer.', relations: [] },
  });
});
afterAll(() => index.close());

test('a name written only in a literal relation object is on the page', async () => {
  const hit = bm25Search(index, 'Where did GC&CS move in the summer of 1939?').find((h) => h.path === PARK)!;
  expect(hit.namesPresent).toBe(true);
  const result = await contextFor(index, 'Where did GC&CS move in the summer of 1939?', {
    clock: fixedClock('2026-11-30'),
  });
  expect(result.seeds.map((s) => s.path)).toEqual([PARK]);
});

test('a literal object’s words count for coverage', () => {
  const hit = bm25Search(index, 'Which mansion housed the cypher school?').find((h) => h.path === PARK)!;
  // mansion (body), cypher and school (literal object): 3 of 4 content words (housed is nowhere).
  expect(hit.coverage).toBe(0.75);
});

test('predicates, sources and concept paths are not the page’s words', () => {
  const hit = bm25Search(index, 'Which mansion is headquarters of Wikipedia hut?').find((h) => h.path === PARK)!;
  expect(hit.namesPresent).toBe(false);
  // mansion only: headquarters (a predicate), wikipedia (a source) and hut (an object path) are not counted.
  expect(hit.coverage).toBe(0.25);
});

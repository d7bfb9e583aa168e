// "Where ...?" asks for a place (QA2 F25's tie example): "Where is Bletchley Park?" listed `located_in` 3rd of four
// equal facts, after `employed Alan Turing`, ordered by predicate name; "where" is a stopword, so no content word
// named the predicate. A predicate that names where its subject is now gets the asked-predicate lift.
import { contextFor } from '../../../src/core/retrieval/context-for';
import { namesPlace } from '../../../src/core/retrieval/weights';
import { fixedClock, indexOfSpecs } from '../../support/retrieval-bundle';

test('predicates naming where their subject is; not those naming the subject as the place of something', () => {
  for (const p of ['located_in', 'based_in', 'headquarteredIn', 'place_of_birth', 'city', 'country', 'lives_in'])
    expect([p, namesPlace(p)]).toEqual([p, true]);
  for (const p of ['location_of', 'headquarters_of', 'development_site_of', 'employed', 'knows', 'founded_on'])
    expect([p, namesPlace(p)]).toEqual([p, false]);
});

test('"Where is X?" lists the fact saying where X is first; "X" alone keeps the tie order', async () => {
  const index = await indexOfSpecs({
    '/places/mill.md': {
      title: 'Harrow Mill',
      relations: [
        { predicate: 'employed', object: 'Jo Reed' },
        { predicate: 'headquarters_of', object: 'Weavers Union' },
        { predicate: 'located_in', object: 'Dunmore, Kent' },
        { predicate: 'location_of', object: 'Loom No. 4' },
      ],
    },
  });
  try {
    const ask = async (q: string) =>
      (await contextFor(index, q, { clock: fixedClock('2026-12-02') })).facts.map((f) => f.predicate);
    expect(await ask('Where is Harrow Mill?')).toEqual(['located_in', 'employed', 'headquarters_of', 'location_of']);
    expect(await ask('Harrow Mill')).toEqual(['employed', 'headquarters_of', 'located_in', 'location_of']);
  } finally {
    index.close();
  }
});

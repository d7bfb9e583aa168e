// A concept's markers (core/render/markers.ts), the one source of the sidebar's badges and the answer graph's
// notes: they agree with the facts' superseded marks, which key off `status` (spec §7.7), never off a
// `superseded_by` alone.
import { markersFor } from '../../src/plugin/answer';
import { conceptNotesOf } from '../../src/core/render/concept-notes';
import { contextFor } from '../../src/core/retrieval/context-for';
import { fixedClock, indexOfSpecs } from '../support/retrieval-bundle';

const clock = fixedClock('2026-11-30');

const SPECS = {
  '/entities/old.md': {
    title: 'Old Office',
    status: 'superseded',
    supersededBy: '/entities/new.md',
    supersededAt: '1993-01-20',
    relations: [{ predicate: 'located_in', object: 'Boston' }],
  },
  '/entities/new.md': {
    title: 'New Office',
    supersedes: ['/entities/old.md'],
    relations: [{ predicate: 'replaced', object: '/entities/old.md' }],
  },
  // superseded_by without `status: superseded`: an error the reader reports, and not superseded for retrieval.
  '/entities/half.md': {
    title: 'Half Office',
    supersededBy: '/entities/new.md',
    relations: [{ predicate: 'located_in', object: 'Austin' }],
  },
  '/entities/late.md': {
    title: 'Late Office',
    staleAfter: '2020-01-01',
    relations: [{ predicate: 'located_in', object: 'Reno' }],
  },
};

test('a superseded concept is marked with its successor and date; a stale one with its date', async () => {
  const index = await indexOfSpecs(SPECS);
  const result = await contextFor(index, 'Old Office and Late Office', { clock, budget: 1500 });
  const markers = markersFor(index, result, clock.now());
  expect(markers.get('/entities/old.md')).toEqual({ supersededBy: '/entities/new.md', supersededAt: '1993-01-20' });
  expect(markers.get('/entities/late.md')).toEqual({ staleSince: '2020-01-01' });
  index.close();
});

test(
  'superseded_by without status: superseded marks nothing, as its facts ' +
    'are not marked (bug: the sidebar said "superseded by")',
  async () => {
    const index = await indexOfSpecs(SPECS);
    const result = await contextFor(index, 'Where is Half Office?', { clock, budget: 1500 });
    const fact = result.facts.find((f) => f.subject === '/entities/half.md');
    expect(fact?.superseded).toBeUndefined();
    expect(markersFor(index, result, clock.now()).has('/entities/half.md')).toBe(false);
    expect(conceptNotesOf(index, clock.now())('/entities/half.md')).toEqual({ title: 'Half Office' });
    index.close();
  },
);

test('the sidebar markers and the answer graph notes agree on every concept marked', async () => {
  const index = await indexOfSpecs(SPECS);
  const result = await contextFor(index, 'Old Office and Late Office', { clock, budget: 1500 });
  const markers = markersFor(index, result, clock.now());
  expect([...markers.keys()].sort()).toEqual(['/entities/late.md', '/entities/old.md']);
  const notes = conceptNotesOf(index, clock.now());
  for (const [path, marked] of markers)
    expect({ title: index.conceptTitles().find((c) => c.path === path)?.title, ...marked }).toEqual(notes(path));
  index.close();
});

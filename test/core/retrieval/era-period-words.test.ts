// QA review 3 Q8: the year or decade a question is set in says which page of a chain it asks about (era.ts), not
// what it is about: "1980" in "Who owned Bell Labs in 1980?" must not keep the name "Bell Labs" from confirming
// the era pages, so pages that merely mention Bell Labs and 1980 are no answer.
import type { WikiIndex } from '../../../src/core/index/wiki-index';
import { contextFor } from '../../../src/core/retrieval/context-for';
import { periodWords } from '../../../src/core/retrieval/intent';
import { fixedClock, indexOfSpecs, type ConceptSpec } from '../../support/retrieval-bundle';

const TODAY = '2026-12-02';

test('periodWords: the words naming each past period, never the words around them or a future year', () => {
  expect(periodWords('Who owned Bell Labs in 1980?', TODAY)).toEqual(['1980']);
  expect(periodWords('Who ran it during the late-1990s?', TODAY)).toEqual(['late', '1990s']);
  expect(periodWords('Who ran it in the 20th century?', TODAY)).toEqual(['20th', 'century']);
  expect(periodWords('Who will run it in 2030?', TODAY)).toEqual([]);
  expect(periodWords('What is 1980 about?', TODAY)).toEqual([]);
});

const specs: Record<string, ConceptSpec> = {
  '/e/att.md': {
    title: 'Bell Labs (AT&T era)',
    status: 'superseded',
    supersededBy: '/e/lucent.md',
    supersededAt: '1996-09-30',
    body: 'Bell Labs was the research arm of AT&T; Unix was written there in 1969.',
  },
  '/e/lucent.md': {
    title: 'Bell Labs (Lucent era)',
    status: 'superseded',
    supersededBy: '/e/nokia.md',
    supersededAt: '2016-01-14',
    supersedes: ['/e/att.md'],
    body: 'Bell Labs went to Lucent when AT&T spun it off.',
  },
  '/e/nokia.md': {
    title: 'Nokia Bell Labs',
    supersedes: ['/e/lucent.md'],
    body: 'Nokia Bell Labs is owned by Nokia.',
  },
  '/e/pike.md': { title: 'Rob Pike', body: 'Rob Pike joined Bell Labs in 1980 and worked on Plan 9.' },
  '/e/ai.md': { title: 'AI', body: 'Bell Labs researchers in 1980 owned several early AI patents.' },
};

describe('a question set in a past year still names its concept', () => {
  let index: WikiIndex;
  beforeAll(async () => {
    index = await indexOfSpecs(specs);
  });
  afterAll(() => index.close());
  const seeds = async (question: string) => {
    const r = await contextFor(index, question, { clock: fixedClock(TODAY), disabledSignals: ['vector'] });
    return r.confident ? r.seeds.map((s) => s.path) : 'no confident match';
  };

  test('the era page of the named concept seeds, not pages mentioning the name and the year', async () => {
    expect(await seeds('Who owned Bell Labs in 1980?')).toEqual(['/e/att.md']);
    expect(await seeds('Who owned Bell Labs in the 1980s?')).toEqual(['/e/att.md']);
    expect(await seeds('Who owned Bell Labs in 2005?')).toEqual(['/e/lucent.md']);
  });

  test('the year still counts for a question that names no concept ambiguously', async () => {
    expect(await seeds('Who joined in 1980?')).toEqual(['/e/pike.md']);
  });
});

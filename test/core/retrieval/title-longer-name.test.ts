// QA review 3 Q9: a title that is only one word of a longer capitalised name the question writes ("Frontier" in
// "Frontier Communications", "Go" in "Go Daddy") does not name its concept by itself: the hit counts only when the
// page also passes the words' gate, which asks for every name the question writes.
import type { WikiIndex } from '../../../src/core/index/wiki-index';
import { contextFor } from '../../../src/core/retrieval/context-for';
import { matchTitles, titleEntries } from '../../../src/core/retrieval/title-match';
import { fixedClock, indexOfSpecs, type ConceptSpec } from '../../support/retrieval-bundle';

const entries = titleEntries([
  { path: '/e/go.md', title: 'Go', aliases: [] },
  { path: '/e/google.md', title: 'Google', aliases: [] },
  { path: '/e/frontier.md', title: 'Frontier', aliases: [] },
  { path: '/e/unix.md', title: 'Unix', aliases: [] },
  { path: '/e/ken.md', title: 'Ken Thompson', aliases: [] },
]);
const hits = (question: string) =>
  matchTitles(question, entries).map((h) => (h.ambiguous ? `${h.path} ambiguous` : h.path));

describe('a title written as part of a longer capitalised name is ambiguous', () => {
  test('a capitalised word after or before the title makes the hit ambiguous', () => {
    expect(hits('When did Frontier Communications fail?')).toEqual(['/e/frontier.md ambiguous']);
    expect(hits('What does Go Daddy sell?')).toEqual(['/e/go.md ambiguous']);
    expect(hits('Is Unix Mutual Insurance a good company?')).toEqual(['/e/unix.md ambiguous']);
    expect(hits('Who insures Mutual Unix?')).toEqual(['/e/unix.md ambiguous']);
  });

  test('a word opening the sentence, a stopword, punctuation or another title beside it leaves the hit named', () => {
    expect(hits('Frontier is how fast?')).toEqual(['/e/frontier.md']);
    expect(hits('Explain Go')).toEqual(['/e/go.md']);
    expect(hits('Did I use Go?')).toEqual(['/e/go.md']);
    expect(hits('Is Frontier, Unix or Go faster?')).toEqual(['/e/frontier.md', '/e/unix.md', '/e/go.md']);
    expect(hits('Did Ken Thompson write Unix?')).toEqual(['/e/ken.md', '/e/unix.md']);
    expect(hits('Is Go Google tech?')).toEqual(['/e/google.md', '/e/go.md']);
  });

  test('a question in capitals only is read by the case rule alone', () => {
    expect(hits('WHEN DID FRONTIER COMMUNICATIONS FAIL?')).toEqual(['/e/frontier.md ambiguous']);
  });
});

const specs: Record<string, ConceptSpec> = {
  '/e/frontier.md': {
    title: 'Frontier',
    description: 'The exascale supercomputer at Oak Ridge.',
    body: 'Frontier went online in 2022 and was the fastest supercomputer.',
  },
  '/e/go.md': { title: 'Go', body: 'Go was designed at Google by Rob Pike and Ken Thompson.' },
};

describe('the longer name must be on the page', () => {
  let index: WikiIndex;
  beforeAll(async () => {
    index = await indexOfSpecs(specs);
  });
  afterAll(() => index.close());
  const seeds = async (question: string) => {
    const r = await contextFor(index, question, { clock: fixedClock('2026-12-02'), disabledSignals: ['vector'] });
    return r.confident ? r.seeds.map((s) => s.path) : 'no confident match';
  };

  test('a name the page does not hold abstains; the page holding it still answers', async () => {
    expect(await seeds('When did Frontier Communications go bankrupt?')).toBe('no confident match');
    expect(await seeds('What does Go Daddy sell?')).toBe('no confident match');
    expect(await seeds('When did Frontier go online?')).toEqual(['/e/frontier.md']);
    expect(await seeds('Did Ken Thompson design Go at Google?')).toEqual(['/e/go.md']);
  });
});

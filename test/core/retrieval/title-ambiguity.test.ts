// Title hits that do not settle which concept is meant (QA review of 2026-12-02, findings 4 and 6): a one-word name
// with a capital written without it ("go" for "Go") may be an ordinary word, and a name without its parenthetical
// qualifier ("Bell Labs" for "Bell Labs (AT&T era)") may be several concepts'. Each counts as a title only when the
// page also passes the words' gate (coverage and names), as a BM25 hit must.
import type { WikiIndex } from '../../../src/core/index/wiki-index';
import { contextFor } from '../../../src/core/retrieval/context-for';
import { matchTitles, titleEntries } from '../../../src/core/retrieval/title-match';
import { matchTypoTitles } from '../../../src/core/retrieval/typo-titles';
import { fixedClock, indexOfSpecs, type ConceptSpec } from '../../support/retrieval-bundle';

const entries = titleEntries([
  { path: '/e/go.md', title: 'Go', aliases: [] },
  { path: '/e/ai.md', title: 'AI', aliases: [] },
  { path: '/e/gopher.md', title: 'gopher', aliases: [] },
  { path: '/e/frontier.md', title: 'Frontier', aliases: [] },
  { path: '/e/turing-machine.md', title: 'Turing machine', aliases: [] },
  { path: '/e/att.md', title: 'Bell Labs (AT&T era)', aliases: [] },
  { path: '/e/lucent.md', title: 'Bell Labs (Lucent era)', aliases: ['Bell Labs'] },
  { path: '/e/mercury.md', title: 'Mercury (planet)', aliases: [] },
  { path: '/e/paren.md', title: '(AT&T)', aliases: [] },
]);
const hits = (question: string) =>
  matchTitles(question, entries).map((h) => (h.ambiguous ? `${h.path} ambiguous` : h.path));

describe('matchTitles marks the hits whose case or qualifier leaves the concept open', () => {
  test('a one-word name with a capital, written without it, is ambiguous; written with it, it is not', () => {
    expect(hits('How far can a cat go without food?')).toEqual(['/e/go.md ambiguous']);
    expect(hits('Who created Go?')).toEqual(['/e/go.md']);
    expect(hits('what is the frontier of physics?')).toEqual(['/e/frontier.md ambiguous']);
    expect(hits('what about ai?')).toEqual(['/e/ai.md ambiguous']);
    expect(hits('what about Ai?')).toEqual(['/e/ai.md ambiguous']);
    expect(hits('Is AI safe?')).toEqual(['/e/ai.md']);
  });

  test('a question in capitals only says nothing by its case', () => {
    expect(hits('HOW FAR CAN A CAT GO?')).toEqual(['/e/go.md ambiguous']);
  });

  test('one occurrence written as the name settles it', () => {
    expect(hits('Can Go go faster?')).toEqual(['/e/go.md']);
  });

  test('a name of several words, or one written without a capital by the wiki, is never ambiguous by case', () => {
    expect(hits('who invented the turing machine?')).toEqual(['/e/turing-machine.md']);
    expect(hits('What eats a gopher?')).toEqual(['/e/gopher.md']);
  });

  test('the name before a trailing qualifier matches every concept of that name, ambiguously', () => {
    expect(hits('Tell me about Bell Labs')).toEqual(['/e/att.md ambiguous', '/e/lucent.md']);
    expect(hits('Where is Mercury?')).toEqual(['/e/mercury.md ambiguous']);
    expect(hits('Who ran Bell Labs (AT&T era)?')).toEqual(['/e/att.md']);
    // A title that is only a parenthesis has no name before it.
    expect(hits('Who owned (AT&T)?')).toEqual(['/e/paren.md']);
  });

  test('a misspelt one-word name keeps the question’s capital', () => {
    const typo = (q: string) => matchTypoTitles(q, entries).map((h) => (h.ambiguous ? `${h.path} ambiguous` : h.path));
    expect(typo('Who built Fronteir?')).toEqual(['/e/frontier.md']);
    expect(typo('the fronteir of physics')).toEqual(['/e/frontier.md ambiguous']);
  });
});

const specs: Record<string, ConceptSpec> = {
  '/e/go.md': {
    title: 'Go',
    description: 'A programming language designed at Google.',
    body: 'Go was designed at Google by Rob Pike and Ken Thompson. Go compiles fast and has goroutines.',
  },
  '/e/cats.md': { title: 'Feline nutrition', body: 'A cat needs food and water every day.' },
  '/e/att.md': {
    title: 'Bell Labs (AT&T era)',
    status: 'superseded',
    supersededBy: '/e/nokia.md',
    supersededAt: '1996-09-30',
    body: 'Bell Labs was the research arm of AT&T until 1996; Unix was written there in 1969.',
  },
  '/e/nokia.md': {
    title: 'Nokia Bell Labs',
    supersedes: ['/e/att.md'],
    body: 'Nokia Bell Labs is the research arm of Nokia, in Murray Hill.',
  },
  '/e/unix.md': { title: 'Unix', body: 'Unix was written at Bell Labs in 1969 by Ken Thompson.' },
};
const clock = fixedClock('2026-12-02');

describe('an ambiguous title counts only when the words confirm it', () => {
  let index: WikiIndex;
  beforeAll(async () => {
    index = await indexOfSpecs(specs);
  });
  afterAll(() => index.close());
  const seeds = async (question: string) => {
    const r = await contextFor(index, question, { clock, disabledSignals: ['vector'] });
    return r.confident ? r.seeds.map((s) => s.path) : 'no confident match';
  };

  test('the verb "go" in a question about cats seeds no Go', async () => {
    expect(await seeds('How far can a cat go without food?')).toBe('no confident match');
    expect(await seeds('Why do salmon go upstream?')).toBe('no confident match');
  });

  test('"Go" written as a name answers; "go" answers when the page covers the question', async () => {
    expect(await seeds('Who created Go?')).toEqual(['/e/go.md']);
    expect(await seeds('who designed go at google?')).toEqual(['/e/go.md']);
  });

  test('"Bell Labs" names the qualified title (resolved along supersession) when the words confirm it', async () => {
    expect(await seeds('Tell me about Bell Labs')).toEqual(['/e/nokia.md']);
    // The question's names (Nobel) are on no page: "Bell Labs" alone does not make it about the era page.
    expect(await seeds('Which Bell Labs scientists won the Nobel Prize?')).toBe('no confident match');
  });

  test('a confirmed qualifier-less name ranks after a name the question writes in full', async () => {
    const historical = await contextFor(index, 'What was written at Bell Labs in 1969, Unix?', {
      clock,
      disabledSignals: ['vector'],
    });
    expect(historical.seeds.map((s) => s.path)).toEqual(['/e/unix.md', '/e/att.md']);
  });
});

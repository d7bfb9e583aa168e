// The exact-title signal (spec §6.1, §10.3): whole words at Unicode letter/number boundaries, never substrings.
import { matchTitles, titleEntries } from '../../../src/core/retrieval/title-match';

const entries = titleEntries([
  { path: '/concepts/ai.md', title: 'AI', aliases: ['Artificial intelligence'] },
  { path: '/entities/go.md', title: 'Go', aliases: ['Golang'] },
  { path: '/entities/kurt-godel.md', title: 'Kurt Gödel', aliases: [] },
  { path: '/entities/bell-labs.md', title: 'Bell Labs', aliases: [] },
  { path: '/entities/nokia-bell-labs.md', title: 'Nokia Bell Labs', aliases: [] },
  { path: '/entities/c.md', title: 'C programming language', aliases: ['C'] },
  { path: '/entities/cpp.md', title: 'C++', aliases: [] },
  { path: '/entities/att.md', title: 'AT&T', aliases: [] },
  { path: '/entities/the.md', title: 'The', aliases: ['It'] },
  { path: '/entities/zurich.md', title: 'Zürich', aliases: [] },
  { path: '/entities/tokyo.md', title: '東京', aliases: [] },
  { path: '/concepts/incompleteness.md', title: "Gödel's incompleteness theorems", aliases: [] },
  { path: '/entities/spin-off.md', title: 'Lucent spin-off', aliases: [] },
]);

const paths = (question: string) => matchTitles(question, entries).map((h) => h.path);

describe('matchTitles', () => {
  test('"AI" does not match inside "explain"', () => {
    expect(paths('Can you explain recursion?')).toEqual([]);
    expect(paths('Is AI dangerous?')).toEqual(['/concepts/ai.md']);
    expect(paths('what about ai?')).toEqual(['/concepts/ai.md']);
  });

  test('"Go" does not match inside "ago" or "good"', () => {
    expect(paths('What happened fifty years ago?')).toEqual([]);
    expect(paths('Is it good?')).toEqual([]);
    expect(paths('When was Go created?')).toEqual(['/entities/go.md']);
    expect(paths('Go: who made it?')).toEqual(['/entities/go.md']);
  });

  test('case, Unicode normalization and diacritics do not matter', () => {
    expect(paths('who was kurt gödel?')).toEqual(['/entities/kurt-godel.md']);
    expect(paths('WHO WAS KURT GÖDEL?')).toEqual(['/entities/kurt-godel.md']);
    expect(paths('who was kurt godel?')).toEqual(['/entities/kurt-godel.md']);
    // "ö" as o + combining diaeresis (NFD) matches the precomposed title.
    expect(paths('who was Kurt Go\u0308del?')).toEqual(['/entities/kurt-godel.md']);
    expect(paths('who was  Kurt\tGödel?')).toEqual(['/entities/kurt-godel.md']);
    expect(paths('Is zurich in Switzerland?')).toEqual(['/entities/zurich.md']);
  });

  test('a boundary is any non-letter, non-number character, not ASCII \\b', () => {
    expect(paths('Kurt Gödel’s theorems')).toEqual(['/entities/kurt-godel.md']);
    expect(paths('(Kurt Gödel)')).toEqual(['/entities/kurt-godel.md']);
    expect(paths('Kurt Gödelian logic')).toEqual([]);
    expect(paths('Kurt Gödel2')).toEqual([]);
    expect(paths('AIs')).toEqual([]);
  });

  test('typographic apostrophes and dashes match their plain forms', () => {
    expect(paths('What are Gödel’s incompleteness theorems?')).toEqual(['/concepts/incompleteness.md']);
    expect(paths('What are Godel`s incompleteness theorems?')).toEqual(['/concepts/incompleteness.md']);
    expect(paths('When was the Lucent spin‐off?')).toEqual(['/entities/spin-off.md']);
    expect(paths('When was the Lucent spin–off?')).toEqual(['/entities/spin-off.md']);
  });

  test('aliases match like titles', () => {
    expect(paths('Why use Golang?')).toEqual(['/entities/go.md']);
    expect(paths('What is artificial intelligence?')).toEqual(['/concepts/ai.md']);
  });

  test('the longest match wins: a title inside a longer title is dropped', () => {
    expect(paths('What does Nokia Bell Labs research?')).toEqual(['/entities/nokia-bell-labs.md']);
    expect(paths('What is the C programming language?')).toEqual(['/entities/c.md']);
  });

  test('two different titles in one question are both found, longest first', () => {
    expect(paths('Did Kurt Gödel use Go?')).toEqual(['/entities/kurt-godel.md', '/entities/go.md']);
  });

  test('a shorter title found elsewhere in the question is kept', () => {
    expect(paths('How is Nokia Bell Labs related to Bell Labs?')).toEqual([
      '/entities/nokia-bell-labs.md',
      '/entities/bell-labs.md',
    ]);
    expect(paths('Bell Labs or Nokia Bell Labs?')).toEqual(['/entities/nokia-bell-labs.md', '/entities/bell-labs.md']);
  });

  test('titles with punctuation at their edges', () => {
    expect(paths('Is C++ faster than C?')).toEqual(['/entities/cpp.md', '/entities/c.md']);
    expect(paths('Who owned AT&T?')).toEqual(['/entities/att.md']);
    expect(paths('What did C do?')).toEqual(['/entities/c.md']);
  });

  test('titles made only of stopwords never match', () => {
    expect(paths('What is the point of it?')).toEqual([]);
  });

  test('non-Latin titles match at the same boundaries', () => {
    expect(paths('What is 東京?')).toEqual(['/entities/tokyo.md']);
  });

  test('an empty question matches nothing', () => {
    expect(paths('')).toEqual([]);
  });
});

// Typo-tolerant titles (issue 11 item 5): one edit in a name of six or more letters still seeds its concept,
// when the correction is unambiguous; shorter words, ambiguous corrections and exact names change nothing.
import { contextFor } from '../../../src/core/retrieval/context-for';
import { titleEntries } from '../../../src/core/retrieval/title-match';
import fc from 'fast-check';
import { correctNameTypos, deletions, isOneEdit, matchTypoTitles } from '../../../src/core/retrieval/typo-titles';
import type { WikiIndex } from '../../../src/core/index/wiki-index';
import { fixedClock, indexOfSpecs } from '../../support/retrieval-bundle';

const entries = titleEntries([
  { path: '/babbage.md', title: 'Charles Babbage', aliases: [] },
  { path: '/turing.md', title: 'Alan Turing', aliases: ['Turing'] },
  { path: '/church.md', title: 'Alonzo Church', aliases: [] },
  { path: '/martin.md', title: 'Martin', aliases: [] },
  { path: '/marlin.md', title: 'Marlin', aliases: [] },
  { path: '/go.md', title: 'Go', aliases: [] },
]);
const paths = (q: string) => matchTypoTitles(q, entries).map((h) => h.path);

test('isOneEdit: insertion, deletion, substitution, transposition of neighbours; nothing else', () => {
  expect(isOneEdit('babbagge', 'babbage')).toBe(true);
  expect(isOneEdit('turng', 'turing')).toBe(true);
  expect(isOneEdit('turong', 'turing')).toBe(true);
  expect(isOneEdit('chruch', 'church')).toBe(true);
  expect(isOneEdit('turing', 'turing')).toBe(false);
  expect(isOneEdit('tuirgn', 'turing')).toBe(false);
  expect(isOneEdit('babage', 'babbagge')).toBe(false);
});

test('a one-letter typo in a name of six or more letters finds the concept', () => {
  expect(paths('Who was Charles Babbagge?')).toEqual(['/babbage.md']);
  expect(paths('Who was Alonzo Chruch?')).toEqual(['/church.md']);
  expect(paths('What did Turong prove?')).toEqual(['/turing.md']);
});

test('a letter dropped from a six-letter name counts beside the rest of its title, written exactly', () => {
  expect(paths('Who was Alan Turng?')).toEqual(['/turing.md']);
  expect(paths('Who was Turng, Alan?')).toEqual([]); // the title's words, not in its order
  expect(paths('Who was Alan Turnig?')).toEqual(['/turing.md']); // six letters: as before
});

test('shorter words, ambiguous corrections and exact names are left alone', () => {
  expect(paths('What did Turng prove?')).toEqual([]); // five letters, alone
  expect(paths('Who was the mayor of Turin?')).toEqual([]); // a city five letters long, not a misspelt name
  expect(paths('Tell me about Martln')).toEqual(['/martin.md']); // one candidate
  expect(paths('Tell me about Marain')).toEqual([]); // martin or marlin: ambiguous
  expect(paths('Who was Charles Babbage?')).toEqual([]); // exact: matchTitles' job
  expect(paths('How do I fix a flat bicycle tire?')).toEqual([]);
});

describe('correctNameTypos: what the word signals search for', () => {
  const nowhere = () => new Set<string>();
  const fix = (q: string, known: (w: readonly string[]) => ReadonlySet<string> = nowhere) =>
    correctNameTypos(q, entries, known).question;

  test('a misspelt bare surname is searched as the title word, its capital kept, and marked as a guess', () => {
    expect(correctNameTypos('Which engine did Babage design?', entries, nowhere)).toEqual({
      question: 'Which engine did Babbage design?',
      guessed: new Set(['babbage']),
    });
    expect(fix('When did Turnig receive a pardon? Turnig’s pardon came late.')).toBe(
      'When did Turing receive a pardon? Turing’s pardon came late.',
    );
    expect(fix('What did Turng prove?')).toBe('What did Turing prove?'); // a letter dropped inside the name
    expect(fix('What did Tu\u0308rnig prove?')).toBe('What did Turing prove?'); // decomposed: one word
  });

  test('left alone: a first or last letter dropped, a word some page holds, a word not written as a name', () => {
    expect(fix('Who was the mayor of Turin?')).toBe('Who was the mayor of Turin?'); // a city, not "Turing"
    expect(fix('Who was Uring?')).toBe('Who was Uring?');
    expect(fix('Who was Babage?', (w) => new Set(w))).toBe('Who was Babage?'); // the bundle has the word
    expect(fix('How does tuning work?')).toBe('How does tuning work?'); // lower case: a word, not a name
    expect(fix('Tell me about Marain')).toBe('Tell me about Marain'); // martin or marlin
    expect(correctNameTypos('Who was Charles Babbage?', entries, nowhere).guessed.size).toBe(0);
  });
});

describe('in context_for', () => {
  let index: WikiIndex;
  beforeAll(async () => {
    index = await indexOfSpecs({
      '/entities/charles-babbage.md': { title: 'Charles Babbage', body: 'Designed the Difference Engine.' },
      '/entities/grace-hopper.md': { title: 'Grace Hopper', body: 'Wrote the first compiler.' },
      '/entities/ken-thompson.md': {
        title: 'Ken Thompson',
        body: 'Ken Thompson was born in New Orleans. He wrote Unix and helped build a chess machine.',
      },
    });
  });

  test('a misspelt bare surname seeds on the words the question does write (issue 11)', async () => {
    const clock = fixedClock('2026-11-30');
    const chess = await contextFor(index, 'Which chess machine did Thompsen help build?', { clock });
    expect(chess.seeds.map((s) => s.path)).toEqual(['/entities/ken-thompson.md']);
  });

  test('the corrected name is a guess: it names the page, it never covers it', async () => {
    const clock = fixedClock('2026-11-30');
    // Thomson is a real name on no page: with "born" alone covered (1 of 2 words), no confident match.
    expect((await contextFor(index, 'Where was Thomson born?', { clock })).confident).toBe(false);
    expect((await contextFor(index, 'Where was Thompson born?', { clock })).confident).toBe(true);
  });

  test('with no confident match, the corrected question is suggested when it has one; never otherwise', async () => {
    const clock = fixedClock('2026-11-30');
    const guess = await contextFor(index, 'Where was Thomson born?', { clock });
    expect(guess.confident).toBe(false);
    expect(guess.seeds).toEqual([]);
    expect(guess.didYouMean).toBe('Where was Thompson born?');
    expect(guess.text).toBe(
      'No confident match in this wiki for: "Where was Thomson born?"\n' +
        'Did you mean (a name spelt as this wiki spells it): "Where was Thompson born?"\n',
    );
    // A lowercase word one edit from a title word is too often another word: no suggestion.
    expect((await contextFor(index, 'where was thomson born', { clock })).didYouMean).toBeUndefined();
    // Corrected, but the corrected question has no confident match either: nothing to suggest.
    const still = await contextFor(index, 'Which zebras did Thomson tame in Zanzibar?', { clock });
    expect([still.confident, still.didYouMean]).toEqual([false, undefined]);
    // No name corrected: the plain no-match sentence.
    const none = await contextFor(index, 'What is the capital of Mongolia?', { clock });
    expect([none.confident, none.didYouMean, none.text]).toEqual([
      false,
      undefined,
      'No confident match in this wiki for: "What is the capital of Mongolia?"\n',
    ]);
  });

  test('the corrected name seeds as a title hit, confidently', async () => {
    const answer = await contextFor(index, 'Who was Charles Babbagge?', { clock: fixedClock('2026-11-30') });
    expect(answer.confident).toBe(true);
    expect(answer.seeds.map((s) => [s.path, s.signals.title])).toEqual([['/entities/charles-babbage.md', 0]]);
  });

  test('a dropped letter in a six-letter name beside the rest of its title seeds it (issue 11)', async () => {
    const answer = await contextFor(index, 'When was Grace Hoppr born?', { clock: fixedClock('2026-11-30') });
    expect(answer.seeds.map((s) => [s.path, s.signals.title])).toEqual([['/entities/grace-hopper.md', 0]]);
  });
});

test('deletions: each code point removed in turn, astral characters kept whole', () => {
  const byCodePoints = (word: string) =>
    [...word].map((_, i, all) => [...all.slice(0, i), ...all.slice(i + 1)].join(''));
  expect(deletions('babbage')).toEqual(['abbage', 'bbbage', 'babage', 'babage', 'babbge', 'babbae', 'babbag']);
  expect(deletions('a😀b')).toEqual(['😀b', 'ab', 'a😀']);
  fc.assert(
    fc.property(fc.string({ unit: fc.constantFrom('a', 'é', 'z', '😀', '\uD800', 'ß', '1') }), (word) =>
      expect(deletions(word)).toEqual(byCodePoints(word)),
    ),
    { numRuns: 300, seed: 3 },
  );
});

test('isOneEdit is an optimal-string-alignment distance of exactly 1, over characters (astral ones included)', () => {
  /** The plain dynamic programme over code points. */
  const osa = (a: string, b: string) => {
    const x = [...a];
    const y = [...b];
    const d = Array.from({ length: x.length + 1 }, (_, i) => Array.from({ length: y.length + 1 }, (_, j) => i + j));
    for (let i = 1; i <= x.length; i++)
      for (let j = 1; j <= y.length; j++) {
        d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (x[i - 1] === y[j - 1] ? 0 : 1));
        if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1])
          d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
      }
    return d[x.length][y.length];
  };
  const word = fc
    .array(fc.constantFrom('a', 'b', 'c', '😀', '😁', '\ud83d', 'é'), { maxLength: 7 })
    .map((c) => c.join(''));
  fc.assert(
    fc.property(word, word, (a, b) => {
      expect([a, b, isOneEdit(a, b)]).toEqual([a, b, osa(a, b) === 1]);
    }),
    { numRuns: 5000, seed: 11 },
  );
});

// toFtsQuery is the only way a question reaches FTS5 MATCH: operators and punctuation must be inert, and no
// question, however odd, may make MATCH raise a syntax error.
import fc from 'fast-check';
import { MAX_FTS_TERMS, toFtsQuery } from '../../../src/core/retrieval/fts-query';
import { rawDatabase, type WikiIndex } from '../../../src/core/index/wiki-index';
import { indexOfSpecs } from '../../support/retrieval-bundle';

let index: WikiIndex;

beforeAll(async () => {
  index = await indexOfSpecs({
    '/entities/kurt-godel.md': {
      title: 'Kurt Gödel',
      body: 'Logician of the incompleteness theorems. NOT a physicist; AND a friend of Einstein.',
    },
    '/entities/c-plus-plus.md': { title: 'C++', body: 'A language: "C with classes" (1985).' },
    '/entities/emoji.md': { title: 'Rocket', body: 'Launch 🚀 day.' },
  });
});
afterAll(() => index.close());

function match(query: string): string[] {
  return rawDatabase(index)
    .all<{ path: string }>('select path from concepts_fts where concepts_fts match ? order by path', [query])
    .map((r) => r.path);
}

describe('toFtsQuery', () => {
  test('quotes every content word and joins them with OR', () => {
    expect(toFtsQuery('Who was Kurt Gödel?')).toBe('"kurt" OR "godel"');
  });

  test('a question without content words gives null', () => {
    expect(toFtsQuery('')).toBeNull();
    expect(toFtsQuery('   ')).toBeNull();
    expect(toFtsQuery('?!?')).toBeNull();
    expect(toFtsQuery('Who is it?')).toBeNull();
    expect(toFtsQuery('🚀🚀')).toBeNull();
  });

  test.each([
    ['double quotes', 'what is "C with classes"', '"c" OR "classes"'],
    ['unbalanced quote', 'say "hello', '"say" OR "hello"'],
    [
      'AND/OR/NOT are words, not operators',
      'Gödel AND Einstein NOT physics OR logic',
      '"godel" OR "einstein" OR "physics" OR "logic"',
    ],
    ['NEAR is a word', 'NEAR(godel einstein)', '"near" OR "godel" OR "einstein"'],
    ['prefix star', 'comput*', '"comput"'],
    ['column filter colon', 'title:godel', '"title" OR "godel"'],
    ['caret and plus', '^godel +einstein', '"godel" OR "einstein"'],
    ['parentheses', '(godel) ((', '"godel"'],
    ['emoji between words', 'rocket 🚀 launch', '"rocket" OR "launch"'],
    ['apostrophes', "Gödel's theorem", '"godel" OR "theorem"'],
  ])('%s', (_name, question, expected) => {
    expect(toFtsQuery(question)).toBe(expected);
  });

  test('keeps at most MAX_FTS_TERMS terms', () => {
    const question = Array.from({ length: 100 }, (_, i) => `word${i}`).join(' ');
    expect(toFtsQuery(question)!.split(' OR ')).toHaveLength(MAX_FTS_TERMS);
  });

  test('repeated words are sent once', () => {
    expect(toFtsQuery('godel GODEL Gödel')).toBe('"godel"');
  });
});

describe('FTS5 accepts every query it builds', () => {
  test.each([
    'Who was Kurt Gödel?',
    'NOT AND OR',
    '"',
    '"""',
    'a * b',
    'col:umn',
    '(((',
    ')',
    'C++ and "C with classes"',
    'rocket 🚀',
    '\u0000nul',
    'x'.repeat(5000),
    'ＦＵＬＬＷＩＤＴＨ ｇöｄｅｌ',
    'ǅemal ﬁne ß',
  ])('%j', (question) => {
    const q = toFtsQuery(question);
    if (q !== null) expect(() => match(q)).not.toThrow();
  });

  test('finds what the words name, diacritics folded', () => {
    expect(match(toFtsQuery('godel')!)).toEqual(['/entities/kurt-godel.md']);
    expect(match(toFtsQuery('Who was Kurt GÖDEL?')!)).toEqual(['/entities/kurt-godel.md']);
    expect(match(toFtsQuery('"C with classes"')!)).toEqual(['/entities/c-plus-plus.md']);
  });

  test('property: any string gives null or a MATCH expression FTS5 runs without error', () => {
    const arbitrary = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 60 }),
      fc.string({ unit: 'grapheme', maxLength: 60 }),
      fc
        .array(
          fc.constantFrom(
            '"',
            "'",
            'AND',
            'OR',
            'NOT',
            'NEAR',
            '*',
            ':',
            '(',
            ')',
            '^',
            '+',
            '-',
            '🚀',
            'gödel',
            'x',
            ' ',
            '\t',
            '\n',
            '{',
            '}',
            ',',
            '.',
          ),
          { maxLength: 20 },
        )
        .map((a) => a.join('')),
    );
    fc.assert(
      fc.property(arbitrary, (question) => {
        const q = toFtsQuery(question);
        if (q === null) return true;
        match(q);
        return /^"[^"]*(?:""[^"]*)*"(?: OR "[^"]*(?:""[^"]*)*")*$/.test(q);
      }),
      { numRuns: 400, seed: 20261130 },
    );
  });
});

// `words` scans ASCII text in one pass and `foldText` only lowercases and spaces it, where any other text is folded
// through Unicode normalization: both ways must give the same, whatever the text (letters of both cases, digits,
// apostrophes and backticks before letters or not, punctuation, whitespace of every kind), and a text with any other
// character (accents, combining marks, typographic quotes, ligatures) takes the folding path.
import fc from 'fast-check';
import { foldText, foldTextFully, words, wordsByFolding } from '../../../src/core/retrieval/text';

const ascii = fc.constantFrom(..."aAbZz09 \t\n\r\v\f'`'-_.,;:!?\"()[]{}#*/\\@~^|<>=+&%$x7Q\u0000\u007f".split(''));
const other = fc.constantFrom(
  'é',
  'e\u0301',
  '’',
  '‘',
  '“',
  '–',
  '—',
  'ﬁ',
  '´',
  '″',
  'Σ',
  'ß',
  'İ',
  '中',
  '😀',
  '\u00a0',
  '²',
);

test('ASCII texts: the one-pass scan gives exactly the folded words', () => {
  fc.assert(
    fc.property(fc.array(ascii, { maxLength: 60 }), (chars) => {
      const text = chars.join('');
      expect([text, words(text)]).toEqual([text, wordsByFolding(text)]);
      expect([text, foldText(text)]).toEqual([text, foldTextFully(text)]);
    }),
    { numRuns: 3000, seed: 5 },
  );
});

test('any text: the same words as the folding path', () => {
  fc.assert(
    fc.property(fc.array(fc.oneof(ascii, ascii, ascii, other), { maxLength: 60 }), (chars) => {
      const text = chars.join('');
      expect([text, words(text)]).toEqual([text, wordsByFolding(text)]);
      expect([text, foldText(text)]).toEqual([text, foldTextFully(text)]);
    }),
    { numRuns: 3000, seed: 6 },
  );
});

test('examples: apostrophes and backticks end a word; case folds; digits are words', () => {
  expect(words("Don't PANIC: it`s Ada's 2nd `code`, O'Neil's x'9 a''b")).toEqual([
    'don',
    'panic',
    'it',
    'ada',
    '2nd',
    'code',
    'o',
    's',
    'x',
    '9',
    'a',
    'b',
  ]);
});

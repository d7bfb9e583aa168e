// The coverage gate stems only the words of a page that open like a stem it looks for (bm25.ts stemOpenings,
// text.ts asciiWordsOpeningWith): a word left out must never have a sought stem, or a page would lose a covered word.
// Checked on every word of up to five letters of an alphabet that exercises each Porter rule, on words built from
// the rules' suffixes, and on whole texts against every word of the text stemmed.
import fc from 'fast-check';
import { stemOpenings } from '../../../src/core/retrieval/bm25';
import { porterStem } from '../../../src/core/retrieval/stem';
import { asciiWordsOpeningWith, words } from '../../../src/core/retrieval/text';

/** Whether `word` (folded ASCII) passes the openings of its own stem: what the gate's shortcut relies on. */
function opensLikeItsStem(word: string): boolean {
  const openings = stemOpenings([porterStem(word)]);
  const second = word.length > 1 ? word.charCodeAt(1) : 0;
  return openings[word.charCodeAt(0) * 128 + second] === 1;
}

test('every word of up to five letters of a Porter-heavy alphabet opens like its stem', () => {
  const letters = 'aeiybdglnst'.split('');
  const failures: string[] = [];
  const visit = (word: string) => {
    if (word !== '' && !opensLikeItsStem(word)) failures.push(word);
    if (word.length < 5) for (const c of letters) visit(word + c);
  };
  visit('');
  expect(failures).toEqual([]);
});

test('words built from the rules suffixes, digits included, open like their stems', () => {
  const fragment = fc.constantFrom(
    ...'a e i o u y b c d g l n r s t z 1 9 at bl iz ed ing eed s es ies sses ss ll ational tional enci anci izer logi'
      .concat(' bli alli entli eli ousli ization ation ator alism iveness fulness ousness aliti iviti biliti ical ness')
      .concat(' icate iciti ful ative alize al ance ence er ic able ible ant ement ment ent ion ou ism ate iti ous')
      .concat(' ive ize')
      .split(' '),
  );
  fc.assert(
    fc.property(fc.array(fragment, { minLength: 1, maxLength: 6 }), (parts) => {
      const word = parts.join('');
      expect([word, opensLikeItsStem(word)]).toEqual([word, true]);
    }),
    { numRuns: 6000, seed: 13 },
  );
});

test('on any ASCII text, the words kept are exactly those of `words` that open as allowed', () => {
  const token = fc.oneof(
    fc.constantFrom('Designing', 'ayed', 'AI', 'x86', 'IES', "Babbage's", 'it`s', 'o', 'Ying', 'relational'),
    fc.stringMatching(/^[A-Za-z0-9]{1,9}$/),
    fc.constantFrom(' ', '\n', ',', "'", '`', '-', '.', '?'),
  );
  fc.assert(
    fc.property(fc.array(token, { maxLength: 40 }), fc.array(fc.stringMatching(/^[a-z0-9]{1,6}$/)), (parts, seeds) => {
      const text = parts.join('');
      const sought = seeds.map(porterStem);
      const openings = stemOpenings(sought);
      const kept = asciiWordsOpeningWith(text, openings);
      const allowed = (w: string) => openings[w.charCodeAt(0) * 128 + (w.length > 1 ? w.charCodeAt(1) : 0)] === 1;
      expect(kept).toEqual(words(text).filter(allowed));
      // The gate's own promise: no word with a sought stem is left out.
      const soughtSet = new Set(sought);
      expect(kept!.filter((w) => soughtSet.has(porterStem(w)))).toEqual(
        words(text).filter((w) => soughtSet.has(porterStem(w))),
      );
    }),
    { numRuns: 3000, seed: 17 },
  );
});

test('a text with any character outside ASCII takes the folding path (undefined)', () => {
  expect(asciiWordsOpeningWith('the Gödel machine', stemOpenings(['machin']))).toBeUndefined();
  expect(asciiWordsOpeningWith('plain text ’', stemOpenings(['text']))).toBeUndefined();
  expect(asciiWordsOpeningWith('plain text', stemOpenings(['text']))).toEqual(['text']);
});

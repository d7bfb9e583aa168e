// The first words a catalog corrects are looked up by scanning its title words, later ones through the deletion
// index: both must find exactly the title words one edit away (insertion, deletion, substitution, swap), whatever the
// words (short alphabets make many near misses; accents and characters outside the BMP included).
import fc from 'fast-check';
import { titleEntries } from '../../../src/core/retrieval/title-match';
import { matchTypoTitles, prepareTypoIndex, titleWordsOneEditFrom } from '../../../src/core/retrieval/typo-titles';

const letter = fc.constantFrom('a', 'b', 'c', 'e', 'é', '𝔞', 'n');
const word = fc.array(letter, { minLength: 4, maxLength: 8 }).map((l) => l.join(''));

test('scan and index find the same title words one edit away', () => {
  fc.assert(
    fc.property(
      fc.array(fc.array(word, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 30 }),
      fc.array(word, { minLength: 1, maxLength: 10 }),
      (titles, asked) => {
        const entries = titleEntries(titles.map((t, i) => ({ path: `/p${i}.md`, title: t.join(' '), aliases: [] })));
        for (const w of asked)
          expect([w, titleWordsOneEditFrom(w, entries, 'scan')]).toEqual([
            w,
            titleWordsOneEditFrom(w, entries, 'index'),
          ]);
      },
    ),
    { numRuns: 300, seed: 9 },
  );
});

test('answers stay the same once the index replaces the scan', () => {
  const entries = titleEntries(
    ['Charles Babbage', 'Grace Hopper', 'Alan Turing', 'Turing Machine', 'Ken Thompson'].map((title, i) => ({
      path: `/p${i}.md`,
      title,
      aliases: [],
    })),
  );
  const questions = ['Who was Charles Babbagge?', 'What did Grace Hoppr build?', 'Alan Turnig and Ken Tompson'];
  const first = questions.map((q) => matchTypoTitles(q, entries));
  expect(first.map((hits) => hits.map((h) => h.path))).toEqual([['/p0.md'], ['/p1.md'], ['/p4.md', '/p2.md']]);
  // Enough lookups to build the index: every answer again, the same.
  for (let i = 0; i < 5; i++) expect(questions.map((q) => matchTypoTitles(q, entries))).toEqual(first);
});

test('an index prepared ahead (as the MCP server does on opening) answers as the scan does', () => {
  const rows = ['Charles Babbage', 'Grace Hopper', 'Alan Turing'].map((title, i) => ({
    path: `/p${i}.md`,
    title,
    aliases: [],
  }));
  const scanned = titleEntries(rows);
  const prepared = titleEntries(rows);
  prepareTypoIndex(prepared);
  for (const q of ['Who was Charles Babbagge?', 'What did Grace Hoppr build?', 'Alan Turnig'])
    expect(matchTypoTitles(q, prepared)).toEqual(matchTypoTitles(q, scanned));
});

// Title matching on many names (issue 12 point 9): duplicate aliases are searched once, and dropping matches
// inside longer ones is n log n, not every hit against every hit (4,000 aliases x 16 mentions took 8.4 s).
import fc from 'fast-check';
import { matchTitles, titleEntries, type TitleEntry, type TitleHit } from '../../../src/core/retrieval/title-match';
import { foldText } from '../../../src/core/retrieval/text';
import { planBundle } from '../../../bench/generate.mjs';

test('4,000 copies of one alias are one entry', () => {
  const entries = titleEntries([
    {
      path: '/entities/enigma.md',
      title: 'Enigma',
      aliases: Array.from({ length: 4000 }, (_v, i) => (i % 2 ? 'Enigma machine' : 'ENIGMA MACHINE')),
    },
  ]);
  expect(entries).toEqual([
    { path: '/entities/enigma.md', folded: 'enigma', cased: 'Enigma' },
    { path: '/entities/enigma.md', folded: 'enigma machine' },
  ]);
});

test('4,000 concepts sharing one title, named 16 times in the question: each found once, inner matches dropped', () => {
  const rows = Array.from({ length: 4000 }, (_v, i) => ({
    path: `/entities/enigma-${String(i).padStart(4, '0')}.md`,
    title: 'Enigma',
    aliases: [],
  }));
  const entries = titleEntries([
    ...rows,
    { path: '/entities/enigma-machine.md', title: 'Enigma machine', aliases: [] },
  ]);
  const hits = matchTitles(Array.from({ length: 16 }, () => 'the Enigma machine').join(' and '), entries);
  // "Enigma" only ever occurs inside "Enigma machine": the shorter titles are all dropped.
  expect(hits.map((h) => h.path)).toEqual(['/entities/enigma-machine.md']);
  const alone = matchTitles(Array.from({ length: 16 }, () => 'Enigma').join(', '), entries);
  expect(alone.map((h) => h.path)).toEqual(rows.map((r) => r.path));
});

/** The hits' concepts and spans (whether a hit is ambiguous is tested in title-ambiguity.test.ts). */
const spans = (hits: readonly TitleHit[]) => hits.map(({ path, start, end }) => ({ path, start, end }));

/** The definition, hit against hit: the reference the n log n version must agree with. */
function reference(question: string, entries: readonly TitleEntry[]): TitleHit[] {
  const text = foldText(question);
  const word = /[\p{L}\p{N}]/u;
  const hits: TitleHit[] = [];
  for (const entry of entries) {
    for (
      let at = text.indexOf(entry.folded), found = 0;
      at >= 0 && found < 16;
      at = text.indexOf(entry.folded, at + 1)
    ) {
      const end = at + entry.folded.length;
      const okBefore = !word.test(text[at]) || at === 0 || !word.test(text[at - 1]);
      const okAfter = !word.test(text[end - 1]) || end === text.length || !word.test(text[end]);
      if (okBefore && okAfter) {
        hits.push({ path: entry.path, start: at, end });
        found++;
      }
    }
  }
  const kept = hits.filter(
    (h) => !hits.some((o) => o !== h && o.start <= h.start && o.end >= h.end && o.end - o.start > h.end - h.start),
  );
  kept.sort(
    (a, b) =>
      b.end - b.start - (a.end - a.start) || a.start - b.start || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0),
  );
  const seen = new Set<string>();
  return kept.filter((h) => (seen.has(h.path) ? false : (seen.add(h.path), true)));
}

test('agrees with the pairwise definition on random names and questions', () => {
  const word = fc.constantFrom('bell', 'labs', 'nokia', 'c', 'c++', 'go', 'ai');
  const name = fc.array(word, { minLength: 1, maxLength: 3 }).map((w) => w.join(' '));
  const rows = fc.array(
    fc.record({
      path: fc.constantFrom('/a.md', '/b.md', '/c.md', '/d.md'),
      title: name,
      aliases: fc.array(name, { maxLength: 3 }),
    }),
    { maxLength: 6 },
  );
  const question = fc.array(fc.oneof(word, fc.constantFrom(',', 'or', '?')), { maxLength: 14 }).map((w) => w.join(' '));
  fc.assert(
    fc.property(rows, question, (r, q) => {
      const entries = titleEntries(r);
      expect(spans(matchTitles(q, entries))).toEqual(reference(q, entries));
    }),
    { numRuns: 3000 },
  );
});

test('agrees with the definition over 3,000 bench names, questions cut from names and across them', () => {
  const concepts = planBundle(3000) as { path: string; title: string }[];
  const extra = ['C', 'Go', 'AI', 'C++', 'Gödel', 'ÉNIAC', '(AT&T)', 'Ω', '𝔘nicode', 'x'];
  const entries = titleEntries([
    ...concepts.map((c, i) => ({ path: c.path, title: c.title, aliases: i % 7 === 0 ? [c.title.split(' ')[0]] : [] })),
    ...extra.map((title, i) => ({ path: `/x/${i}.md`, title, aliases: [] })),
  ]);
  const names = [...concepts.map((c) => c.title), ...extra];
  const piece = fc.oneof(
    fc.constantFrom(...names),
    fc.tuple(fc.constantFrom(...names), fc.nat(30), fc.nat(30)).map(([n, a, b]) => n.slice(a % n.length, a + b)),
    fc.constantFrom('What is', 'who', '?', ',', 'and', "'s", '-', ' ', 'ß', '\u0301'),
  );
  const question = fc.array(piece, { maxLength: 8 }).map((parts) => parts.join(' '));
  fc.assert(
    fc.property(question, (q) => {
      expect(spans(matchTitles(q, entries))).toEqual(reference(q, entries));
    }),
    { numRuns: 1500, seed: 21 },
  );
});

// A bare wikilink resolves to the first concept (catalog order) whose file name, without `.md` and lowercased, is
// the link's: the first lookups scan the names (skipping names of another length), later ones read a map. Both
// must answer what the map of every name answers, whatever the characters (lowercasing "İ" lengthens it).
import fc from 'fast-check';
import type { Catalog, ConceptInfo } from '../../../src/core/retrieval/catalog';
import { linkTitles } from '../../../src/core/retrieval/link-titles';

/** The plain resolution: every name in a map, the first concept's title kept. */
function reference(paths: readonly string[]): (target: string) => string | undefined {
  const byName = new Map<string, string>();
  for (const path of paths) {
    const name = path
      .slice(path.lastIndexOf('/') + 1)
      .replace(/\.md$/i, '')
      .toLowerCase();
    if (!byName.has(name)) byName.set(name, `title of ${path}`);
  }
  return (target) => {
    const path = target.split('#')[0].trim().replace(/\.md$/i, '');
    return byName.get(path.slice(path.lastIndexOf('/') + 1).toLowerCase());
  };
}

function catalogOf(paths: readonly string[]): Catalog {
  const concepts = new Map<string, ConceptInfo>();
  for (const path of paths)
    if (!concepts.has(path))
      concepts.set(path, { path, title: `title of ${path}`, type: 'Concept', trust: 'unverified' });
  return { generation: 0, titles: [], concepts };
}

// Characters whose lowercase differs in kind: ASCII, "İ" (two code units lowercased), the Kelvin sign (lowercases
// to ASCII "k"), final sigma, "ß", an astral letter, U+0307 itself, and the characters of the suffix and path.
const CHARS = [
  'a',
  'B',
  'k',
  'K',
  '\u212a',
  '\u0130',
  'i',
  '\u0307',
  'Σ',
  'σ',
  'ß',
  '𐐀',
  '𐐨',
  '.',
  'm',
  'M',
  'd',
  'D',
  '/',
  '#',
  ' ',
];
const text = fc.array(fc.constantFrom(...CHARS), { minLength: 0, maxLength: 6 }).map((c) => c.join(''));
const suffix = fc.constantFrom('.md', '.MD', '.Md', '', '.m', 'md');
const path = fc
  .tuple(fc.constantFrom('/', '/entities/', '/a/b/'), text, suffix)
  .map(([dir, name, ext]) => dir + name + ext);

test('scanned and mapped lookups resolve every link as the map of every name does', () => {
  fc.assert(
    fc.property(
      fc.array(path, { minLength: 0, maxLength: 30 }),
      fc.array(
        fc.oneof(
          text,
          path,
          fc.tuple(path, text).map(([p, h]) => `${p}#${h}`),
        ),
        { maxLength: 40 },
      ),
      (paths, targets) => {
        const catalog = catalogOf(paths);
        const want = reference([...catalog.concepts.keys()]);
        const got = linkTitles(catalog);
        // Targets named after the paths themselves, then the random ones: past 16 lookups the map answers.
        const asked = [...paths.map((p) => p.slice(p.lastIndexOf('/') + 1)), ...targets];
        for (const target of asked) expect([target, got(target)]).toEqual([target, want(target)]);
      },
    ),
    { numRuns: 400, seed: 9 },
  );
});

test('a link names the first concept of its name in catalog order, case-insensitively, `.md` or not', () => {
  const titles = linkTitles(catalogOf(['/a/Alan-Turing.md', '/b/alan-turing.md', '/c/Church.MD', '/d/notes.txt']));
  expect(titles('alan-turing')).toBe('title of /a/Alan-Turing.md');
  expect(titles('b/ALAN-TURING.md#Life')).toBe('title of /a/Alan-Turing.md');
  expect(titles('church')).toBe('title of /c/Church.MD');
  expect(titles('notes.txt')).toBe('title of /d/notes.txt');
  expect(titles('notes')).toBeUndefined();
});

// Which folders hold OKF concepts (first run): a `type` alone is not enough (ordinary vaults use it), a bundle
// root is found by its own files, unmarked concepts form one bundle at their common folder, and the four real
// OKF bundles of the fixtures are each found with every concept they hold.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import * as nodePath from 'node:path';
import { parseFrontmatterYaml, splitFrontmatter } from '../../src/core/okf/frontmatter';
import { detectWikiFolders, looksLikeOkfConcept, type ScannedNote } from '../../src/plugin/first-run/detect';

const OKF = { type: 'Person', title: 'Ada', relations: [] };
const note = (path: string, frontmatter: Record<string, unknown> | null = OKF): ScannedNote => ({ path, frontmatter });
const detect = (notes: ScannedNote[], others: string[] = []) =>
  detectWikiFolders([...notes.map((n) => n.path), ...others], notes);

test('a type with an OKF field is a concept; a type alone, a title alone or no frontmatter is not', () => {
  expect(looksLikeOkfConcept({ type: 'Person', generated: { by: 'agent:x' } })).toBe(true);
  expect(looksLikeOkfConcept({ type: 'meeting', title: 'Standup', date: '2026-11-28' })).toBe(false);
  expect(looksLikeOkfConcept({ title: 'Ada', sources: [] })).toBe(false);
  expect(looksLikeOkfConcept({ type: ' ', relations: [] })).toBe(false);
  expect(looksLikeOkfConcept(null)).toBe(false);
});

test('two bundles marked by their root files are offered separately, most concepts first', () => {
  const notes = [
    note('work/kb/entities/a.md'),
    note('work/kb/entities/b.md'),
    note('history/wiki/concepts/c.md'),
    note('history/wiki/entities/index.md'),
  ];
  expect(detect(notes, ['work/kb/okf-wiki.json', 'history/wiki/AGENTS.md', 'history/wiki/entities/wiki.db'])).toEqual([
    { bundleFolder: 'work/kb', conceptFolders: [], concepts: 2, otherNotes: 0 },
    { bundleFolder: 'history/wiki', conceptFolders: [], concepts: 1, otherNotes: 0 },
  ]);
});

test(
  'unmarked concepts form one bundle at their deepest common folder; ' + 'notes beside it narrow the concept folders',
  () => {
    expect(
      detect([
        note('wiki/entities/a.md'),
        note('wiki/concepts/b.md'),
        note('wiki/entities/broken.md', null),
        note('notes/x.md', { title: 'x' }),
      ]),
    ).toEqual([{ bundleFolder: 'wiki', conceptFolders: [], concepts: 2, otherNotes: 0 }]);
    expect(
      detect([
        note('entities/a.md'),
        note('concepts/b.md'),
        note('Daily/d.md', { tags: ['x'] }),
        note('Inbox.md', null),
      ]),
    ).toEqual([{ bundleFolder: '', conceptFolders: ['concepts', 'entities'], concepts: 2, otherNotes: 2 }]);
    expect(detect([note('a.md'), note('Daily/d.md', null)])).toEqual([
      { bundleFolder: '', conceptFolders: [], concepts: 1, otherNotes: 0 },
    ]);
    expect(detect([note('Daily/d.md', { type: 'daily' })])).toEqual([]);
  },
);

test('the real OKF bundles of the fixtures, side by side in one vault, are each found with all their concepts', () => {
  const root = nodePath.join(__dirname, '..', 'fixtures', 'okf-bundles');
  const files: string[] = [];
  const notes: ScannedNote[] = [];
  const walk = (dir: string, rel: string) => {
    for (const name of readdirSync(dir).sort()) {
      const full = nodePath.join(dir, name);
      const path = rel === '' ? name : `${rel}/${name}`;
      if (statSync(full).isDirectory()) walk(full, path);
      else {
        files.push(path);
        if (!name.endsWith('.md')) continue;
        const split = splitFrontmatter(readFileSync(full, 'utf8'));
        notes.push({
          path,
          frontmatter: split.yaml === null ? null : parseFrontmatterYaml(path, split.yaml, split.yamlStartLine).data,
        });
      }
    }
  };
  walk(root, 'okf');
  const bundles = readdirSync(root).filter((n) => statSync(nodePath.join(root, n)).isDirectory());
  const found = detectWikiFolders(files, notes);
  // No bundle has a root marker: they share the `okf` folder, one candidate holding them all, narrowed to the
  // bundles' folders because the fixtures' README.md and LICENSE.md lie beside them.
  const concepts = notes.filter((n) => looksLikeOkfConcept(n.frontmatter)).length;
  expect(found).toEqual([{ bundleFolder: 'okf', conceptFolders: [...bundles].sort(), concepts, otherNotes: 2 }]);
  expect(concepts).toBeGreaterThan(40);
  // Marked (as the plugin or the CLI marks a bundle it indexed: wiki.db at its root), each is its own.
  const marked = detectWikiFolders([...files, ...bundles.map((b) => `okf/${b}/wiki.db`)], notes);
  expect(marked.map((c) => c.bundleFolder).sort()).toEqual(bundles.map((b) => `okf/${b}`).sort());
  expect(marked.reduce((n, c) => n + c.concepts, 0)).toBe(concepts);
});

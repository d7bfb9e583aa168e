// The markdown helpers skip work for text that needs none (a title without markup, a file in the folder itself):
// held here to their plain definitions on many generated inputs, so the generated files stay byte for byte the same.
import { escapeMarkdown, oneLine, relativePath } from '../../../src/core/generate/markdown';
import { baseName, dirOf } from '../../../src/core/okf/paths';

/** The definitions, as they were before the fast paths. */
const plainOneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
const plainEscape = (text: string) => plainOneLine(text).replace(/([\\`*_[\]<>|])/g, '\\$1');
function plainRelativePath(fromDir: string, to: string): string {
  const from = fromDir.split('/').filter(Boolean);
  const target = dirOf(to).split('/').filter(Boolean);
  let common = 0;
  while (common < from.length && common < target.length && from[common] === target[common]) common++;
  const up = from.slice(common).map(() => '..');
  return [...up, ...target.slice(common), baseName(to)].join('/');
}

/** A small deterministic generator (the same cases on every run). */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const TEXT_PIECES = ['a', 'Ada', ' ', '  ', '\t', '\n', '\r\n', '\u00a0', '\u2028', '\ufeff', '*', '_', '[', ']'];
const MORE_PIECES = ['<', '>', '|', '`', '\\', 'é', '😀', '.', '-', '(', ')', '#'];
const PATH_PIECES = ['/', '//', 'a', 'b', 'entities', 'x.md', '.', '..', ' ', 'é', 'index.md'];

function sample(random: () => number, pieces: readonly string[], most: number): string {
  let out = '';
  const n = Math.floor(random() * most);
  for (let i = 0; i < n; i++) out += pieces[Math.floor(random() * pieces.length)];
  return out;
}

test('escapeMarkdown and oneLine give what their definitions give', () => {
  const random = rng(14);
  const pieces = [...TEXT_PIECES, ...MORE_PIECES];
  const differing: string[] = [];
  for (let i = 0; i < 20000; i++) {
    const text = sample(random, pieces, 8);
    if (oneLine(text) !== plainOneLine(text) || escapeMarkdown(text) !== plainEscape(text)) differing.push(text);
  }
  expect(differing).toEqual([]);
});

test('relativePath gives what its definition gives, the folder itself and the bundle root included', () => {
  const random = rng(7);
  const dirs = ['', '/entities', '/entities/people', '/a', '/a/b', 'a', '/a/', '//a'];
  const differing: [string, string][] = [];
  for (let i = 0; i < 20000; i++) {
    const to = sample(random, PATH_PIECES, 6);
    const fromDir = random() < 0.5 ? dirs[Math.floor(random() * dirs.length)] : dirOf(to);
    if (relativePath(fromDir, to) !== plainRelativePath(fromDir, to)) differing.push([fromDir, to]);
  }
  expect(differing).toEqual([]);
});

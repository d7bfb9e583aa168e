// Lines of code are at most 120 characters (issue 13; Prettier's printWidth), counted in code points. Prettier
// does not break strings, regular expressions or comments, so this rule checks what it leaves long. Data under
// test/fixtures is not code and is left as its authors wrote it.
import { readdirSync, readFileSync } from 'node:fs';
import * as nodePath from 'node:path';

const ROOT = nodePath.join(__dirname, '..', '..');
const MAX = 120;
const CODE = /\.(ts|mts|cts|js|mjs|cjs)$/;

/** Build products, dependencies and data: not code written here (CI runs on a copy without .git, so walk). */
const SKIPPED = new Set(['node_modules', '.git', 'dist', 'coverage', 'test-artifacts', 'test/fixtures', 'main.js']);

/** The repository's code files, fixtures and build products left out. */
function codeFiles(dir = ''): string[] {
  return readdirSync(nodePath.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = dir === '' ? entry.name : `${dir}/${entry.name}`;
    if (SKIPPED.has(rel)) return [];
    if (entry.isDirectory()) return codeFiles(rel);
    return entry.isFile() && CODE.test(entry.name) ? [rel] : [];
  });
}

test('no line of code is longer than 120 characters', () => {
  const files = codeFiles();
  expect(files.length).toBeGreaterThan(300);
  const long = files.flatMap((file) =>
    readFileSync(nodePath.join(ROOT, file), 'utf8')
      .split('\n')
      .flatMap((line, i) => ([...line].length > MAX ? [`${file}:${i + 1} (${[...line].length})`] : [])),
  );
  expect(long).toEqual([]);
});

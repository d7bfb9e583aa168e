// Lines of code are at most 120 characters (issue 13; Prettier's printWidth), counted in code points. Prettier
// does not break strings, regular expressions or comments, so this rule checks what it leaves long. Data under
// test/fixtures is not code and is left as its authors wrote it.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as nodePath from 'node:path';

const ROOT = nodePath.join(__dirname, '..', '..');
const MAX = 120;
const CODE = /\.(ts|mts|cts|js|mjs|cjs)$/;

/** The repository's tracked code files, fixtures left out. */
function codeFiles(): string[] {
  const tracked = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n');
  return tracked.filter((f) => CODE.test(f) && !f.startsWith('test/fixtures/') && f !== 'main.js');
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

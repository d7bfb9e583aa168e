// file-back filed a body with a NUL byte (its own reader then refused the page as binary data) and took titles with
// ESC and BEL, which reached log.md raw; relate took them in predicates and printed them to the terminal (QA review 2,
// F13). Both now refuse (exit 2), nothing written.
import { writeFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import { runCli } from '../support/run-cli';
import { makeTempDir, removeTempDir, snapshotFiles, writeTree } from '../support/temp-dir';

let dir: string;
beforeEach(() => {
  dir = makeTempDir('okf-file-back-controls-');
  writeTree(dir, {
    '/okf-wiki.json': '{}\n',
    '/entities/a.md': '---\ntype: Concept\ntitle: Alpha\n---\nText.\n',
    '/entities/b.md': '---\ntype: Concept\ntitle: Beta\n---\nText.\n',
  });
  writeFileSync(nodePath.join(dir, 'body.md'), 'A plain body.\n');
  writeFileSync(nodePath.join(dir, 'nul.md'), 'Text with NUL \u0000 inside.\n');
});
afterEach(() => removeTempDir(dir));

const everything = () => snapshotFiles(dir, /^$/);

test.each([
  ['a NUL in the body', ['--title', 'Nul Body', '--body-file', 'nul.md'], 'the body holds a NUL character'],
  ['ESC in the title', ['--title', 'Bell\u0007Ring \u001b[31mred', '--body-file', 'body.md'], '\\u001b[31mred'],
  [
    'BEL in the description',
    ['--title', 'Described', '--description', 'b\u0007', '--body-file', 'body.md'],
    'the description "b\\u0007"',
  ],
])('file-back refuses %s (exit 2) and writes nothing', async (_, args, said) => {
  const before = everything();
  const { code, stdout, stderr } = await runCli(['file-back', ...args, '--by', 'human:qa'], dir);
  expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
  expect(stderr).toContain(said);
  expect(stderr).not.toMatch(/[\u0000\u0007\u001b]/);
  expect(everything()).toEqual(before);
});

test('relate refuses a predicate with ESC (exit 2), and prints it escaped', async () => {
  const before = everything();
  const { code, stderr } = await runCli(['relate', '/entities/a.md', 'inf\u001b[31mx', '/entities/b.md'], dir);
  expect(code).toBe(2);
  expect(stderr).toContain('the predicate "inf\\u001b[31mx" holds control characters');
  expect(stderr).not.toContain('\u001b');
  expect(everything()).toEqual(before);
});

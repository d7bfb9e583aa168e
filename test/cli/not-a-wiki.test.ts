// A writing command run in a folder that is not a wiki (no concept, no okf-wiki.json, no wiki.db): `reindex` typed
// in a code repository created wiki.db, timeline.md, wiki-trigger-keywords.txt and .okf-wiki/ there, appended to
// the project's own log.md and exited 0 (QA review, finding 10). It now refuses, exit 2, and writes nothing; a new
// wiki starts with an okf-wiki.json, or with its first concept.
import { existsSync, realpathSync, writeFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import { runCli } from '../support/run-cli';
import { makeTempDir, removeTempDir, snapshotFiles, writeTree } from '../support/temp-dir';

let tmp: string;
let folder: string;
beforeEach(() => {
  tmp = makeTempDir('okf-not-a-wiki-');
  folder = nodePath.join(tmp, 'project');
  writeTree(folder, {
    '/README.md': '# My project\n',
    '/docs/page.md': '---\ntitle: x\n---\nhello\n',
    '/log.md': 'hand written log\n',
  });
});
afterEach(() => removeTempDir(tmp));

/** Every file and folder, wiki.db and .okf-wiki/ included. */
const everything = (dir: string) => snapshotFiles(dir, /^$/);

test.each([['reindex'], ['timeline'], ['keywords'], ['vocabulary']])(
  '%s in a folder that is not a wiki refuses (exit 2) and writes nothing',
  async (command) => {
    const before = everything(folder);
    const { code, stdout, stderr } = await runCli([command, '--no-embed'], folder);
    expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
    expect(stderr).toContain(`okf-wiki: ${realpathSync(folder)} holds no OKF concept`);
    expect(stderr).toContain(`is it the wiki folder? ${command} wrote nothing\n`);
    expect(stderr).toContain("hint: pass --bundle DIR for the wiki's folder; to start a new wiki here, create");
    expect(everything(folder)).toEqual(before);
    expect(existsSync(nodePath.join(folder, '.okf-wiki'))).toBe(false);
  },
);

test('an empty folder with an okf-wiki.json is a new wiki: reindex builds it (0 concepts)', async () => {
  writeFileSync(nodePath.join(folder, 'okf-wiki.json'), '{}\n');
  const { code, stdout } = await runCli(['reindex', '--no-embed'], folder);
  expect(code).toBe(0);
  expect(stdout).toContain('Indexed 0 concepts');
  expect(Object.keys(Object.fromEntries(everything(folder)))).toContain('wiki.db');
});

test('one concept is enough: reindex goes ahead without okf-wiki.json', async () => {
  writeFileSync(nodePath.join(folder, 'first.md'), '---\ntype: Concept\ntitle: First\n---\nThe first page.\n');
  const { code, stdout } = await runCli(['reindex', '--no-embed'], folder);
  expect(code).toBe(0);
  expect(stdout).toMatch(/^Indexed 1 concept/);
});

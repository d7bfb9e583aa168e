// A link to a concept file inside the bundle (QA3 Q5): read through the link it was a second concept, every fact
// served twice, the link a seed, and lint's fixes would have written relations to the link. It is now indexed once,
// under the file's own path, and the link is named with where it leads (warning linked-file). A link to nothing says
// so instead of `ENOENT … realpath`.
import { symlinkSync } from 'node:fs';
import * as nodePath from 'node:path';
import { runCli } from '../support/run-cli';
import { makeTempDir, removeTempDir, writeTree } from '../support/temp-dir';

const ADA =
  '---\ntype: Person\ntitle: Ada Lovelace\nrelations:\n' +
  '  - { predicate: collaborated_with, object: /entities/babbage.md }\n---\nAda Lovelace wrote the first program.\n';
const BABBAGE =
  '---\ntype: Person\ntitle: Charles Babbage\nrelations:\n' +
  '  - { predicate: collaborated_with, object: /entities/ada.md }\n---\nBabbage designed engines.\n';
const OFFLINE = ['--no-embed', '--today', '2026-11-30'];

let tmp: string;
let bundle: string;
beforeEach(() => {
  tmp = makeTempDir('okf-linked-file-');
  bundle = nodePath.join(tmp, 'wiki');
  writeTree(bundle, { '/okf-wiki.json': '{}\n', '/entities/ada.md': ADA, '/entities/babbage.md': BABBAGE });
  symlinkSync('ada.md', nodePath.join(bundle, 'entities', 'ada-link.md'));
  symlinkSync('nowhere.md', nodePath.join(bundle, 'entities', 'dangling.md'));
});
afterEach(() => removeTempDir(tmp));

test('reindex indexes a linked concept file once, names the link and its target, and a link to nothing', async () => {
  const { code, stdout } = await runCli(['reindex', '--bundle', bundle, ...OFFLINE], tmp);
  expect(code).toBe(0);
  expect(stdout).toMatch(/^Indexed 2 concepts and/);
  expect(stdout).toContain(
    '    warning [linked-file] /entities/ada-link.md is a link to /entities/ada.md: linked files are not read through ',
  );
  expect(stdout).toContain('/entities/dangling.md is a link to nowhere.md, which does not exist');
  expect(stdout).not.toContain('ENOENT');
});

test('context answers from the file once, never through the link', async () => {
  const { stdout } = await runCli(['context', 'Who was Ada Lovelace?', '--bundle', bundle, ...OFFLINE], tmp);
  expect(stdout).toContain('Seeds: Ada Lovelace (/entities/ada.md)');
  expect(stdout).not.toContain('ada-link');
  expect(stdout.split('Ada Lovelace collaborated_with Charles Babbage').length).toBe(2);
});

test('lint files the link under linked-file and asks for no relation to it', async () => {
  const { code, stdout } = await runCli(['lint', '--bundle', bundle, ...OFFLINE], tmp);
  expect(code).toBe(1); // the dangling link is an error
  expect(stdout).toContain('linked-file (1 warning): Links to concept files, indexed under the file they lead to');
  expect(stdout).not.toContain('asymmetric-relation');
  expect(stdout).not.toContain('duplicate-title');
});

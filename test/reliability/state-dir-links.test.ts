// `.okf-wiki/`, the scratch folder of the write lock and the pending-edit records, is used only as a real folder
// inside the bundle. A bundle from elsewhere can hold it (or `.okf-wiki/pending`) as a link: git keeps links. Once
// followed, every writing command cleared "leftovers" from the link's target: `okf-wiki timeline` on a bundle whose
// `.okf-wiki/pending` led to another folder deleted every file in that folder, and a linked `.okf-wiki` got the lock
// and the records of planned texts written outside the bundle. Now a writer refuses, naming the link.
import { existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import * as nodePath from 'node:path';
import { conceptFile } from '../support/builders';
import { makeTempDir, removeTempDir, writeTree } from '../support/temp-dir';
import { runCli } from '../support/run-cli';

const ADA = '/entities/ada-lovelace.md';
const BABBAGE = '/entities/charles-babbage.md';
const FILES = {
  [ADA]: conceptFile({ type: 'Person', title: 'Ada Lovelace' }, 'Ada Lovelace wrote the first published algorithm.\n'),
  [BABBAGE]: conceptFile({ type: 'Person', title: 'Charles Babbage' }, 'He designed the Analytical Engine.\n'),
};
const RELATE = ['relate', ADA, 'corresponded_with', BABBAGE, '--inverse', 'corresponded_with', '--no-embed'];

let tmp: string;
let bundle: string;
let outside: string;
beforeEach(() => {
  tmp = makeTempDir('okf-state-links-');
  bundle = nodePath.join(tmp, 'bundle');
  writeTree(bundle, FILES);
  outside = nodePath.join(tmp, 'outside');
  mkdirSync(outside);
  writeFileSync(nodePath.join(outside, 'notes.txt'), 'precious\n');
  writeFileSync(nodePath.join(outside, 'data.json'), '{"keep": true}\n');
});
afterEach(() => removeTempDir(tmp));

const cli = (...args: string[]) => runCli([...args, '--bundle', bundle], tmp);

test.each([
  ['timeline', ['timeline']],
  ['relate', RELATE],
  ['reindex', ['reindex', '--no-embed']],
])('%s with .okf-wiki/pending linked outside refuses and deletes nothing there', async (_, args) => {
  mkdirSync(nodePath.join(bundle, '.okf-wiki'));
  symlinkSync(outside, nodePath.join(bundle, '.okf-wiki', 'pending'));
  const { code, stderr } = await cli(...args);
  expect(code).toBe(2);
  expect(stderr).toContain(`${nodePath.join(bundle, '.okf-wiki', 'pending')} is a link; refused`);
  expect(readdirSync(outside).sort()).toEqual(['data.json', 'notes.txt']);
});

test('relate with .okf-wiki linked outside refuses, writes nothing there and edits no concept', async () => {
  symlinkSync(outside, nodePath.join(bundle, '.okf-wiki'));
  const { code, stderr } = await cli(...RELATE);
  expect(code).toBe(2);
  expect(stderr).toContain(`${nodePath.join(bundle, '.okf-wiki')} is a link; refused`);
  expect(readdirSync(outside).sort()).toEqual(['data.json', 'notes.txt']);
  expect(await cli('lint')).toMatchObject({ code: 0 });
  expect((await cli('context', 'Who did Ada Lovelace correspond with?', '--no-embed')).stdout).not.toContain(
    'corresponded_with',
  );
});

test('a lock file that is a link is refused, and its target neither read into a message nor removed', async () => {
  mkdirSync(nodePath.join(bundle, '.okf-wiki'));
  const holder = { pid: process.pid, host: hostname(), since: new Date().toISOString(), command: 'SECRET-HOLDER' };
  writeFileSync(nodePath.join(outside, 'data.json'), JSON.stringify({ ...holder, token: 'x' }));
  symlinkSync(nodePath.join(outside, 'data.json'), nodePath.join(bundle, '.okf-wiki', 'lock'));
  const { code, stderr } = await cli(...RELATE);
  expect(code).toBe(2);
  expect(stderr).toContain(`${nodePath.join(bundle, '.okf-wiki', 'lock')} is a link; refused`);
  expect(stderr).not.toContain('SECRET-HOLDER');
  expect(readdirSync(outside).sort()).toEqual(['data.json', 'notes.txt']);
});

test('a real .okf-wiki folder works as before', async () => {
  mkdirSync(nodePath.join(bundle, '.okf-wiki', 'pending'), { recursive: true });
  expect((await cli(...RELATE)).code).toBe(0);
  expect(existsSync(nodePath.join(bundle, '.okf-wiki', 'lock'))).toBe(false);
});

test('a folder among the pending records is named and left; writing commands still run', async () => {
  // A record's name on a folder (a bundle from elsewhere, a tool's mistake): rm of a folder threw, and every writing
  // command stopped on it.
  mkdirSync(nodePath.join(bundle, '.okf-wiki', 'pending', 'stuck.json'), { recursive: true });
  const { code, stderr } = await cli(...RELATE);
  expect(code).toBe(0);
  expect(stderr).toContain(`${nodePath.join('.okf-wiki', 'pending', 'stuck.json')} is a folder`);
  expect(existsSync(nodePath.join(bundle, '.okf-wiki', 'pending', 'stuck.json'))).toBe(true);
});

// A linked folder in the bundle is never walked (its notes could be outside, or indexed twice), and it is said, as a
// linked file leading out is: reindex and lint name the link and where it leads, and the catch-up keeps saying so.
import { mkdirSync, rmSync, symlinkSync } from 'node:fs';
import * as nodePath from 'node:path';
import { conceptFile } from '../support/builders';
import { runCli } from '../support/run-cli';
import { makeTempDir, removeTempDir, writeTree } from '../support/temp-dir';

let tmp: string;
let bundle: string;
let outside: string;

beforeEach(() => {
  tmp = makeTempDir('okf-linked-folder-');
  bundle = nodePath.join(tmp, 'wiki');
  outside = nodePath.join(tmp, 'elsewhere');
  writeTree(bundle, { '/entities/ada.md': conceptFile({ type: 'Person', title: 'Ada' }) });
  writeTree(outside, { '/bob.md': conceptFile({ type: 'Person', title: 'Bob' }) });
  symlinkSync(outside, nodePath.join(bundle, 'people'));
  symlinkSync(nodePath.join(bundle, 'entities'), nodePath.join(bundle, 'alias'));
  // A link to a file that is not a note, and a linked folder under a hidden name: nothing to say about either.
  writeTree(bundle, { '/assets/logo.png': 'png' });
  symlinkSync(nodePath.join(bundle, 'assets', 'logo.png'), nodePath.join(bundle, 'logo-link.png'));
  mkdirSync(nodePath.join(bundle, '.hidden'));
  symlinkSync(outside, nodePath.join(bundle, '.hidden', 'linked'));
});
afterEach(() => removeTempDir(tmp));

test('reindex names each linked folder and where it leads, and indexes nothing through it', async () => {
  const { code, stdout } = await runCli(['reindex', '--bundle', bundle, '--no-embed'], tmp);
  expect(code).toBe(0);
  expect(stdout).toMatch(/Indexed 1 concepts/);
  expect(stdout).toMatch(/^ {2}\/people\n.*link to .*elsewhere, a folder outside the bundle; not followed/m);
  expect(stdout).toMatch(/^ {2}\/alias\n.*link to the folder \/entities; linked folders are not followed/m);
  expect(stdout).not.toContain('logo-link');
  expect(stdout).not.toContain('hidden');

  const json = JSON.parse((await runCli(['reindex', '--bundle', bundle, '--no-embed', '--json'], tmp)).stdout);
  expect(json.diagnostics.map((d: { path: string }) => d.path).sort()).toEqual(['/alias', '/people']);
});

test('lint names them too, after a catch-up, and stops once a link is gone', async () => {
  expect((await runCli(['reindex', '--bundle', bundle, '--no-embed'], tmp)).code).toBe(0);
  const first = await runCli(['lint', '--bundle', bundle], tmp);
  expect(first.stdout).toContain('/people');
  expect(first.stdout).toContain('/alias');
  rmSync(nodePath.join(bundle, 'alias'));
  const second = await runCli(['lint', '--bundle', bundle], tmp);
  expect(second.stdout).toContain('/people');
  expect(second.stdout).not.toContain('/alias');
});

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
  expect(stdout).toMatch(/Indexed 1 concept and/);
  // A link leading out is an error, as a linked file leading out is; one inside only an alias, a warning. Neither is
  // a markdown file nor one that could not be indexed.
  expect(stdout).toMatch(
    /^ {2}\/people\n {4}error \[linked-folder\] .*link to .*elsewhere, a folder outside the bundle/m,
  );
  expect(stdout).toMatch(
    /^ {2}\/alias\n {4}warning \[linked-folder\] .*link to the folder \/entities; linked folders/m,
  );
  expect(stdout).toContain('from 1 markdown file in');
  expect(stdout).toContain('1 error, 1 warning:');
  expect(stdout).not.toContain('could not be indexed');
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

test(
  'a link to a folder inside the bundle is a warning of its own: ' + 'lint exits 0, files it under linked-folder',
  async () => {
    rmSync(nodePath.join(bundle, 'people'));
    const reindex = await runCli(['reindex', '--bundle', bundle, '--no-embed', '--json'], tmp);
    expect(reindex.code).toBe(0);
    expect(JSON.parse(reindex.stdout)).toMatchObject({ files: 1, invalidFiles: 0, counts: { error: 0, warning: 1 } });
    const lint = await runCli(['lint', '--bundle', bundle, '--json'], tmp);
    expect(lint.code).toBe(0);
    const findings = (
      JSON.parse(lint.stdout) as { findings: { check: string; path: string; severity: string }[] }
    ).findings.filter((f) => f.path === '/alias');
    expect(findings).toEqual([expect.objectContaining({ check: 'linked-folder', severity: 'warning' })]);
  },
);

test('a link to a folder outside the bundle is an error lint files under linked-folder (exit 1)', async () => {
  rmSync(nodePath.join(bundle, 'alias'));
  const lint = await runCli(['lint', '--bundle', bundle, '--json'], tmp);
  expect(lint.code).toBe(1);
  const findings = (
    JSON.parse(lint.stdout) as { findings: { check: string; path: string; severity: string }[] }
  ).findings.filter((f) => f.path === '/people');
  expect(findings).toEqual([expect.objectContaining({ check: 'linked-folder', severity: 'error' })]);
});

// The real binary in a real process: `node esbuild.config.mjs cli` builds dist/cli.cjs (SQLite's WASM beside it),
// and `node bin/okf-wiki.cjs` runs it with real argv, streams and exit code.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import * as nodePath from 'node:path';
import { conceptFile, rawConcept, rel } from '../support/builders';
import { makeTempDir, REPO_ROOT, removeTempDir, writeTree } from '../support/temp-dir';

let tmp: string;
beforeAll(() => {
  tmp = makeTempDir('okf-bin-');
  execFileSync(process.execPath, ['esbuild.config.mjs', 'cli'], { cwd: REPO_ROOT, stdio: 'pipe', timeout: 120_000 });
}, 150_000);
afterAll(() => removeTempDir(tmp));

function okfWiki(args: readonly string[]) {
  const result = spawnSync(process.execPath, [nodePath.join(REPO_ROOT, 'bin', 'okf-wiki.cjs'), ...args], {
    cwd: tmp,
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, OLLAMA_HOST: 'http://127.0.0.1:9' },
  });
  if (result.error) throw result.error;
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

test('`okf-wiki reindex --bundle DIR --json` exits 0 and prints the summary; bad usage exits 2', () => {
  writeTree(tmp, {
    '/wiki/entities/ada.md': conceptFile({
      type: 'Person',
      title: 'Ada',
      relations: [rel('knew', '/entities/babbage.md')],
    }),
    '/wiki/entities/babbage.md': conceptFile({ type: 'Person', title: 'Babbage' }),
    '/wiki/entities/broken.md': rawConcept('title: no type'),
  });
  const bundle = nodePath.join(tmp, 'wiki');
  const ok = okfWiki(['reindex', '--bundle', bundle, '--json', '--no-embed']);
  expect({ code: ok.code, stderr: ok.stderr }).toEqual({ code: 0, stderr: '' });
  expect(JSON.parse(ok.stdout)).toMatchObject({
    concepts: 2,
    relations: 1,
    invalidFiles: 1,
    counts: { error: 1, warning: 0, info: 0 },
    diagnostics: [{ path: '/entities/broken.md', severity: 'error', code: 'missing-type' }],
  });
  expect(existsSync(nodePath.join(bundle, 'wiki.db'))).toBe(true);

  const unknown = okfWiki(['frobnicate']);
  expect(unknown.code).toBe(2);
  expect(unknown.stdout).toBe('');
  expect(unknown.stderr).toMatch(/^okf-wiki: unknown command "frobnicate"\n/);

  const missing = okfWiki(['reindex', '--bundle', 'no-such-folder', '--no-embed']);
  expect(missing.code).toBe(2);
  expect(missing.stderr).toContain(`bundle folder not found: ${nodePath.join(tmp, 'no-such-folder')}`);
}, 120_000);

// `context` and `lint` run with V8's optimizing WebAssembly tier off (bin/okf-wiki.cjs): same answers, same output.
test('`okf-wiki context` and `lint` answer from wiki.db in a fresh process, stderr clean', () => {
  writeTree(tmp, {
    '/short/entities/ada.md': conceptFile(
      { type: 'Person', title: 'Ada Lovelace', relations: [rel('knew', '/entities/babbage.md')] },
      'Ada Lovelace wrote the first published program for the Analytical Engine.',
    ),
    '/short/entities/babbage.md': conceptFile({ type: 'Person', title: 'Charles Babbage' }, 'Designed engines.'),
  });
  const bundle = nodePath.join(tmp, 'short');
  expect(okfWiki(['reindex', '--bundle', bundle, '--no-embed']).code).toBe(0);
  const answer = okfWiki(['context', 'Who was Ada Lovelace?', '--bundle', bundle, '--no-embed', '--json']);
  expect(answer.code).toBe(0);
  expect(JSON.parse(answer.stdout)).toMatchObject({ confident: true, seeds: [{ path: '/entities/ada.md' }] });
  expect(answer.stderr).not.toMatch(/unrecognized flag|Error/);
  const lint = okfWiki(['lint', '--bundle', bundle, '--json']);
  expect(lint.stderr).toBe('');
  expect(JSON.parse(lint.stdout)).toHaveProperty('findings');
}, 120_000);

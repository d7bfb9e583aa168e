// bin/code-cache.cjs loads the CLI bundle through V8's code cache kept beside it: the bundle must behave exactly as
// under require (exports, __filename, __dirname, its own require), the cache be written once and then used, a
// rebuilt bundle get a fresh cache (the old one dropped), and a folder that cannot be written change nothing.
import { spawnSync } from 'node:child_process';
import { chmodSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import { makeTempDir, REPO_ROOT, removeTempDir } from '../support/temp-dir';

let dir: string;
beforeEach(() => {
  dir = makeTempDir('okf-code-cache-');
});
afterEach(() => {
  chmodSync(dir, 0o755);
  removeTempDir(dir);
});

const LOADER = nodePath.join(REPO_ROOT, 'bin', 'code-cache.cjs');

/** Loads `bundle.cjs` from `dir` through the cache in a fresh process, as bin/okf-wiki.cjs does; its printed value. */
function load(flavor = 'default'): string {
  const script =
    `const m = require(${JSON.stringify(LOADER)}).requireCached(${JSON.stringify(nodePath.join(dir, 'bundle.cjs'))}, ` +
    `${JSON.stringify(flavor)}); process.stdout.write(m.describe());`;
  const result = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 30_000 });
  expect(result.stderr).toBe('');
  return result.stdout;
}

const caches = () => readdirSync(dir).filter((name) => name.endsWith('.v8cache'));

function writeBundle(answer: string): void {
  writeFileSync(nodePath.join(dir, 'helper.cjs'), 'module.exports = (x) => x * 2;\n');
  writeFileSync(
    nodePath.join(dir, 'bundle.cjs'),
    `'use strict';\nconst twice = require('./helper.cjs');\nconst path = require('node:path');\n` +
      `exports.describe = () => [${JSON.stringify(answer)}, twice(21), path.basename(__filename), ` +
      `__dirname === ${JSON.stringify(dir)}, typeof module.exports.describe].join(' ');\n`,
  );
}

test('the bundle runs as under require; its cache is written once, then used', () => {
  writeBundle('first');
  expect(caches()).toEqual([]);
  expect(load()).toBe('first 42 bundle.cjs true function');
  const [cache] = caches();
  expect(cache).toMatch(/^\.bundle\.cjs\.default\.[\w-]+\.v8cache$/);
  const written = statSync(nodePath.join(dir, cache)).mtimeMs;
  expect(load()).toBe('first 42 bundle.cjs true function');
  expect(caches()).toEqual([cache]);
  expect(statSync(nodePath.join(dir, cache)).mtimeMs).toBe(written);
});

test('a rebuilt bundle of the same length gets its own cache and the old one goes; flavors are kept apart', () => {
  writeBundle('one');
  load();
  const [old] = caches();
  writeBundle('two');
  expect(load()).toBe('two 42 bundle.cjs true function');
  expect(caches()).toHaveLength(1);
  expect(caches()[0]).not.toBe(old);
  expect(load('liftoff')).toBe('two 42 bundle.cjs true function');
  expect(caches()).toHaveLength(2);
});

test('a bundle with characters beyond ASCII reads as UTF-8; an ASCII one as the same text', () => {
  for (const answer of ['café – ’quoted’ 𝔸', 'plain ascii']) {
    writeBundle(answer);
    expect(load()).toBe(`${answer} 42 bundle.cjs true function`);
    expect(load()).toBe(`${answer} 42 bundle.cjs true function`);
  }
});

test('a folder that cannot be written: the bundle still runs, without a cache', () => {
  writeBundle('read-only');
  chmodSync(dir, 0o555);
  expect(load()).toBe('read-only 42 bundle.cjs true function');
  // root writes into a read-only folder all the same: only another user sees no cache written.
  if (process.getuid?.() !== 0) expect(caches()).toEqual([]);
});

// Review of bin/code-cache.cjs (d8b0273 kept this behaviour): V8 in a release build does not checksum a code cache
// (--verify-snapshot-checksum is off), so a cache whose bytes were damaged after it was written (a bad sector, a
// torn copy, another tool) is deserialized as it is: the CLI dies in V8 (SIGTRAP, SIGSEGV), on every later run too,
// since a cache is rewritten only when V8 rejects it. The loader should verify its own checksum (or catch nothing:
// a crash cannot be caught) before handing bytes to V8.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import { makeTempDir, REPO_ROOT, removeTempDir } from '../support/temp-dir';

const LOADER = nodePath.join(REPO_ROOT, 'bin', 'code-cache.cjs');

test('a damaged code cache is refused, not run: the bundle still answers', () => {
  const dir = makeTempDir('okf-review-corrupt-');
  try {
    const bundle = nodePath.join(dir, 'bundle.cjs');
    writeFileSync(
      bundle,
      "'use strict';\nfunction fib(n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }\n" +
        "exports.describe = () => ['value', fib(10), [1, 2, 3].map((x) => x * 2).join(',')].join(' ');\n",
    );
    const script =
      `process.stdout.write(require(${JSON.stringify(LOADER)}).requireCached(${JSON.stringify(bundle)}, ` +
      `'default').describe())`;
    const load = () => spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 30_000 });
    expect(load().stdout).toBe('value 55 2,4,6');
    const [name] = readdirSync(dir).filter((n) => n.endsWith('.v8cache'));
    const cachePath = nodePath.join(dir, name);
    const original = readFileSync(cachePath);
    const outcomes: string[] = [];
    for (const offset of [40, 100, 300, 500, 600]) {
      const damaged = Buffer.from(original);
      for (let i = offset; i < Math.min(offset + 16, damaged.length); i++) damaged[i] ^= 0xff;
      writeFileSync(cachePath, damaged);
      const result = load();
      outcomes.push(`${offset}: ${result.status ?? result.signal} ${result.stdout}`);
      writeFileSync(cachePath, original);
    }
    expect(outcomes).toEqual([40, 100, 300, 500, 600].map((o) => `${o}: 0 value 55 2,4,6`));
  } finally {
    removeTempDir(dir);
  }
});

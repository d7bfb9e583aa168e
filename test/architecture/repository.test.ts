// What a community-plugin submission and a release need from the repository itself: a LICENSE that matches
// package.json (the bundled OKF fixtures keep their own Apache-2.0 license beside them), `npm version` keeping
// manifest.json and versions.json in step, and the workflows that release on a tag and run CI.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as nodePath from 'node:path';

const ROOT = nodePath.join(__dirname, '..', '..');
const read = (path: string) => readFileSync(nodePath.join(ROOT, path), 'utf8');

test('LICENSE is the MIT license package.json names; the OKF fixtures keep their Apache-2.0 license', () => {
  expect(JSON.parse(read('package.json')).license).toBe('MIT');
  const license = read('LICENSE');
  expect(license).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} \S/);
  expect(license).toContain('Permission is hereby granted, free of charge, to any person obtaining a copy');
  expect(existsSync(nodePath.join(ROOT, 'test', 'fixtures', 'okf-bundles', 'LICENSE.md'))).toBe(true);
  expect(read('test/fixtures/okf-bundles/LICENSE.md')).toContain('Apache License');
});

test('`npm version` bumps manifest.json and versions.json through the version script', () => {
  const pkg = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
  expect(pkg.scripts.version).toBe('node version-bump.mjs && git add manifest.json versions.json');
  const dir = mkdtempSync(nodePath.join(tmpdir(), 'okf-version-'));
  try {
    for (const f of ['manifest.json', 'versions.json']) copyFileSync(nodePath.join(ROOT, f), nodePath.join(dir, f));
    execFileSync(process.execPath, [nodePath.join(ROOT, 'version-bump.mjs')], {
      cwd: dir,
      env: { ...process.env, npm_package_version: '9.8.7' },
    });
    const manifest = JSON.parse(readFileSync(nodePath.join(dir, 'manifest.json'), 'utf8'));
    const before = JSON.parse(read('manifest.json'));
    expect(manifest).toEqual({ ...before, version: '9.8.7' });
    expect(JSON.parse(readFileSync(nodePath.join(dir, 'versions.json'), 'utf8'))).toEqual({
      ...JSON.parse(read('versions.json')),
      '9.8.7': before.minAppVersion,
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a tag builds the plugin and attaches main.js, manifest.json and styles.css to a release; CI runs .ci/run', () => {
  const release = read('.github/workflows/release.yml');
  expect(release).toMatch(/on:\s+push:\s+tags:/);
  expect(release).toContain('npm run build');
  expect(release).toMatch(/gh release create [^\n]*\\\n\s+main\.js manifest\.json styles\.css/);
  expect(read('.github/workflows/ci.yml')).toContain('run: .ci/run');
  const ci = read('.ci/run');
  expect(ci.indexOf('npm test')).toBeGreaterThan(0);
  expect(ci.indexOf('npm run lint')).toBeGreaterThan(ci.indexOf('npm test'));
});

// What a community-plugin submission and a release need from the repository itself: a LICENSE that matches
// package.json (the bundled OKF fixtures keep their own Apache-2.0 license beside them).
import { existsSync, readFileSync } from 'node:fs';
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

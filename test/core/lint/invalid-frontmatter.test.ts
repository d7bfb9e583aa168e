import { lintFixture, of } from './lint-fixture';

test('invalid-frontmatter relays every reader diagnostic with its severity, code and line', async () => {
  const report = await lintFixture('lint-invalid-frontmatter');
  const found = of(report, 'invalid-frontmatter').map((f) => [f.severity, f.path, f.code, f.line]);
  expect(found).toEqual([
    ['error', '/entities/broken-yaml.md', 'yaml-syntax', expect.any(Number)],
    ['error', '/entities/duplicate-key.md', 'duplicate-key', 4],
    ['error', '/entities/missing-type.md', 'missing-type', undefined],
    ['error', '/entities/yaml11-keys.md', 'invalid-date', undefined],
    ['warning', '/entities/yaml11-keys.md', 'non-string-tag', undefined],
    ['warning', '/entities/yaml11-keys.md', 'yaml11-boolean-key', 6],
  ]);
  expect(of(report, 'invalid-frontmatter')[1].message).toBe(
    'Key `title` appears more than once (first on line 3); the last one is used.',
  );
});

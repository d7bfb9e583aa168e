import { lintFixture, of } from './lint-fixture';

test('invalid-config: bad okf-wiki.json entries are skipped with a warning; the good ones still apply', async () => {
  const report = await lintFixture('lint-invalid-config');
  expect(of(report, 'invalid-config').map((f) => [f.severity, f.path, f.code])).toEqual([
    ['warning', '/okf-wiki.json', 'config-unknown-key'],
    ['warning', '/okf-wiki.json', 'config-bad-predicate'],
    ['warning', '/okf-wiki.json', 'config-bad-inverse'],
  ]);
  // The valid pair founded / founded_by still applies: the fixture's two concepts answer each other.
  expect(of(report, 'asymmetric-relation')).toEqual([]);
});

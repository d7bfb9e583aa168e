import { lintFixture, of } from './lint-fixture';

test('broken-link: prose links resolving to no file are information; files, folders and wikilinks by name resolve', async () => {
  const report = await lintFixture('lint-broken-link');
  expect(of(report, 'broken-link').map((f) => [f.severity, f.path, f.value, f.message])).toEqual([
    ['info', '/entities/writer.md', '../../outside.md', 'Link (../../outside.md) points outside the bundle.'],
    ['info', '/entities/writer.md', '../people/reader.md', 'Link (../people/reader.md) resolves to no file in the bundle.'],
    ['info', '/entities/writer.md', '/entities/nobody.md', 'Link (/entities/nobody.md) resolves to no file in the bundle.'],
    ['info', '/entities/writer.md', 'Nowhere Page', 'Link [[Nowhere Page]] resolves to no file in the bundle.'],
  ]);
  expect(of(report, 'broken-link').find((f) => f.value === '../people/reader.md')?.fix).toBe('did you mean /entities/reader.md?');
  expect(report.counts.error).toBe(0);
});

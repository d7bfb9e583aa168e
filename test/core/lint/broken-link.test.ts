import { buildIndex } from '../../../src/core/index/build';
import { lintBundle } from '../../../src/core/lint/run-lint';
import { conceptFile } from '../../support/builders';
import { MemoryBundle } from '../../support/memory-bundle';
import { fixedClock, lintFixture, of } from './lint-fixture';

test(
  'broken-link: prose links resolving to no file are information; files, ' + 'folders and wikilinks by name resolve',
  async () => {
    const report = await lintFixture('lint-broken-link');
    expect(of(report, 'broken-link').map((f) => [f.severity, f.path, f.value, f.message])).toEqual([
      ['info', '/entities/writer.md', '../../outside.md', 'Link (../../outside.md) points outside the bundle.'],
      [
        'info',
        '/entities/writer.md',
        '../people/reader.md',
        'Link (../people/reader.md) resolves to no file in the bundle.',
      ],
      [
        'info',
        '/entities/writer.md',
        '/entities/nobody.md',
        'Link (/entities/nobody.md) resolves to no file in the bundle.',
      ],
      ['info', '/entities/writer.md', 'Nowhere Page', 'Link [[Nowhere Page]] resolves to no file in the bundle.'],
    ]);
    expect(of(report, 'broken-link').find((f) => f.value === '../people/reader.md')?.fix).toBe(
      'did you mean /entities/reader.md?',
    );
    expect(report.counts.error).toBe(0);
  },
);

test('broken-link: a link and a file name that differ only in Unicode normalization (NFC vs NFD) say so', async () => {
  const nfd = 'Go\u0308del';
  const bundle = new MemoryBundle({
    [`/entities/${nfd.toLowerCase()}.md`]: conceptFile({ type: 'Person', title: 'Kurt Gödel' }),
    '/entities/writer.md': conceptFile(
      { type: 'Person', title: 'Writer' },
      'See [Gödel](gödel.md), [[Gödel]] and [nobody](nobody.md).\n',
    ),
  });
  const index = await buildIndex(bundle);
  const report = await lintBundle(index, bundle, { clock: fixedClock('2026-06-15') });
  index.close();
  const findings = of(report, 'broken-link');
  const fixOf = (value: string) => findings.find((f) => f.value === value)?.fix;
  expect(findings.map((f) => f.value).sort()).toEqual(['Gödel', 'gödel.md', 'nobody.md']);
  const hint =
    `/entities/${nfd.toLowerCase()}.md differs from the link only in ` +
    `Unicode normalization (the link is NFC, the file name NFD)`;
  expect(fixOf('gödel.md')).toContain(hint);
  expect(fixOf('Gödel')).toContain(hint);
  expect(fixOf('nobody.md')).toBeUndefined();
});

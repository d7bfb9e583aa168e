import { lintFixture, of } from './lint-fixture';

test(
  'unreviewed-reference: references/ minus every cited path ' +
    '(root-relative, file-relative, absolute, folder, OKF path fields)',
  async () => {
    const report = await lintFixture('lint-unreviewed-reference');
    expect(of(report, 'unreviewed-reference').map((f) => [f.severity, f.path, f.fix])).toEqual([
      [
        'info',
        '/references/never-ingested.md',
        'ingest it (cite it as `resource: references/never-ingested.md`), or leave it if it was reviewed',
      ],
      [
        'info',
        '/references/raw-notes.txt',
        'ingest it (cite it as `resource: references/raw-notes.txt`), or leave it if it was reviewed',
      ],
    ]);
    expect(report.counts.error).toBe(0);
  },
);

import { lintFixture, rows } from './lint-fixture';

test(
  'orphan: inbound relations, markdown links (both readings) and ' + 'wikilinks count; index.md and self-links do not',
  async () => {
    const report = await lintFixture('lint-orphan');
    expect(rows(report, 'orphan')).toEqual([
      ['warning', '/entities/lonely.md', undefined],
      ['warning', '/entities/self-linker.md', undefined],
    ]);
  },
);

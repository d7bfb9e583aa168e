// QA2 F22: `stale_after: "2026"` or `"2026-12"` names a whole period; the page is stale only once it has ended.
// Lint and retrieval agree, day by day.
import { buildIndex } from '../../../src/core/index/build';
import { lintBundle } from '../../../src/core/lint/run-lint';
import { contextFor } from '../../../src/core/retrieval/context-for';
import { conceptFile, rel } from '../../support/builders';
import { MemoryBundle } from '../../support/memory-bundle';
import { fixedClock, of } from './lint-fixture';

test('a year or month stale_after holds through its last day: lint and retrieval say so on the same days', async () => {
  const bundle = new MemoryBundle({
    '/entities/alpha.md': conceptFile({
      type: 'Entity',
      title: 'Alpha',
      stale_after: '2026',
      relations: [rel('partner_of', '/entities/beta.md')],
    }),
    '/entities/beta.md': conceptFile({
      type: 'Entity',
      title: 'Beta',
      stale_after: '2026-12',
      relations: [rel('partner_of', '/entities/alpha.md')],
    }),
  });
  const index = await buildIndex(bundle);
  try {
    const seen: [string, string[], boolean][] = [];
    for (const day of ['2026-01-01', '2026-12-31', '2027-01-01']) {
      const clock = fixedClock(day);
      const stale = of(await lintBundle(index, bundle, { clock }), 'stale');
      const answer = await contextFor(index, 'Alpha', { clock });
      seen.push([day, stale.map((f) => f.message.split(' (today')[0]), answer.facts.length > 0]);
    }
    expect(seen).toEqual([
      ['2026-01-01', [], true],
      ['2026-12-31', [], true],
      ['2027-01-01', ['Stale since 2027-01-01 (after 2026)', 'Stale since 2027-01-01 (after 2026-12)'], false],
    ]);
  } finally {
    index.close();
  }
});

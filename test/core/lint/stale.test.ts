import { lintFixture, of, rows } from './lint-fixture';

test('stale: stale_after on or before today is a warning; superseded concepts are skipped', async () => {
  const report = await lintFixture('lint-stale', '2026-06-15');
  expect(rows(report, 'stale')).toEqual([
    ['warning', '/entities/expired.md', '2026-01-31'],
    ['warning', '/entities/expires-today.md', '2026-06-15T00:00:00Z'],
  ]);
  expect(of(report, 'stale')[0].message).toBe(
    'Stale since 2026-01-31 (today is 2026-06-15): retrieval drops its facts until it is re-checked.',
  );
});

test('stale: the clock decides', async () => {
  expect(rows(await lintFixture('lint-stale', '2025-01-01'), 'stale')).toEqual([]);
});

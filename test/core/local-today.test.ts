// "Today" for stale_after (and the dates written for the user) is the user's calendar date, not UTC's: in UTC-11
// the UTC date turns at 13:00 the day before, and `stale_after` dropped facts that evening (QA review, 14h).
// Tests run with TZ=UTC, so the real clock is run in child processes with an explicit TZ at a fixed instant.
import { execFileSync } from 'node:child_process';
import * as nodePath from 'node:path';
import { todayOf } from '../../src/core/types';
import { bundleForWorker } from '../support/deadline-worker';
import { FsBundle } from '../../src/node/fs-bundle';
import { buildIndex } from '../../src/core/index/build';
import { lintBundle } from '../../src/core/lint/run-lint';
import { fixtureDir } from '../support/fixtures';

const INSTANT = '2026-12-02T01:23:00Z';

let bundled: string;
beforeAll(async () => {
  bundled = await bundleForWorker(nodePath.join(__dirname, '../../src/core/types.ts'));
});

/** systemClock's today and now at INSTANT in time zone `tz`. */
function clockIn(tz: string): { today: string; now: string } {
  const source =
    `const Real = Date; const at = new Real(${JSON.stringify(INSTANT)}).getTime();` +
    'globalThis.Date = class extends Real { constructor(...a) { super(...(a.length ? a : [at])); } ' +
    'static now() { return at; } };' +
    `const module = { exports: {} }; (function (module, exports) { ${bundled}\n })(module, module.exports);` +
    'const c = module.exports.systemClock; process.stdout.write(JSON.stringify({ today: c.today(), now: c.now() }));';
  const out = execFileSync(process.execPath, ['-e', source], { env: { ...process.env, TZ: tz }, encoding: 'utf8' });
  return JSON.parse(out) as { today: string; now: string };
}

test.each([
  ['UTC', '2026-12-02'],
  ['Pacific/Pago_Pago', '2026-12-01'],
  ['America/Los_Angeles', '2026-12-01'],
  ['Pacific/Kiritimati', '2026-12-02'],
  ['Asia/Tokyo', '2026-12-02'],
])('in %s, today at 01:23 UTC on 2 December is %s; now stays the UTC instant', (tz, today) => {
  expect(clockIn(tz)).toEqual({ today, now: '2026-12-02T01:23:00.000Z' });
});

test('a clock without today() (a fixed --today, a test clock) gives the date of now()', () => {
  expect(todayOf({ now: () => '2026-08-09' })).toBe('2026-08-09');
  expect(todayOf({ now: () => '2026-08-09T23:59:00Z' })).toBe('2026-08-09');
  expect(todayOf({ now: () => '2026-08-09T23:59:00Z', today: () => '2026-08-10' })).toBe('2026-08-10');
});

// Lint asks the clock for today, not for the date of its UTC instant: the evening before, in UTC-11, a concept whose
// stale_after is the next day is not stale yet.
test('lint judges stale_after on the clock today, not the date of its UTC instant', async () => {
  const bundle = new FsBundle(fixtureDir('lint-stale'));
  const index = await buildIndex(bundle);
  try {
    const evening = { now: () => '2026-06-15T01:00:00Z', today: () => '2026-06-14' };
    const stale = (await lintBundle(index, bundle, { clock: evening })).findings.filter((f) => f.check === 'stale');
    expect(stale.map((f) => f.path)).not.toContain('/entities/expires-today.md');
    const next = { now: () => '2026-06-15T01:00:00Z', today: () => '2026-06-15' };
    const then = (await lintBundle(index, bundle, { clock: next })).findings.filter((f) => f.check === 'stale');
    expect(then.map((f) => f.path)).toContain('/entities/expires-today.md');
  } finally {
    index.close();
  }
});

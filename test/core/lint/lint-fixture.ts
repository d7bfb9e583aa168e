// Test helpers: lint a fixture bundle from test/fixtures/ with a fixed clock, and pick one check's findings.
import { FsBundle } from '../../../src/node/fs-bundle';
import { buildIndex } from '../../../src/core/index/build';
import { lintBundle } from '../../../src/core/lint/run-lint';
import type { Finding, LintReport } from '../../../src/core/lint/types';
import type { Clock } from '../../../src/core/types';
import { fixtureDir, type FixtureName } from '../../support/fixtures';

/** A clock stopped at noon UTC on the given day. */
export function fixedClock(date: string): Clock {
  return { now: () => `${date}T12:00:00Z` };
}

/** Builds the index of `test/fixtures/<name>` and lints it (read-only: nothing is written). */
export async function lintFixture(name: FixtureName, today = '2026-06-15'): Promise<LintReport> {
  const bundle = new FsBundle(fixtureDir(name));
  const index = await buildIndex(bundle);
  try {
    return await lintBundle(index, bundle, { clock: fixedClock(today) });
  } finally {
    index.close();
  }
}

/** One check's findings as compact `[severity, path, value]` rows. */
export function rows(report: LintReport, check: string): [string, string, string | undefined][] {
  return of(report, check).map((f) => [f.severity, f.path, f.value]);
}

/** One check's findings. */
export function of(report: LintReport, check: string): Finding[] {
  return report.findings.filter((f) => f.check === check);
}

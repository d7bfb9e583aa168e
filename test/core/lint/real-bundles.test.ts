// Compatibility: the four real OKF bundles (test/fixtures/okf-bundles, copied to a temporary folder, never edited)
// lint without a crash and without error-severity findings. They use relative links (`../references/x.md`),
// bundle-root `sources[].resource` paths without a leading slash, and OKF statuses `deprecated` / `stable`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as nodePath from 'node:path';
import { FsBundle } from '../../../src/node/fs-bundle';
import { buildIndex } from '../../../src/core/index/build';
import { lintBundle } from '../../../src/core/lint/run-lint';
import { fixedClock } from './lint-fixture';

import { OKF_BUNDLES as SHARED, copyTree } from '../../support/temp-dir';
const BUNDLES = ['acme_retail', 'crypto_bitcoin', 'ga4', 'stackoverflow'];
describe('real OKF bundles', () => {
  let work: string;
  beforeAll(() => {
    work = mkdtempSync(nodePath.join(tmpdir(), 'okf-lint-real-'));
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  test.each(BUNDLES)('%s lints with no error-severity finding', async (name) => {
    const dir = nodePath.join(work, name);
    copyTree(nodePath.join(SHARED, name), dir);
    const bundle = new FsBundle(dir);
    const index = await buildIndex(bundle);
    const report = await lintBundle(index, bundle, { clock: fixedClock('2026-11-30') });
    index.close();
    expect(report.findings.filter((f) => f.severity === 'error')).toEqual([]);
    // Relative and root-relative links all resolve in these bundles.
    expect(report.findings.filter((f) => f.check === 'broken-link' || f.check === 'broken-target')).toEqual([]);
  });
});

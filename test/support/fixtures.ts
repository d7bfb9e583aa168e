// The fixture bundles under test/fixtures/, by name: a typo in a test is a type error, not a missing folder at run
// time (test/architecture/fixtures.test.ts keeps the list equal to the folder).
import * as nodePath from 'node:path';
import { REPO_ROOT } from './temp-dir';

/** Every folder of test/fixtures/. */
export const FIXTURE_NAMES = [
  'author-bundle',
  'author-roundtrip',
  'bad-input',
  'heldout',
  'heldout-demo',
  'heldout-era',
  'hostile',
  'lint-asymmetric-relation',
  'lint-asymmetric-supersession',
  'lint-broken-link',
  'lint-broken-target',
  'lint-contradiction',
  'lint-dangling-supersession',
  'lint-invalid-config',
  'lint-invalid-frontmatter',
  'lint-orphan',
  'lint-predicate-drift',
  'lint-stale',
  'lint-superseded-without-status',
  'lint-supersession-cycle',
  'lint-supersession-order',
  'lint-unreviewed-reference',
  'okf-bundles',
  'reserved-files',
  'retrieval-andreessen-10-3',
  'retrieval-flat-tire-10-4',
  'retrieval-supersession-chain-7-7',
  'retrieval-title-boundary-10-3',
] as const;

export type FixtureName = (typeof FIXTURE_NAMES)[number];

/** test/fixtures/. */
export const FIXTURES_DIR = nodePath.join(REPO_ROOT, 'test', 'fixtures');

/** The folder of a fixture bundle (read it in place, or copy it: never write into it). */
export function fixtureDir(name: FixtureName): string {
  return nodePath.join(FIXTURES_DIR, name);
}

// The typed list of fixture bundles (test/support/fixtures.ts) names exactly the folders of test/fixtures/.
import { readdirSync } from 'node:fs';
import { FIXTURE_NAMES, FIXTURES_DIR } from '../support/fixtures';

test('FIXTURE_NAMES lists every folder of test/fixtures and nothing else', () => {
  const folders = readdirSync(FIXTURES_DIR, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  expect([...FIXTURE_NAMES].sort()).toEqual(folders);
});

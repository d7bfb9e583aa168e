// `okf-wiki lint` in-process: exit codes (0 clean, 1 on an error finding, 2 bad usage), grouped text, --json.
import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import { copyWritable, makeTempDir, REPO_ROOT, removeTempDir } from '../support/temp-dir';
import { runCli, type CliRun } from '../support/run-cli';
import { fixtureDir } from '../support/fixtures';

const DEMO = nodePath.join(REPO_ROOT, 'examples', 'computing-history');

async function lint(...args: string[]): Promise<CliRun> {
  return runCli(['lint', ...args], REPO_ROOT);
}

let tmp: string;
beforeEach(() => {
  tmp = makeTempDir('okf-lint-cli-');
});
afterEach(() => removeTempDir(tmp));

test('the demo bundle: exit 0, no error, and lint writes nothing into the bundle', async () => {
  const bundle = copyWritable(DEMO, tmp);
  rmSync(nodePath.join(bundle, 'wiki.db'), { force: true });
  const before = readdirSync(bundle).sort();
  const { code, stdout } = await lint('--bundle', bundle, '--today', '2026-11-30');
  expect(code).toBe(0);
  expect(stdout).toMatch(/^Lint: (no findings|[^\n]*) in \d+ concepts\.\n/);
  expect(stdout).not.toMatch(/^ {2}error /m);
  expect(readdirSync(bundle).sort()).toEqual(before);
  expect(existsSync(nodePath.join(bundle, 'wiki.db'))).toBe(false);
});

test('an error finding exits 1; the text groups findings by check with counts', async () => {
  const { code, stdout } = await lint('--bundle', fixtureDir('lint-asymmetric-relation'), '--today', '2026-06-15');
  expect(code).toBe(1);
  expect(stdout).toContain('asymmetric-relation (2 errors): Relations asserted in one direction only\n');
  expect(stdout).toContain(
    '  error   /entities/cofounder.md  `knows` → /entities/stranger.md, ' +
      'but /entities/stranger.md has no relation back to ' +
      '/entities/cofounder.md.\n',
  );
  expect(stdout).toContain('          fix: add a relation to /entities/stranger.md');
});

test('warnings and information only: exit 0', async () => {
  expect((await lint('--bundle', fixtureDir('lint-orphan'))).code).toBe(0);
  expect((await lint('--bundle', fixtureDir('lint-unreviewed-reference'))).code).toBe(0);
});

test('--json: counts, every check with its count, and the findings', async () => {
  const { code, stdout } = await lint('--bundle', fixtureDir('lint-supersession-cycle'), '--json');
  expect(code).toBe(1);
  const report = JSON.parse(stdout);
  expect(report.counts.error).toBeGreaterThanOrEqual(2);
  expect(report.checks.find((c: { id: string }) => c.id === 'supersession-cycle')).toEqual({
    id: 'supersession-cycle',
    severity: 'error',
    title: 'superseded_by chains that loop',
    count: 2,
  });
  expect(report.findings.find((f: { check: string }) => f.check === 'supersession-cycle')).toMatchObject({
    severity: 'error',
    path: '/entities/a.md',
  });
});

test('bad usage exits 2 with a message naming the problem', async () => {
  const badDate = await lint('--bundle', fixtureDir('lint-orphan'), '--today', 'yesterday');
  expect(badDate.code).toBe(2);
  expect(badDate.stderr).toContain('--today must be an ISO 8601 date, got "yesterday"');
  const missing = await lint('--bundle', nodePath.join(tmp, 'nope'));
  expect(missing.code).toBe(2);
  expect(missing.stderr).toContain('bundle folder not found');
});

test(
  'an okf-wiki.json nested 5,000 levels deep is an invalid-config ' + 'finding naming it; the other checks still run',
  async () => {
    const bundle = copyWritable(fixtureDir('lint-asymmetric-relation'), tmp);
    writeFileSync(nodePath.join(bundle, 'okf-wiki.json'), `{"inverses": [${'['.repeat(5000)}${']'.repeat(5000)}]}`);
    const { code, stdout, stderr } = await lint('--bundle', bundle, '--today', '2026-06-15');
    expect(stderr).not.toContain('Maximum call stack');
    expect(code).toBe(1);
    expect(stdout).toMatch(
      new RegExp(
        /invalid-config \(1 error\)[^\n]*\n {2}error {3}\/okf-wiki\.json {2}/.source +
          /okf-wiki\.json nests lists or objects more than 64 levels deep/.source,
      ),
    );
    // The defaults apply (the fixture's own inverse pair is gone with its file): the checks still run on them.
    expect(stdout).toContain('asymmetric-relation (1 error)');
  },
);

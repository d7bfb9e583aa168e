// `okf-wiki evaluate` without --set reads the bundle's own evaluate.json and evaluate.baseline.json: a link among
// them leading out of the bundle is refused like any other link (README, "No input makes it read or write outside
// the bundle"). It used to be followed: an evaluate.json linked to /etc/passwd printed the start of that file in
// its "not valid JSON" message, and one linked to another set ran that set's questions.
import { existsSync, mkdirSync, readFileSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import { copyWritable, makeTempDir, removeTempDir, REPO_ROOT } from '../support/temp-dir';
import { runCli } from '../support/run-cli';

const DEMO = nodePath.join(REPO_ROOT, 'examples', 'computing-history');
const SECRET = 'Which SECRET-OUTSIDE-QUESTION is this?';

let tmp: string;
let bundle: string;
let outside: string;
beforeEach(() => {
  tmp = makeTempDir('okf-evaluate-links-');
  bundle = copyWritable(DEMO, tmp);
  outside = nodePath.join(tmp, 'outside');
  mkdirSync(outside);
  const set = { version: 1, questions: [{ id: 'x', question: SECRET, expect_seeds: ['/entities/unix.md'] }] };
  writeFileSync(nodePath.join(outside, 'set.json'), JSON.stringify(set));
  writeFileSync(nodePath.join(outside, 'passwd'), 'root:x:0:0:root:/root:/bin/bash\n');
});
afterEach(() => removeTempDir(tmp));

const evaluate = (...args: string[]) =>
  runCli(['evaluate', '--bundle', bundle, '--no-embed', '--today', '2026-11-30', ...args], tmp);

function linkOut(name: string, target: string): void {
  const path = nodePath.join(bundle, name);
  renameSync(path, `${path}.orig`);
  symlinkSync(target, path);
}

test.each([
  ['another set', 'set.json', SECRET],
  ['a file that is not JSON', 'passwd', 'root:x'],
])('an evaluate.json linked outside to %s is refused, naming it, and nothing is written', async (_, target, shown) => {
  linkOut('evaluate.json', nodePath.join(outside, target));
  const { code, stdout, stderr } = await evaluate();
  expect(code).toBe(2);
  expect(stderr).toContain('/evaluate.json is a link to');
  expect(stderr).toContain('outside the bundle; refused');
  expect(stdout + stderr).not.toContain(shown);
  expect(existsSync(nodePath.join(bundle, 'evaluate.last.json'))).toBe(false);
});

test('an evaluate.baseline.json linked outside is refused, not read', async () => {
  const baseline = readFileSync(nodePath.join(bundle, 'evaluate.baseline.json'), 'utf8');
  writeFileSync(nodePath.join(outside, 'baseline.json'), baseline);
  linkOut('evaluate.baseline.json', nodePath.join(outside, 'baseline.json'));
  const { code, stderr } = await evaluate();
  expect(code).toBe(2);
  expect(stderr).toContain('/evaluate.baseline.json is a link to');
});

test('an evaluate.json linked to a set inside the bundle still runs it', async () => {
  linkOut('evaluate.json', 'evaluate.json.orig');
  const { code, stdout } = await evaluate();
  expect(code).toBe(0);
  expect(stdout).toContain('No regression against the baseline (lexical).');
});

test('--set names a file where the user says, outside the bundle included', async () => {
  const { stdout } = await evaluate('--set', nodePath.join(outside, 'set.json'));
  expect(stdout).toContain(SECRET);
});

// `okf-wiki evaluate --set FILE` writes FILE's last result and baseline beside the name given (README, "Command
// line"). The user named that place, so it may be outside the bundle; nothing else may move the writes: a set given
// as a link gets them beside the link, never beside its target; a result file or a temporary name that is a link is
// never written through; and a set named inside the bundle is read and written through the bundle, where a folder
// or a file linked out of it is refused like any other bundle file.
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import { runCli } from '../support/run-cli';
import { copyWritable, makeTempDir, removeTempDir, REPO_ROOT } from '../support/temp-dir';

const DEMO = nodePath.join(REPO_ROOT, 'examples', 'computing-history');
const SET = JSON.stringify({
  version: 1,
  questions: [{ id: 'unix', question: 'Who created Unix?', expect_seeds: ['/entities/unix.md'] }],
});
const SECRET = 'root:x:0:0:root:/root:/bin/bash\n';

let tmp: string;
let bundle: string;
let outside: string;
let elsewhere: string;
beforeEach(() => {
  tmp = makeTempDir('okf-evaluate-set-paths-');
  bundle = copyWritable(DEMO, tmp);
  outside = nodePath.join(tmp, 'sets');
  elsewhere = nodePath.join(tmp, 'elsewhere');
  mkdirSync(outside);
  mkdirSync(elsewhere);
  writeFileSync(nodePath.join(elsewhere, 'team.json'), SET);
  writeFileSync(nodePath.join(elsewhere, 'passwd'), SECRET);
});
afterEach(() => removeTempDir(tmp));

const evaluate = (set: string) =>
  runCli(['evaluate', '--bundle', bundle, '--no-embed', '--today', '2026-12-01', '--set', set], tmp);
const files = (dir: string) => readdirSync(dir).sort();

test('a set given as a link: its results are written beside the link, not beside its target', async () => {
  symlinkSync(nodePath.join(elsewhere, 'team.json'), nodePath.join(outside, 'mine.json'));
  const { code, stdout } = await evaluate(nodePath.join(outside, 'mine.json'));
  expect(code).toBe(0);
  expect(stdout).toContain(`Last result written to ${nodePath.join(outside, 'mine.last.json')}`);
  expect(files(outside)).toEqual(['mine.baseline.json', 'mine.json', 'mine.last.json']);
  expect(files(elsewhere)).toEqual(['passwd', 'team.json']);
});

test('a result file that is a link is refused, neither read nor written through', async () => {
  writeFileSync(nodePath.join(outside, 'set.json'), SET);
  symlinkSync(nodePath.join(elsewhere, 'passwd'), nodePath.join(outside, 'set.baseline.json'));
  const { code, stdout, stderr } = await evaluate(nodePath.join(outside, 'set.json'));
  expect(code).toBe(2);
  expect(stderr).toContain(`${nodePath.join(outside, 'set.baseline.json')} is a link`);
  expect(stdout + stderr).not.toContain('root:x');
  expect(readFileSync(nodePath.join(elsewhere, 'passwd'), 'utf8')).toBe(SECRET);
  expect(existsSync(nodePath.join(outside, 'set.last.json'))).toBe(false);
});

test('a link left at the temporary name of a result is not written through', async () => {
  writeFileSync(nodePath.join(outside, 'set.json'), SET);
  for (const name of ['set.last.json', 'set.baseline.json'])
    symlinkSync(nodePath.join(elsewhere, 'passwd'), nodePath.join(outside, `${name}.tmp-${process.pid}`));
  const { code } = await evaluate(nodePath.join(outside, 'set.json'));
  expect(code).toBe(0);
  expect(readFileSync(nodePath.join(elsewhere, 'passwd'), 'utf8')).toBe(SECRET);
  expect(JSON.parse(readFileSync(nodePath.join(outside, 'set.last.json'), 'utf8'))).toHaveProperty('metrics');
});

test('a set inside the bundle under a folder linked out of it is refused, and nothing is written there', async () => {
  symlinkSync(elsewhere, nodePath.join(bundle, 'evals'));
  const { code, stderr } = await evaluate(nodePath.join(bundle, 'evals', 'team.json'));
  expect(code).toBe(2);
  expect(stderr).toContain('outside the bundle');
  expect(files(elsewhere)).toEqual(['passwd', 'team.json']);
});

test('a set inside the bundle that is a link leading out is refused, not read', async () => {
  symlinkSync(nodePath.join(elsewhere, 'passwd'), nodePath.join(bundle, 'mine.json'));
  const { code, stdout, stderr } = await evaluate(nodePath.join(bundle, 'mine.json'));
  expect(code).toBe(2);
  expect(stderr).toContain('outside the bundle; refused');
  expect(stdout + stderr).not.toContain('root:x');
  expect(files(elsewhere)).toEqual(['passwd', 'team.json']);
});

test('a set inside the bundle, named relative to the working folder: its results land beside it', async () => {
  mkdirSync(nodePath.join(bundle, 'evals'));
  writeFileSync(nodePath.join(bundle, 'evals', 'mine.json'), SET);
  const { code } = await evaluate(nodePath.join(nodePath.basename(bundle), 'evals', 'mine.json'));
  expect(code).toBe(0);
  expect(files(nodePath.join(bundle, 'evals'))).toEqual(['mine.baseline.json', 'mine.json', 'mine.last.json']);
});

// An evaluation whose result files cannot be written (a read-only checkout in CI) still prints its report and exits
// on the comparison, with a note naming the file not written (review qa3 Q15): the run used to end with the raw
// error of its temporary file and no report at all. Root writes through any mode bits, so the read-only file system
// is the one double here: opening a file for writing in the set's folder fails with EROFS, as on a read-only mount.
import { mkdirSync, promises as fsp, writeFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import { runCli } from '../support/run-cli';
import { copyWritable, makeTempDir, removeTempDir, REPO_ROOT } from '../support/temp-dir';

const SET = JSON.stringify({
  version: 1,
  questions: [{ id: 'unix', question: 'Who created Unix?', expect_seeds: ['/entities/unix.md'] }],
});

let tmp: string;
beforeEach(() => (tmp = makeTempDir('okf-evaluate-unwritable-')));
afterEach(() => {
  jest.restoreAllMocks();
  removeTempDir(tmp);
});

test('a result file that cannot be written: the report is printed, a note names the file, exit 0', async () => {
  const bundle = copyWritable(nodePath.join(REPO_ROOT, 'examples', 'computing-history'), tmp);
  const sets = nodePath.join(tmp, 'sets');
  mkdirSync(sets);
  writeFileSync(nodePath.join(sets, 'set.json'), SET);
  const open = fsp.open.bind(fsp);
  jest.spyOn(fsp, 'open').mockImplementation(async (path, ...rest) => {
    if (String(path).startsWith(sets + nodePath.sep) && rest[0] === 'wx') {
      throw Object.assign(new Error(`EROFS: read-only file system, open '${String(path)}'`), {
        code: 'EROFS',
        syscall: 'open',
      });
    }
    return open(path, ...rest);
  });
  const args = ['evaluate', '--bundle', bundle, '--no-embed', '--today', '2026-12-01', '--set'];
  const { code, stdout, stderr } = await runCli([...args, nodePath.join(sets, 'set.json')], tmp);
  expect(stdout).toContain('hit@1');
  expect(stdout).not.toContain('Last result written');
  expect(stdout).not.toContain('Baseline recorded');
  expect(stderr).toContain(`note: could not write ${nodePath.join(sets, 'set.last.json')} (read-only file system)`);
  expect(stderr).toContain(`note: could not write ${nodePath.join(sets, 'set.baseline.json')}`);
  expect(stderr).not.toContain('.tmp-');
  expect(code).toBe(0);
});

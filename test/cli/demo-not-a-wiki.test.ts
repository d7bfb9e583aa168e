// `okf-wiki demo` without --bundle in a folder that is not a wiki copied all of it (a home folder, binaries, private
// files) into the temp folder and kept it; run from a folder holding the temp folder it died on cpSync's raw EINVAL,
// an empty demo folder left behind (QA review 2, F20). It now refuses both before copying anything.
import { mkdirSync, writeFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import { refuseTempInside } from '../../src/cli/commands/demo';
import { runCli } from '../support/run-cli';
import { makeTempDir, removeTempDir, writeTree } from '../support/temp-dir';

let tmp: string;
beforeEach(() => (tmp = makeTempDir('okf-demo-not-wiki-')));
afterEach(() => removeTempDir(tmp));

test('demo in a folder that is not a wiki refuses (exit 2) and copies nothing', async () => {
  writeTree(tmp, { '/notes.txt': 'hello\n', '/sub/page.md': '# Not a concept\n' });
  const { code, stdout, stderr } = await runCli(['demo', 'Who was Grace Hopper?', '--no-embed'], tmp);
  expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
  expect(stderr).toContain('holds no OKF concept');
  expect(stderr).toContain('demo wrote nothing');
});

test('a temporary folder inside the bundle is refused with a clear message, not a raw EINVAL', () => {
  writeFileSync(nodePath.join(tmp, 'okf-wiki.json'), '{}\n');
  const temp = nodePath.join(tmp, 'tmp');
  mkdirSync(temp);
  expect(() => refuseTempInside(tmp, temp)).toThrow(
    /the temporary folder .* is inside the bundle .*demo copied nothing/,
  );
  expect(() => refuseTempInside(tmp, tmp)).toThrow(/is inside the bundle/);
  expect(() => refuseTempInside(temp, tmp)).not.toThrow();
});

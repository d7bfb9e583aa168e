// `--dry-run` is taken by the commands that can preview a change (relate, supersede, file-back, vocabulary); every
// other command refuses it as bad usage. reindex, timeline and keywords used to accept it and then write wiki.db,
// their generated file and a log.md entry: what the user asked only to preview (QA review, finding 9).
import * as nodePath from 'node:path';
import { runCli } from '../support/run-cli';
import { copyWritable, makeTempDir, removeTempDir, REPO_ROOT, snapshotFiles } from '../support/temp-dir';

/** Every file, wiki.db included. */
const everyFile = (dir: string) => snapshotFiles(dir, /^$/);

let tmp: string;
beforeEach(() => {
  tmp = makeTempDir('okf-dry-run-');
});
afterEach(() => removeTempDir(tmp));

test.each([['reindex'], ['timeline'], ['keywords'], ['evaluate']])(
  '%s --dry-run is refused in one line (exit 2) and writes nothing',
  async (command) => {
    const bundle = copyWritable(nodePath.join(REPO_ROOT, 'examples', 'computing-history'), tmp);
    const before = everyFile(bundle);
    const { code, stdout, stderr } = await runCli([command, '--dry-run', '--bundle', bundle, '--no-embed'], tmp);
    expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
    expect(stderr).toBe(
      `okf-wiki: ${command} does not take --dry-run (only relate, supersede, file-back and vocabulary preview a ` +
        'change); nothing was written\nhint: okf-wiki --help lists the commands and the flags each takes\n',
    );
    expect(everyFile(bundle)).toEqual(before);
  },
);

test('--help lists --dry-run under the four commands that take it, not among the shared flags', async () => {
  const { stdout } = await runCli(['--help'], tmp);
  const takers = stdout.split('\n').filter((line) => /^ {2}\S.*\[--dry-run\]/.test(line));
  expect(takers.map((line) => line.trim().split(' ')[0])).toEqual(['relate', 'supersede', 'file-back', 'vocabulary']);
  expect(stdout.slice(stdout.indexOf('Shared flags:'))).not.toContain('--dry-run');
});

test('vocabulary --dry-run still previews and writes nothing', async () => {
  const bundle = copyWritable(nodePath.join(REPO_ROOT, 'examples', 'computing-history'), tmp);
  const before = everyFile(bundle);
  const { code } = await runCli(['vocabulary', '--dry-run', '--bundle', bundle], tmp);
  expect(code).toBe(0);
  expect(everyFile(bundle)).toEqual(before);
});

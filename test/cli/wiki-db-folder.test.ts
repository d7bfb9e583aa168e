// wiki.db that is a folder (made by mistake, or a sync tool's conflict) was reported as "no wiki.db yet", and every
// save then failed with no word on why: the commands say what is there instead, and leave it alone.
import { mkdirSync, readdirSync } from 'node:fs';
import * as nodePath from 'node:path';
import { runCli } from '../support/run-cli';
import { copyWritable, makeTempDir, removeTempDir, REPO_ROOT } from '../support/temp-dir';

let tmp: string;
let bundle: string;
beforeEach(() => {
  tmp = makeTempDir('okf-wiki-db-folder-');
  bundle = copyWritable(nodePath.join(REPO_ROOT, 'examples', 'computing-history'), tmp);
  mkdirSync(nodePath.join(bundle, 'wiki.db', 'inside'), { recursive: true });
});
afterEach(() => removeTempDir(tmp));

test('a question over a bundle whose wiki.db is a folder says what it is, answers, and leaves it', async () => {
  const result = await runCli(['context', 'Who created Unix?', '--bundle', bundle, '--no-embed'], tmp);
  expect(result.code).toBe(0);
  expect(result.stdout).toContain('Seeds: Unix (/entities/unix.md)');
  expect(result.stderr).not.toContain('no wiki.db yet');
  expect(result.stderr).toContain(`${nodePath.join(bundle, 'wiki.db')} is a folder, not the index file`);
  expect(readdirSync(nodePath.join(bundle, 'wiki.db'))).toEqual(['inside']);
});

test('a reindex says the folder stands where it would save wiki.db, and leaves it', async () => {
  const result = await runCli(['reindex', '--bundle', bundle, '--no-embed'], tmp);
  expect(result.code).toBe(2);
  expect(result.stderr).toContain('/wiki.db is a folder, not a file; refused');
  expect(readdirSync(nodePath.join(bundle, 'wiki.db'))).toEqual(['inside']);
});

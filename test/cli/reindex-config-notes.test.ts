// `reindex` says when okf-wiki.json is broken, naming the file and the problem, as lint and context do, and goes on
// with the defaults; a sound okf-wiki.json gives no note.
import { writeFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import { conceptFile } from '../support/builders';
import { runCli } from '../support/run-cli';
import { makeTempDir, removeTempDir, writeTree } from '../support/temp-dir';

let tmp: string;
let bundle: string;
beforeEach(() => {
  tmp = makeTempDir('okf-reindex-config-');
  bundle = nodePath.join(tmp, 'wiki');
  writeTree(bundle, { '/entities/ada.md': conceptFile({ type: 'Person', title: 'Ada' }) });
});
afterEach(() => removeTempDir(tmp));

const reindex = (...args: string[]) => runCli(['reindex', '--bundle', bundle, '--no-embed', ...args], tmp);

test.each([
  [
    'not JSON',
    '{"inverses": [["founded", "founded_by"]',
    /okf-wiki\.json is not valid JSON \(.+\); using the defaults/,
  ],
  ['not an object', '[1, 2]', /okf-wiki\.json should hold an object/],
  ['a bad inverse pair', '{"inverses": [["founded"]]}', /inverses/],
])('okf-wiki.json %s: reindex names the file and the problem, and indexes as usual', async (_what, text, problem) => {
  writeFileSync(nodePath.join(bundle, 'okf-wiki.json'), text);
  for (const args of [[], ['--json']]) {
    const { code, stdout, stderr } = await reindex(...args);
    expect(code).toBe(0);
    expect(stderr).toMatch(/^note: \/okf-wiki\.json: /m);
    expect(stderr).toMatch(problem);
    expect(stdout).toMatch(args.length === 0 ? /^Indexed 1 concept and/ : /"concepts": 1,/);
  }
});

test('a sound okf-wiki.json: no note', async () => {
  writeFileSync(nodePath.join(bundle, 'okf-wiki.json'), '{"inverses": [["founded", "founded_by"]]}');
  const { code, stderr } = await reindex('--json');
  expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
});

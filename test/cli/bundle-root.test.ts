// Where the bundle starts (QA3 Q2, Q3). From a folder inside a bundle (`cd entities`), `relate` wrote `/go.md` into
// the real concept files and a second wiki.db, log.md and timeline.md there; from a folder above a wiki (a home
// folder), `context` wrote a wiki.db of the whole tree and `reindex` appended to the user's own log.md. Every command
// now refuses both (exit 2, nothing written) and names the folder to pass.
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import { runCli } from '../support/run-cli';
import { makeTempDir, OKF_BUNDLES, removeTempDir, snapshotFiles, writeTree } from '../support/temp-dir';
import { looksLikeTop } from '../../src/cli/wiki-root';

const OFFLINE = ['--no-embed', '--today', '2026-11-30'];
const page = (title: string) => `---\ntype: Thing\ntitle: ${title}\n---\n${title} is a thing.\n`;

let tmp: string;
let wiki: string;
beforeEach(() => {
  tmp = realpathSync(makeTempDir('okf-bundle-root-'));
  wiki = nodePath.join(tmp, 'home', 'Documents', 'wiki');
  writeTree(wiki, { '/okf-wiki.json': '{}\n', '/entities/unix.md': page('Unix'), '/entities/go.md': page('Go') });
});
afterEach(() => removeTempDir(tmp));

/** Every file and folder under `dir`, wiki.db and .okf-wiki/ included. */
const everything = (dir: string) => snapshotFiles(dir, /^$/);

test('relate run from a folder inside a bundle refuses, names the bundle, and writes nothing', async () => {
  const entities = nodePath.join(wiki, 'entities');
  const before = everything(wiki);
  const { code, stdout, stderr } = await runCli(['relate', 'unix', 'inspired', 'go', ...OFFLINE], entities);
  expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
  expect(stderr).toContain(`okf-wiki: ${entities} is inside the bundle ${wiki} (it holds okf-wiki.json): `);
  expect(stderr).toContain(`: use --bundle ${wiki}\n`);
  expect(everything(wiki)).toEqual(before);
});

test('reindex --bundle of a folder inside a bundle refuses too', async () => {
  const before = everything(wiki);
  const { code, stderr } = await runCli(['reindex', '--bundle', 'wiki/entities', ...OFFLINE], nodePath.dirname(wiki));
  expect(code).toBe(2);
  expect(stderr).toContain(`is inside the bundle ${wiki} (it holds okf-wiki.json): use --bundle ${wiki}\n`);
  expect(everything(wiki)).toEqual(before);
});

test('a folder with its own okf-wiki.json is a bundle, even inside another', async () => {
  const inner = nodePath.join(wiki, 'entities');
  writeFileSync(nodePath.join(inner, 'okf-wiki.json'), '{}\n');
  expect((await runCli(['lint', ...OFFLINE], inner)).code).toBe(0);
});

test.each([['context', 'What is Unix?'], ['lint'], ['reindex'], ['file-back', '--title', 'X', '--body-file', 'x']])(
  '%s in a folder above a wiki refuses and names the wiki',
  async (...args) => {
    const home = nodePath.join(tmp, 'home');
    writeTree(home, { '/log.md': '# My diary\n\nDear diary, today I...\n', '/notes/list.md': '# List\n', '/x': 'x\n' });
    const before = everything(home);
    const { code, stdout, stderr } = await runCli([...args, ...OFFLINE], home);
    expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
    expect(stderr).toContain(`okf-wiki: no wiki here: ${home} holds no okf-wiki.json and no concept at its top; `);
    expect(stderr).toContain(`did you mean --bundle ${wiki}?\n`);
    expect(everything(home)).toEqual(before);
  },
);

test('a wiki.db left above a wiki by an earlier run makes no bundle of that folder', async () => {
  const home = nodePath.join(tmp, 'home');
  writeFileSync(nodePath.join(home, 'wiki.db'), '');
  mkdirSync(nodePath.join(home, '.okf-wiki'));
  expect((await runCli(['lint', '--bundle', 'Documents/wiki', ...OFFLINE], home)).code).toBe(0);
  expect((await runCli(['lint', ...OFFLINE], home)).stderr).toContain(`did you mean --bundle ${wiki}?`);
});

test('reindex adds no entry to a log.md that is not a wiki log (a diary), and says so', async () => {
  const diary = '# My diary\n\nDear diary, today I...\n';
  writeFileSync(nodePath.join(wiki, 'log.md'), diary);
  const { code, stdout } = await runCli(['reindex', ...OFFLINE], wiki);
  expect(code).toBe(0);
  expect(stdout).toContain('Not logged: log.md has no `## YYYY-MM-DD` section and no log heading, so it is not the ');
  expect(readFileSync(nodePath.join(wiki, 'log.md'), 'utf8')).toBe(diary);
});

test('an empty --bundle is refused, not taken for the current folder', async () => {
  const { code, stderr } = await runCli(['context', 'What is Unix?', '--bundle', '', ...OFFLINE], tmp);
  expect(code).toBe(2);
  expect(stderr).toContain('okf-wiki: --bundle is empty\n');
  expect(readdirSync(tmp)).toEqual(['home']);
});

test('each OKF bundle of the fixtures looks like a bundle top; their folders and a notes folder do not', () => {
  const bundles = readdirSync(OKF_BUNDLES).filter((n) => !n.endsWith('.md'));
  expect(bundles).toHaveLength(4);
  for (const name of bundles) expect([name, looksLikeTop(nodePath.join(OKF_BUNDLES, name))]).toEqual([name, true]);
  expect(looksLikeTop(OKF_BUNDLES)).toBe(false);
  expect(looksLikeTop(nodePath.join(tmp, 'home'))).toBe(false);
  expect(existsSync(nodePath.join(tmp, 'home', 'wiki.db'))).toBe(false);
});

// A folder that is not the wiki: run from one of the bundle's subfolders, or without --bundle in a folder of
// ordinary notes, `context` answered with every relation broken, or "No confident match in this wiki", and said
// nothing else, so the user read the wrong folder's silence as the wiki's answer. A note on stderr now names the
// problem and the folder to pass; stdout keeps the answer. (Judged from the folder's own files: the notes never
// look above it, see test/reliability/path-escape.test.ts. A bundle above with a marker, okf-wiki.json or wiki.db,
// is found by its marker and the command refuses: test/cli/bundle-root.test.ts.)
import { mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import { copyWritable, makeTempDir, removeTempDir, REPO_ROOT, writeTree } from '../support/temp-dir';
import { runCli } from '../support/run-cli';

const DEMO = nodePath.join(REPO_ROOT, 'examples', 'computing-history');
const OFFLINE = ['--no-embed', '--today', '2026-11-30'];

let tmp: string;
let bundle: string;
beforeAll(async () => {
  tmp = realpathSync(makeTempDir('okf-wrong-folder-'));
  bundle = copyWritable(DEMO, tmp);
  expect((await runCli(['reindex', '--bundle', bundle, ...OFFLINE], tmp)).code).toBe(0);
});
afterAll(() => removeTempDir(tmp));

test('context run from a subfolder of an indexed bundle is refused, naming the bundle to pass (QA3 Q2)', async () => {
  const sub = nodePath.join(bundle, 'entities');
  const { code, stdout, stderr } = await runCli(['context', 'Why was Unix created?', ...OFFLINE], sub);
  expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
  expect(stderr).toContain(`${sub} is inside the bundle ${bundle} (it holds okf-wiki.json): use --bundle ${bundle}\n`);
});

test('a subfolder two levels down names the bundle above both', async () => {
  const deep = nodePath.join(tmp, 'deep');
  writeTree(deep, {
    '/a/b/x.md': '---\ntype: Thing\ntitle: Xylophone\nrelations:\n  - { predicate: next_to, object: /a/b/y.md }\n---\n',
    '/a/b/y.md': '---\ntype: Thing\ntitle: Yodel\n---\n',
  });
  const sub = nodePath.join(deep, 'a', 'b');
  const { stderr } = await runCli(['context', 'What is Xylophone?', ...OFFLINE], sub);
  expect(stderr).toContain(`looks like a subfolder of the bundle at ${deep}, `);
});

test('a broken relation that merely shares the folder name gets no subfolder note', async () => {
  const own = nodePath.join(tmp, 'own');
  writeTree(own, {
    '/x.md': '---\ntype: Thing\ntitle: Xylophone\nrelations:\n  - { predicate: next_to, object: /own/y.md }\n---\n',
  });
  const { stdout, stderr } = await runCli(['context', 'What is Xylophone?', ...OFFLINE], own);
  expect(stdout).toContain('Xylophone next_to /own/y.md');
  expect(stderr).not.toContain('subfolder');
});

test('context in a folder of ordinary notes says it holds no concepts', async () => {
  const notes = nodePath.join(tmp, 'notes');
  mkdirSync(notes);
  writeFileSync(nodePath.join(notes, 'shopping.md'), '# Shopping\n\nmilk, eggs\n');
  const { code, stdout, stderr } = await runCli(['context', 'What should I buy?', ...OFFLINE], notes);
  expect(code).toBe(0);
  expect(stdout).toBe('No confident match in this wiki for: "What should I buy?"\n');
  expect(stderr).toContain(
    `note: ${notes} holds no OKF concept (a markdown file whose frontmatter has a \`type\`): ` +
      'is it the wiki folder? Pass --bundle DIR\n',
  );
});

test('lint in an empty folder says it holds no concepts', async () => {
  const empty = nodePath.join(tmp, 'empty');
  mkdirSync(empty);
  const { code, stderr } = await runCli(['lint', '--bundle', empty, ...OFFLINE], tmp);
  expect(code).toBe(0);
  expect(stderr).toContain(`note: ${empty} holds no OKF concept`);
});

test('the bundle itself gets neither note', async () => {
  const { stderr } = await runCli(['context', 'Why was Unix created?', ...OFFLINE], bundle);
  expect(stderr).toBe('note: the vector signal is off (--no-embed): lexical signals only\n');
  const lint = await runCli(['lint', ...OFFLINE], bundle);
  expect(lint.stderr).toBe('');
});

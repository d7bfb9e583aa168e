// Terminal control sequences in concept files (ESC, CSI, OSC, C1) never reach the terminal raw: lint, context and
// reindex show them escaped like the question (`\u001b`), the reader warns, and --json stays exact JSON (QA
// review, finding 8: a title retitled the window, cleared the screen and hid a hyperlink).
import * as nodePath from 'node:path';
import { makeTempDir, removeTempDir, writeTree } from '../support/temp-dir';
import { runCli } from '../support/run-cli';

const ESC = '\u001b';
const EVIL =
  '---\ntype: Concept\ntitle: "Evil \\e]0;PWNED\\a \\e[2J Title"\nrelations:\n' +
  '  - { predicate: "p\\e[31m", object: "/e/nowhere\\e[5m.md" }\n' +
  '  - { predicate: "likes\\x9b", object: /e/b.md }\n' +
  '---\nBody \u001b[31m raw ESC and \u001b]8;;http://evil\u001b\\link\u001b]8;;\u001b\\ end, ' +
  'C1 \u009b2J. Evil Title.\n';

let tmp: string;
let bundle: string;
beforeAll(async () => {
  tmp = makeTempDir('okf-controls-');
  bundle = nodePath.join(tmp, 'b');
  writeTree(bundle, {
    'e/evil.md': EVIL,
    'e/b.md': '---\ntype: Concept\ntitle: Bee\n---\nA plain page about Evil Title.\n',
  });
});
afterAll(() => removeTempDir(tmp));

/** No ESC, no C1 control, no C0 control but newline and tab. */
const terminalSafe = (text: string) => !/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/.test(text);

test('reindex warns about the title and the predicates, escaped', async () => {
  const { code, stdout } = await runCli(['reindex', '--bundle', bundle, '--no-embed'], tmp);
  expect(code).toBe(0);
  expect(terminalSafe(stdout)).toBe(true);
  expect(stdout).toContain('[control-characters] `title` "Evil \\u001b]0;PWNED\\u0007 \\u001b[2J Title" holds');
  expect(stdout).toContain('[control-characters] Predicate "p\\u001b[31m" holds control characters');
  expect(stdout).toContain('Predicate "likes\\u009b" holds control characters');
});

test('lint shows predicates and paths escaped', async () => {
  const { stdout } = await runCli(['lint', '--bundle', bundle, '--today', '2026-11-30'], tmp);
  expect(terminalSafe(stdout)).toBe(true);
  expect(stdout).toContain('`p\\u001b[31m`');
  expect(stdout).toContain('/e/nowhere\\u001b[5m.md');
});

test('context escapes titles, predicates, objects and, for a terminal, the body', async () => {
  const { stdout } = await runCli(['context', 'Evil Title', '--bundle', bundle, '--no-embed'], tmp);
  expect(terminalSafe(stdout)).toBe(true);
  expect(stdout).toContain('Seeds: Evil \\u001b]0;PWNED\\u0007 \\u001b[2J Title (/e/evil.md)');
  expect(stdout).toContain('p\\u001b[31m');
  expect(stdout).toContain('Body \\u001b[31m raw ESC');
  expect(stdout).toContain('C1 \\u009b2J.');
});

test('--json stays exact JSON: the title as written, once parsed', async () => {
  const { stdout } = await runCli(['context', 'Evil Title', '--bundle', bundle, '--no-embed', '--json'], tmp);
  expect(stdout.includes(ESC)).toBe(false);
  const answer = JSON.parse(stdout) as { seeds: { title: string }[] };
  expect(answer.seeds[0].title).toBe(`Evil ${ESC}]0;PWNED\u0007 ${ESC}[2J Title`);
});

test('--json escapes DEL and the C1 controls too (\\u009b); parsed, the same text', async () => {
  const runs = [
    await runCli(['context', 'Evil Title', '--bundle', bundle, '--no-embed', '--json'], tmp),
    await runCli(['lint', '--bundle', bundle, '--today', '2026-11-30', '--json'], tmp),
  ];
  for (const { stdout } of runs) {
    expect(terminalSafe(stdout)).toBe(true);
    expect(stdout).toContain('\\u009b');
  }
  const answer = JSON.parse(runs[0].stdout) as { facts: { predicate: string }[]; seeds: { path: string }[] };
  expect(answer.facts.map((f) => f.predicate)).toContain('likes\u009b');
  const reindex = await runCli(['reindex', '--bundle', bundle, '--no-embed', '--json'], tmp);
  expect(terminalSafe(reindex.stdout)).toBe(true);
  expect(JSON.stringify(JSON.parse(reindex.stdout))).toContain('likes\u009b');
});

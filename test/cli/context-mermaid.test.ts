// Issue 16 acceptance: `okf-wiki context --format mermaid` output parses with Mermaid for every question of the
// demo's labeled set (examples/computing-history/evaluate.json); a flowchart for an answer, the no-match
// sentence otherwise. Lexical signals only and the set's own `today`.
import { readFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import { copyWritable, makeTempDir, removeTempDir, REPO_ROOT } from '../support/temp-dir';
import { runCli } from '../support/run-cli';
import { parseMermaid } from '../render/mermaid-parser';

const DEMO = nodePath.join(REPO_ROOT, 'examples', 'computing-history');
const SET = JSON.parse(readFileSync(nodePath.join(DEMO, 'evaluate.json'), 'utf8')) as {
  today: string;
  questions: { id: string; question: string }[];
};

let tmp: string;
let bundle: string;
beforeAll(async () => {
  tmp = makeTempDir('okf-mermaid-');
  bundle = copyWritable(DEMO, tmp);
  expect((await runCli(['reindex', '--bundle', bundle, '--no-embed'], tmp)).code).toBe(0);
});
afterAll(() => removeTempDir(tmp));

test(
  `every labeled question (${SET.questions.length}) gives Mermaid that ` + `parses, or the no-match sentence`,
  async () => {
    expect(SET.questions.length).toBeGreaterThan(40);
    const failures: string[] = [];
    let graphs = 0;
    for (const { id, question } of SET.questions) {
      const { code, stdout } = await runCli(
        ['context', question, '--bundle', bundle, '--no-embed', '--today', SET.today, '--format', 'mermaid'],
        tmp,
      );
      expect(code).toBe(0);
      if (stdout.startsWith('No confident match in this wiki for: ')) {
        expect(stdout.split('\n')).toHaveLength(2);
        continue;
      }
      graphs++;
      try {
        expect(await parseMermaid(stdout)).toBe('flowchart-v2');
      } catch (error) {
        failures.push(`${id}: ${(error as Error).message}`);
      }
    }
    expect(failures).toEqual([]);
    expect(graphs).toBeGreaterThan(30);
  },
);

test('--format json equals --json, --format text the plain block; an unknown format is a usage error', async () => {
  const args = ['context', 'Who is Alan Turing?', '--bundle', bundle, '--no-embed', '--today', SET.today];
  expect((await runCli([...args, '--format', 'json'], tmp)).stdout).toBe(
    (await runCli([...args, '--json'], tmp)).stdout,
  );
  expect((await runCli([...args, '--format', 'text'], tmp)).stdout).toBe((await runCli(args, tmp)).stdout);
  const bad = await runCli([...args, '--format', 'dot'], tmp);
  expect(bad.code).toBe(2);
  expect(bad.stderr).toContain('--format must be text, json or mermaid, got "dot"');
});

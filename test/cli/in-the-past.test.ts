// "What was the price of Widget v1 in the past?" was not retrospective: the superseded page was resolved to its
// current successor and the answer gave v3's price (QA review 2, F16). "in the past" is now a HISTORICAL cue.
import { runCli } from '../support/run-cli';
import { makeTempDir, removeTempDir, writeTree } from '../support/temp-dir';

const page = (v: number, price: number, extra: string) =>
  `---\ntype: Product\ntitle: Widget v${v}\n${extra}relations:\n` +
  `  - { predicate: price, object: "${price} USD" }\n---\nWidget version ${v}.\n`;

let dir: string;
beforeEach(() => {
  dir = makeTempDir('okf-in-the-past-');
  writeTree(dir, {
    '/okf-wiki.json': '{}\n',
    '/entities/v1.md': page(1, 10, 'superseded_by: /entities/v2.md\nsuperseded_at: "2020-01-01"\n'),
    '/entities/v2.md': page(2, 20, 'supersedes: /entities/v1.md\nsuperseded_by: /entities/v3.md\n'),
    '/entities/v3.md': page(3, 30, 'supersedes: /entities/v2.md\n'),
  });
});
afterEach(() => removeTempDir(dir));

test('"in the past" keeps the superseded page and its own price', async () => {
  expect((await runCli(['reindex', '--no-embed'], dir)).code).toBe(0);
  const ask = ['context', 'What was the price of Widget v1 in the past?', '--no-embed', '--json'];
  const json = JSON.parse((await runCli(ask, dir)).stdout) as {
    intent: string;
    seeds: { path: string }[];
    facts: { line: string }[];
  };
  expect(json.intent).toBe('HISTORICAL');
  expect(json.seeds[0].path).toBe('/entities/v1.md');
  expect(json.facts.map((f) => f.line).join('\n')).toContain('10 USD');
});

// Fault: huge concept files (issue 7, "Bad input"): a 5 MB body and 10,000 relations, generated at test time.
// Run through the real CLI process, so the time limit measures Node, not jest's sandbox: no hang, no crash,
// the huge files are indexed, and the rest of the bundle with them.
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as nodePath from 'node:path';
import { buildCli, type BuiltCli } from './support/cli-process';
import { HOSTILE_CORPUS, hugeBodyConcept, manyRelationsConcept } from './support/hostile-bundle';

let cli: BuiltCli;
let dir: string;

beforeAll(async () => {
  cli = await buildCli();
  dir = mkdtempSync(nodePath.join(tmpdir(), 'okf-huge-'));
  mkdirSync(nodePath.join(dir, 'entities'), { recursive: true });
  for (const name of ['ada-lovelace.md', 'charles-babbage.md'])
    cpSync(nodePath.join(HOSTILE_CORPUS, 'entities', name), nodePath.join(dir, 'entities', name));
  writeFileSync(nodePath.join(dir, 'entities', 'huge-body-5mb.md'), hugeBodyConcept(5 * 1024 * 1024));
  writeFileSync(nodePath.join(dir, 'entities', 'ten-thousand-relations.md'), manyRelationsConcept(10_000));
}, 30_000);

afterAll(() => {
  cli?.cleanup();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('a 5 MB body and 10,000 relations index within seconds, beside the ordinary concepts', async () => {
  const result = await cli.run(['reindex', '--bundle', dir, '--json', '--no-embed'], { timeoutMs: 45_000 });
  expect(result.signal).toBeNull();
  expect(result.code).toBe(0);
  const summary = JSON.parse(result.stdout) as { concepts: number; relations: number; invalidFiles: number };
  expect(summary).toMatchObject({ concepts: 4, invalidFiles: 0 });
  expect(summary.relations).toBe(10_000 + 2);
}, 50_000);

test('a question over the huge files answers from wiki.db without hanging', async () => {
  const huge = await cli.run(['context', 'Jacquard loom analytical engine', '--bundle', dir, '--json', '--no-embed'], {
    timeoutMs: 45_000,
  });
  expect(huge.code).toBe(0);
  const answer = JSON.parse(huge.stdout) as {
    confident: boolean;
    tokens: number;
    budget: number;
    seeds: { path: string }[];
  };
  expect(answer.tokens).toBeLessThanOrEqual(answer.budget);
  const many = await cli.run(['context', 'Ten Thousand Relations', '--bundle', dir, '--json', '--no-embed'], {
    timeoutMs: 45_000,
  });
  expect(many.code).toBe(0);
  const manyAnswer = JSON.parse(many.stdout) as {
    confident: boolean;
    tokens: number;
    budget: number;
    seeds: { path: string }[];
  };
  expect(manyAnswer.confident).toBe(true);
  expect(manyAnswer.seeds[0].path).toBe('/entities/ten-thousand-relations.md');
  expect(manyAnswer.tokens).toBeLessThanOrEqual(manyAnswer.budget);
}, 100_000);

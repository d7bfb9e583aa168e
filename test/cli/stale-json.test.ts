// --json (and MCP json) carried no stale flag on a stale concept's background or seed, though the text says
// "[stale since …]" and the background is the only place the stale figure appears (QA review 2, F19).
import { runCli } from '../support/run-cli';
import { makeTempDir, removeTempDir, writeTree } from '../support/temp-dir';

let dir: string;
beforeEach(() => {
  dir = makeTempDir('okf-stale-json-');
  writeTree(dir, {
    '/okf-wiki.json': '{}\n',
    '/entities/rate.md':
      '---\ntype: Concept\ntitle: Interest Rate\nstale_after: "2020-01-01"\n---\nThe interest rate is 5%.\n',
  });
});
afterEach(() => removeTempDir(dir));

test('background and seeds of a stale concept carry `stale` in --json; the text is as before', async () => {
  expect((await runCli(['reindex', '--no-embed'], dir)).code).toBe(0);
  const ask = ['context', 'What is the interest rate?', '--no-embed', '--today', '2026-12-02'];
  const json = JSON.parse((await runCli([...ask, '--json'], dir)).stdout) as {
    seeds: { path: string; stale?: string }[];
    background: { path: string; stale?: string }[];
  };
  expect(json.seeds.map((s) => [s.path, s.stale])).toEqual([['/entities/rate.md', '2020-01-01']]);
  expect(json.background.map((b) => [b.path, b.stale])).toEqual([['/entities/rate.md', '2020-01-01']]);
  const text = (await runCli(ask, dir)).stdout;
  expect(text).toContain('## Interest Rate (/entities/rate.md) [stale since 2020-01-01]');
  // Before its date it is not stale: no flag.
  const fresh = JSON.parse((await runCli([...ask.slice(0, -1), '2019-06-01', '--json'], dir)).stdout);
  expect([fresh.seeds[0].stale, fresh.background[0].stale]).toEqual([undefined, undefined]);
});

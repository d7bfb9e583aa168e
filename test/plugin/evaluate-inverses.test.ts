// The plugin's "Run retrieval evaluation" and `okf-wiki evaluate` run one flow (WikiSession.evaluate): 8d67282 made an
// answer keep a relation back that is not a declared inverse (okf-wiki.json), and the CLI's evaluate passed the
// declared pairs while the plugin's engine called the set runner without them, so the same set judged the same
// bundle differently: "Who sued Alice Smith?" lost "Bob Jones sued Alice Smith" in the plugin's report only.
import type { EvaluateFileOutcome } from '../../src/core/evaluate/evaluate-set-file';
import type { Clock } from '../../src/core/types';
import { EngineCore } from '../../src/plugin/engine/engine-core';
import type { EngineHost } from '../../src/plugin/engine/engine';
import { MemoryBundle } from '../support/memory-bundle';
import { runCli } from '../support/run-cli';
import { SUED_BUNDLE } from '../support/sued-bundle';
import { makeTempDir, removeTempDir, writeTree } from '../support/temp-dir';

const FILES = {
  ...SUED_BUNDLE,
  '/evaluate.json': JSON.stringify({
    version: 1,
    today: '2026-12-01',
    questions: [
      {
        id: 'sued',
        question: 'Who sued Alice Smith?',
        expect_seeds: ['/entities/alice.md'],
        expect_facts: [{ subject: '/entities/bob.md', predicate: 'sued', object: '/entities/alice.md' }],
      },
    ],
  }),
};

/** The plugin's engine over an in-memory vault folder: wiki.db kept by the host, no embedder. */
function engineOver(bundle: MemoryBundle): EngineCore {
  const host: EngineHost = {
    list: () => bundle.list(),
    read: (p) => bundle.read(p),
    stat: async () => undefined,
    readIfExists: async (p) => bundle.text(p),
    write: (p, data) => bundle.write(p, data),
    writeUtf8: (p, bytes) => bundle.write(p, bytes),
    readWikiDb: async () => undefined,
    indexWritten: () => undefined,
    embed: () => Promise.reject(new Error('no embedder')),
    progress: () => undefined,
    embedProgress: () => undefined,
    evaluateProgress: () => undefined,
  };
  const clock: Clock = { now: () => '2026-12-01T00:00:00Z', today: () => '2026-12-01' };
  return new EngineCore(host, clock);
}

const judged = (outcome: EvaluateFileOutcome) => {
  if (outcome.kind !== 'evaluated') throw new Error(`not evaluated: ${JSON.stringify(outcome)}`);
  return outcome.report.results.map((r) => ({ id: r.id, passed: r.passed, found: r.factsFound, reasons: r.reasons }));
};

let dir: string;
beforeEach(() => (dir = makeTempDir('okf-evaluate-inverses-')));
afterEach(() => removeTempDir(dir));

test("the plugin's evaluation keeps a relation back that is not a declared inverse, as the CLI's does", async () => {
  const engine = engineOver(new MemoryBundle(FILES));
  await engine.open();
  const plugin = judged(await engine.evaluate(undefined, { vectorOff: { kind: 'turned-off' } }));
  await engine.close();
  expect(plugin).toEqual([{ id: 'sued', passed: true, found: 1, reasons: [] }]);

  writeTree(dir, FILES);
  const { code, stdout } = await runCli(['evaluate', '--no-embed', '--json'], dir);
  expect(code).toBe(0);
  // --json prints the report's fields at the top level.
  expect(judged({ kind: 'evaluated', report: JSON.parse(stdout) } as EvaluateFileOutcome)).toEqual(plugin);
});

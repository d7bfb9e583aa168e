// Fusion that never makes answers worse (issue 11 item 3): on every labeled set in the repository, with the
// deterministic fake encoder and its calibrated gate, hit@1 with vectors is at least hit@1 without them.
// (The same property with the real stand-in encoder is measured by `npm run eval:standin`, not in CI.)
import { readFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import { calibrateVectorGate } from '../../../src/core/embed/calibrate';
import { embedIndex } from '../../../src/core/embed/embed-index';
import { parseEvaluationSet } from '../../../src/core/evaluate/parse-set';
import { runEvaluation } from '../../../src/core/evaluate/run';
import { FakeEmbedder } from '../../support/fake-ollama';
import { indexOfFixture } from '../../support/retrieval-bundle';

const ROOT = nodePath.join(__dirname, '../../..');
const SETS: [string, string][] = [
  ['../../examples/computing-history', 'examples/computing-history/evaluate.json'],
  ...['acme_retail', 'crypto_bitcoin', 'ga4', 'stackoverflow'].map((b): [string, string] => [
    `okf-bundles/${b}`,
    `test/fixtures/heldout/${b}.json`,
  ]),
];

test.each(SETS)('%s: hybrid hit@1 >= lexical hit@1, section by section', async (fixture, setFile) => {
  const index = await indexOfFixture(fixture);
  const embedder = new FakeEmbedder();
  await embedIndex(index, embedder);
  const outcome = await calibrateVectorGate(index, embedder);
  if (!('calibration' in outcome)) throw new Error(outcome.off);
  index.setVectorCalibration(outcome.calibration);
  const parsed = parseEvaluationSet(readFileSync(nodePath.join(ROOT, setFile), 'utf8'));
  if (parsed.kind !== 'set') throw new Error('set did not parse');
  const lexical = await runEvaluation(index, parsed.set, {});
  const hybrid = await runEvaluation(index, parsed.set, { embedder });
  index.close();
  expect(hybrid.configuration.signals).toBe('vector:nomic-embed-text');
  expect(hybrid.metrics.hitAt1 ?? 0).toBeGreaterThanOrEqual(lexical.metrics.hitAt1 ?? 0);
  for (const section of hybrid.sections) {
    const before = lexical.sections.find((s) => s.section === section.section)!.metrics;
    expect([section.section, section.metrics.hitAt1 ?? 0]).toEqual([section.section, expect.any(Number)]);
    expect(section.metrics.hitAt1 ?? 0).toBeGreaterThanOrEqual(before.hitAt1 ?? 0);
  }
});

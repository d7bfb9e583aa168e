// Vectors whose gate was never calibrated on the bundle (QA3 Q4): an embedding pass stopped part-way (Ctrl-C, the
// plugin yielding to a save, Ollama failing) kept its vectors, and the uncalibrated default gate let them answer
// any question alone. They now wait for their calibration; a gate the user set, or a calibrated one, uses them.
import { calibrateVectorGate } from '../../../src/core/embed/calibrate';
import { embedIndex } from '../../../src/core/embed/embed-index';
import type { EmbedKind, Embedder } from '../../../src/core/embed/types';
import type { WikiIndex } from '../../../src/core/index/wiki-index';
import { contextFor } from '../../../src/core/retrieval/context-for';
import { FakeEmbedder } from '../../support/fake-ollama';
import { indexOfFixture } from '../../support/retrieval-bundle';

/** The fake on a higher similarity scale, as real models have (unrelated texts near 0.8, not 0). */
class HighScaleEmbedder implements Embedder {
  readonly model = 'nomic-embed-text';
  readonly inner = new FakeEmbedder();
  async embed(texts: readonly string[], kind: EmbedKind): Promise<Float32Array[]> {
    return (await this.inner.embed(texts, kind)).map((v) => {
      const w = Float32Array.from(v, (x, i) => x + (i === 0 ? 2 : 0));
      const norm = Math.hypot(...w);
      return w.map((x) => x / norm);
    });
  }
}

const OFF_TOPIC = 'How do I bake sourdough bread?';
let index: WikiIndex;
let embedder: HighScaleEmbedder;
beforeAll(async () => {
  index = await indexOfFixture('../../examples/computing-history');
  embedder = new HighScaleEmbedder();
  // Stopped after the probe and two batches of 16, as Ctrl-C or a save in the plugin stops a pass.
  const report = await embedIndex(index, embedder, { shouldStop: () => embedder.inner.calls.length >= 3 });
  expect(report).toMatchObject({ embedded: 32, stopped: true });
});
afterAll(() => index.close());

test('an interrupted pass: its vectors do not answer an off-topic question, and the answer says why', async () => {
  const answer = await contextFor(index, OFF_TOPIC, { embedder });
  expect(answer.confident).toBe(false);
  expect(answer.vector).toEqual({
    used: false,
    off: { kind: 'uncalibrated', model: 'nomic-embed-text', embedded: 32, concepts: 36 },
    reason:
      'the vectors of "nomic-embed-text" (32 of 36 concepts embedded) have no calibrated gate on this bundle yet, ' +
      'and uncalibrated vectors may answer off-topic questions: not used until calibrated',
  });
  // The lexical signals still answer what the words name.
  expect((await contextFor(index, 'Who was Ada Lovelace?', { embedder })).seeds[0]?.title).toBe('Ada Lovelace');
});

test('a gate the user set is theirs: the vectors take part with it', async () => {
  const answer = await contextFor(index, OFF_TOPIC, { embedder, vectorThreshold: 0.99 });
  expect(answer.vector).toMatchObject({ used: true, threshold: 0.99, thresholdSource: 'setting' });
  expect(answer.confident).toBe(false);
});

test('calibrated on the vectors kept, they take part, and the gate keeps the off-topic question out', async () => {
  const outcome = await calibrateVectorGate(index, embedder);
  if (!('calibration' in outcome)) throw new Error(outcome.off);
  expect(outcome.calibration).toMatchObject({ concepts: 32 });
  // Off-topic questions reach ~0.8 on this scale: the default gate (0.7) would have let every one answer.
  expect(outcome.calibration.offTopic.p50).toBeGreaterThan(0.7);
  index.setVectorCalibration(outcome.calibration);
  const answer = await contextFor(index, OFF_TOPIC, { embedder });
  expect(answer.vector).toMatchObject({ used: true, thresholdSource: 'calibration' });
  expect(answer.confident).toBe(false);
  index.clearVectorCalibrations();
});

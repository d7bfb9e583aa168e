// The plugin's background embedding pass and the vector gate (QA3 Q4): vectors with no calibrated gate do not
// answer, and a first pass over a large vault is stopped by every save, so the pass calibrates the vectors it has
// as they come (from 64, again each time they double), not only after a pass that ran to its end.
import { EngineCore } from '../../src/plugin/engine/engine-core';
import type { EngineHost } from '../../src/plugin/engine/engine';
import { fixedClock } from '../support/retrieval-bundle';
import { conceptFile } from '../support/builders';
import { FakeVectors } from '../support/fake-ollama';
import { MemoryBundle } from '../support/memory-bundle';

const CONCEPTS = 72;
const MODEL = 'nomic-embed-text';

function engine(bundle: MemoryBundle, onProgress: (done: number) => void): EngineCore {
  const vectors = new FakeVectors();
  const host: Partial<EngineHost> = {
    list: () => bundle.list(),
    read: (p) => bundle.read(p),
    stat: async () => undefined,
    write: (p, data) => bundle.write(p, data),
    readWikiDb: async () => undefined,
    indexWritten: () => undefined,
    embed: async (_model, texts) => texts.map((t) => Float32Array.from(vectors.vector(t))),
    progress: () => undefined,
    embedProgress: (done) => onProgress(done),
  };
  return new EngineCore(host as EngineHost, fixedClock('2026-12-01'));
}

test('a pass stopped part-way leaves its vectors calibrated; a complete pass calibrates on them all', async () => {
  const bundle = new MemoryBundle(
    Object.fromEntries(
      Array.from({ length: CONCEPTS }, (_, i) => [
        `/entities/c${String(i).padStart(3, '0')}.md`,
        conceptFile({ type: 'Thing', title: `Topic ${i}` }, `Notes about subject number ${i}.`),
      ]),
    ),
  );
  let stopAt = 64;
  const core = engine(bundle, (done) => done >= stopAt && core.yieldEmbedding());
  await core.open();
  // A save asks the pass to yield after four batches of 16.
  expect(await core.embedPass(MODEL)).toMatchObject({ embedded: 64, stopped: true });
  expect(await core.vectorCalibration(MODEL)).toMatchObject({ concepts: 64 });
  const answer = await core.answer('Where are the notes about subject number 7?', { embedderModel: MODEL });
  expect(answer.result.vector).toMatchObject({ used: true, thresholdSource: 'calibration' });
  stopAt = Infinity;
  expect(await core.embedPass(MODEL)).toMatchObject({ embedded: 8 });
  expect(await core.vectorCalibration(MODEL)).toMatchObject({ concepts: CONCEPTS });
  await core.close();
});

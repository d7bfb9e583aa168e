// The vector gate calibrated per bundle and model (issue 11 item 1): the same code, with no constant changed,
// yields each model's own gate — here the deterministic fake and the same fake on another similarity scale.
import {
  CALIBRATION_METHOD,
  calibrateVectorGate,
  gumbelQuantile,
  needsCalibration,
  similarityQuantile,
  type VectorCalibration,
} from '../../../src/core/embed/calibrate';
import { embedIndex } from '../../../src/core/embed/embed-index';
import type { EmbedKind, Embedder } from '../../../src/core/embed/types';
import { WikiIndex, isLoadProblem } from '../../../src/core/index/wiki-index';
import { contextFor } from '../../../src/core/retrieval/context-for';
import { FakeEmbedder } from '../../support/fake-ollama';
import { indexOfFixture } from '../../support/retrieval-bundle';

/**
 * The fake's vectors pushed toward one fixed direction: every cosine rises (cos' = (cos + c²)/(1 + c²)), a different
 * scale.
 */
class ShiftedEmbedder implements Embedder {
  readonly model = 'shifted-fake';
  private readonly inner = new FakeEmbedder('shifted-fake');
  async embed(texts: readonly string[], kind: EmbedKind): Promise<Float32Array[]> {
    const c = 1.2;
    return (await this.inner.embed(texts, kind)).map((v) => {
      const w = Float32Array.from(v, (x, i) => x + (i === 0 ? c : 0));
      const norm = Math.hypot(...w);
      return w.map((x) => x / norm);
    });
  }
}

async function calibrated(embedder: Embedder): Promise<{ index: WikiIndex; calibration: VectorCalibration }> {
  const index = await indexOfFixture('../../examples/computing-history');
  await embedIndex(index, embedder);
  const outcome = await calibrateVectorGate(index, embedder);
  if (!('calibration' in outcome)) throw new Error(outcome.off);
  return { index, calibration: outcome.calibration };
}

test('gumbelQuantile: the method-of-moments Gumbel fit and its quantile', () => {
  // Samples −1 and 1: mean 0, sample sd √2, so β = √2·√6/π and μ = −0.5772·β; the median is μ − β·ln(ln 2).
  const samples = [-1, 1];
  const b = (Math.sqrt(2) * Math.sqrt(6)) / Math.PI;
  expect(gumbelQuantile(samples, 0.5)).toBeCloseTo(-0.5772156649 * b - b * Math.log(Math.log(2)), 10);
  expect(gumbelQuantile(samples, 0.999)).toBeGreaterThan(gumbelQuantile(samples, 0.95));
});

test('similarityQuantile: a maximum of cosines is fitted in Fisher z, so its quantile stays a cosine', () => {
  // Best-other-concept similarities as the stand-in gives them on the demo: spread 0.15-0.72. A Gumbel law fitted
  // to the cosines themselves puts its 1 - 1/1000 quantile above 1, a similarity no question can reach.
  const wide = [0.15, 0.2, 0.28, 0.33, 0.38, 0.41, 0.44, 0.45, 0.47, 0.5, 0.52, 0.55, 0.58, 0.61, 0.65, 0.72];
  expect(gumbelQuantile(wide, 0.999)).toBeGreaterThan(1);
  const q = similarityQuantile(wide, 0.999);
  expect(q).toBeLessThan(1);
  expect(q).toBeGreaterThan(Math.max(...wide));
  // The same law read in z: tanh of the Gumbel quantile of atanh of the samples.
  expect(q).toBeCloseTo(Math.tanh(gumbelQuantile(wide.map(Math.atanh), 0.999)), 12);
  // Monotone in the risk, and a perfect similarity in the sample does not break the transform.
  expect(similarityQuantile(wide, 0.99)).toBeLessThan(q);
  expect(similarityQuantile([...wide, 1], 0.999)).toBeLessThanOrEqual(1);
});

test('a calibration made by an older method is stale: the gate is recomputed with the current math', async () => {
  const { index, calibration } = await calibrated(new FakeEmbedder());
  expect(calibration.method).toBe(CALIBRATION_METHOD);
  index.setVectorCalibration(calibration);
  expect(needsCalibration(index, 'nomic-embed-text')).toBe(false);
  const { method: _dropped, ...older } = calibration;
  index.setVectorCalibration(older as VectorCalibration);
  expect(needsCalibration(index, 'nomic-embed-text')).toBe(true);
  index.close();
});

describe('the same calibration code on two similarity scales', () => {
  let fake: { index: WikiIndex; calibration: VectorCalibration };
  let shifted: { index: WikiIndex; calibration: VectorCalibration };
  beforeAll(async () => {
    fake = await calibrated(new FakeEmbedder());
    shifted = await calibrated(new ShiftedEmbedder());
  });
  afterAll(() => {
    fake.index.close();
    shifted.index.close();
  });

  test('each yields its own gate, above what its own off-topic questions reach', () => {
    for (const { calibration: c } of [fake, shifted]) {
      expect(c.concepts).toBe(36);
      expect(c.offTopic.n).toBe(48);
      expect(c.floor).toBeGreaterThan(c.offTopic.max);
      expect(c.gate).toBeGreaterThanOrEqual(c.floor);
      expect(c.gate).toBeLessThan(1);
      // How many pseudo-questions reach their own concept at the gate (the power of a vector-only answer).
      expect(c.ownAtGate).toBeGreaterThanOrEqual(0);
      expect(c.ownAtGate).toBeLessThanOrEqual(1);
      expect(c.trust).toBeGreaterThan(0);
      expect(c.trust).toBeLessThanOrEqual(1);
    }
    // The shifted model's similarities are all higher: so are its null and its gate.
    expect(shifted.calibration.offTopic.p50).toBeGreaterThan(fake.calibration.offTopic.p50 + 0.2);
    expect(shifted.calibration.floor).toBeGreaterThan(fake.calibration.floor);
    expect(shifted.calibration.floor).not.toBeCloseTo(fake.calibration.floor, 1);
  });

  test('the calibration is stored in wiki.db, survives export and load, and answers use it', async () => {
    const copy = await WikiIndex.load(fake.index.export());
    if (isLoadProblem(copy)) throw new Error(copy.reason);
    fake.index.setVectorCalibration(fake.calibration);
    const reloaded = await WikiIndex.load(fake.index.export());
    if (isLoadProblem(reloaded)) throw new Error(reloaded.reason);
    expect(reloaded.vectorCalibration('nomic-embed-text')).toEqual(fake.calibration);
    expect(needsCalibration(reloaded, 'nomic-embed-text')).toBe(false);
    expect(needsCalibration(reloaded, 'other-model')).toBe(true);
    const answer = await contextFor(reloaded, 'Who was Ada Lovelace?', { embedder: new FakeEmbedder() });
    expect(answer.vector).toMatchObject({
      used: true,
      threshold: fake.calibration.gate,
      thresholdSource: 'calibration',
      trust: fake.calibration.trust,
    });
    expect(answer.thresholds.vector).toEqual({ value: fake.calibration.gate, source: 'calibration' });
    // An explicit setting still wins over the calibration.
    const set = await contextFor(reloaded, 'Who was Ada Lovelace?', {
      embedder: new FakeEmbedder(),
      vectorThreshold: 0.9,
    });
    expect(set.thresholds.vector).toEqual({ value: 0.9, source: 'setting' });
    copy.close();
    reloaded.close();
  });

  test('is deterministic', async () => {
    const again = await calibrateVectorGate(fake.index, new FakeEmbedder());
    expect(again).toEqual({ calibration: fake.calibration });
  });
});

test('the gate lies strictly above the off-topic maximum it measured (all-zero vectors had a gate of 0)', async () => {
  // Stored as they came (a core Embedder; the Ollama client refuses them): every cosine is 0, and so was the fit.
  const zero: Embedder = { model: 'zero', embed: async (texts) => texts.map(() => new Float32Array(8)) };
  const index = await indexOfFixture('../../examples/computing-history');
  await embedIndex(index, zero);
  const outcome = await calibrateVectorGate(index, zero);
  if (!('calibration' in outcome)) throw new Error(outcome.off);
  expect(outcome.calibration.offTopic.max).toBe(0);
  expect(outcome.calibration.floor).toBeGreaterThan(outcome.calibration.offTopic.max);
  expect(outcome.calibration.gate).toBeGreaterThan(outcome.calibration.offTopic.max);
  index.setVectorCalibration(outcome.calibration);
  const answer = await contextFor(index, 'How do I bake sourdough bread?', { embedder: zero });
  expect(answer.confident).toBe(false);
  index.close();
});

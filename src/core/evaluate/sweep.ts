// Threshold sweep (spec §10.4, §7.5): run the set over a grid of coverage × vector thresholds and find the
// setting that best separates in-bundle questions (right seed first) from out-of-bundle ones (no confident match).
import type { Embedder, EmbedKind } from '../embed/types';
import type { WikiIndex } from '../index/wiki-index';
import { contextFor, defaultContextOptions } from '../retrieval/context-for';
import { describeVectorOff } from '../retrieval/vector-status';
import { resolveThresholds } from '../retrieval/thresholds';
import { computeMetrics } from './metrics';
import { judgeQuestion } from './judge';
import { runDate, toContextOptions, type RunOptions } from './run';
import type { EvaluationSet, SweepPoint, SweepReport } from './types';

/** Coverage thresholds tried (a BM25 match is confident above the threshold: strictly more). */
export const DEFAULT_COVERAGE_GRID = [0.25, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9] as const;
/** Vector thresholds tried (a vector match is confident at or above the threshold). */
export const DEFAULT_VECTOR_GRID = [0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8] as const;

export interface SweepOptions extends Omit<RunOptions, 'coverageThreshold' | 'vectorThreshold' | 'onProgress'> {
  readonly coverageGrid?: readonly number[];
  readonly vectorGrid?: readonly number[];
  /**
   * Sweep only these sections (a tuning split): the best point is chosen on them alone, so the other sections
   * stay held out and can measure it honestly. Default: every question.
   */
  readonly sections?: readonly string[];
  /** Called after each grid point. */
  readonly onProgress?: (done: number, total: number) => void;
}

/**
 * Runs the set at every grid point. Question embeddings are computed once and reused across the grid.
 * Without an embedder the vector axis collapses to one column (vectorThreshold null).
 */
export async function sweepThresholds(
  index: WikiIndex,
  fullSet: EvaluationSet,
  options: SweepOptions = {},
): Promise<SweepReport> {
  const sections = options.sections && options.sections.length > 0 ? options.sections : undefined;
  const set = sections
    ? { ...fullSet, questions: fullSet.questions.filter((q) => sections.includes(q.section)) }
    : fullSet;
  const today = runDate(set, options);
  let embedder = options.embedder ? memoize(options.embedder) : undefined;
  let vectorOff = embedder || !options.vectorOff ? undefined : describeVectorOff(options.vectorOff);
  if (embedder) {
    // One batch up front: fills the cache, and a backend that is down turns the vector axis off once
    // instead of timing out at every grid point.
    try {
      await embedder.embed(
        set.questions.map((q) => q.question),
        'query',
      );
    } catch (error) {
      vectorOff = `embedding the questions failed: ${(error as Error).message}`;
      embedder = undefined;
    }
  }
  const coverageGrid = options.coverageGrid ?? DEFAULT_COVERAGE_GRID;
  const vectorGrid: readonly (number | null)[] = embedder ? (options.vectorGrid ?? DEFAULT_VECTOR_GRID) : [null];
  const total = coverageGrid.length * vectorGrid.length;
  const points: SweepPoint[] = [];
  let signals = 'lexical';
  for (const coverageThreshold of coverageGrid) {
    for (const vectorThreshold of vectorGrid) {
      const contextOptions = toContextOptions(
        { ...options, embedder, coverageThreshold, ...(vectorThreshold !== null ? { vectorThreshold } : {}) },
        today,
      );
      const results = [];
      let vectorUsed = embedder !== undefined;
      for (const label of set.questions) {
        const answer = await contextFor(index, label.question, contextOptions);
        if (!answer.vector.used) vectorUsed = false;
        results.push(judgeQuestion(label, answer));
      }
      if (vectorUsed && embedder) signals = `vector:${embedder.model}`;
      const metrics = computeMetrics(results);
      const inside = results.filter((r) => !r.outOfBundle);
      const inBundleAnswered = inside.length === 0 ? null : inside.filter((r) => r.confident).length / inside.length;
      points.push({
        coverageThreshold,
        vectorThreshold,
        inBundleHitAt1: metrics.hitAt1,
        outOfBundleAbstention: metrics.abstentionRecall,
        inBundleAnswered: inBundleAnswered === null ? null : Math.round(inBundleAnswered * 1e4) / 1e4,
        separation: separation(metrics.hitAt1, metrics.abstentionRecall),
      });
      options.onProgress?.(points.length, total);
    }
  }
  // "Current" is what a question is answered with today: the same precedence as contextFor.
  const applied = resolveThresholds({
    setting: {},
    ...(options.bundleThresholds ? { bundle: options.bundleThresholds } : {}),
    calibratedVector: embedder ? index.vectorCalibration(embedder.model)?.gate : undefined,
    defaults: { coverage: defaultContextOptions.coverageThreshold, vector: defaultContextOptions.vectorThreshold },
  });
  const currentCoverage = applied.coverage.value;
  const currentVector = embedder ? applied.vector.value : null;
  const distance = (p: SweepPoint) =>
    Math.abs(p.coverageThreshold - currentCoverage) +
    (p.vectorThreshold !== null && currentVector !== null ? Math.abs(p.vectorThreshold - currentVector) : 0);
  const best = [...points].sort((a, b) => b.separation - a.separation || distance(a) - distance(b))[0];
  const current =
    points.find((p) => p.coverageThreshold === currentCoverage && p.vectorThreshold === currentVector) ??
    nearest(points, distance);
  const tunedOn = sections
    ? { tunedOn: { sections: [...sections], questions: set.questions.length, ofQuestions: fullSet.questions.length } }
    : {};
  return { signals, points, best, current, ...(vectorOff !== undefined ? { vectorOff } : {}), ...tunedOn };
}

/** Mean of the two rates that are measured (a set without out-of-bundle questions is judged on hit@1 alone). */
function separation(hitAt1: number | null, abstention: number | null): number {
  const rates = [hitAt1, abstention].filter((r): r is number => r !== null);
  return rates.length === 0 ? 0 : Math.round((rates.reduce((a, b) => a + b, 0) / rates.length) * 1e4) / 1e4;
}

function nearest(points: readonly SweepPoint[], distance: (p: SweepPoint) => number): SweepPoint {
  return [...points].sort((a, b) => distance(a) - distance(b))[0];
}

/** An embedder that asks the real one once per distinct text and kind. */
export function memoize(embedder: Embedder): Embedder {
  const cache = new Map<string, Float32Array>();
  return {
    model: embedder.model,
    async embed(texts: readonly string[], kind: EmbedKind): Promise<Float32Array[]> {
      const missing = [...new Set(texts.filter((t) => !cache.has(`${kind}\u0000${t}`)))];
      if (missing.length > 0) {
        const vectors = await embedder.embed(missing, kind);
        missing.forEach((t, i) => cache.set(`${kind}\u0000${t}`, vectors[i]));
      }
      return texts.map((t) => cache.get(`${kind}\u0000${t}`)!);
    },
  };
}

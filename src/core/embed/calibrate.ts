// The vector gate, calibrated per bundle and per embedding model (issue 11 item 1): every model has its own
// similarity scale and every bundle its own spread, so no similarity constant is right everywhere. Instead we
// measure what "no match" looks like here — the best similarity built-in off-topic questions reach against
// this bundle's vectors — fit an extreme-value law to it, and set the gate where chance closeness becomes rare.
// The math is explained in docs/ARCHITECTURE.md ("The vector gate").
import type { WikiIndex } from '../index/wiki-index';
import { bm25Search } from '../retrieval/bm25';
import { rankByVector } from '../retrieval/vector';
import { describeVectorOff } from '../retrieval/vector-status';
import { OFF_TOPIC_QUESTIONS } from './off-topic-questions';
import type { Embedder } from './types';

/** The chance that an off-topic question's best similarity reaches the gate (a choice of risk, not a fit). */
export const FALSE_MATCH_RATE = 0.001;
/** Concepts whose own words are asked as pseudo-questions (evenly spread over the bundle in path order). */
export const POSITIVE_SAMPLE = 64;

/** Share of concepts added or removed since the last calibration that makes it stale (a "material" change). */
export const MATERIAL_CHANGE = 0.1;

/**
 * How the gate is computed; a stored calibration made another way is stale (its gate may be a number the
 * current math would never give, such as the raw Gumbel fit's gates above 1).
 */
export const CALIBRATION_METHOD = 'gumbel-fisher-z';

/**
 * True when `model` has no calibration on this index, it was made by another method, or the number of concepts
 * with vectors moved by more than 10%.
 */
export function needsCalibration(index: WikiIndex, model: string): boolean {
  const c = index.vectorCalibration(model);
  if (!c || c.method !== CALIBRATION_METHOD) return true;
  return Math.abs(index.vectorCount(model) - c.concepts) > MATERIAL_CHANGE * c.concepts;
}

/**
 * True when a pass that stopped part-way (the plugin's background pass, between batches) should calibrate the
 * vectors it holds so far: they number at least a full calibration's pseudo-questions (POSITIVE_SAMPLE), and the
 * model has no calibration by this method or one made on fewer than half of them (a calibration's nulls are maxima
 * over the vectors it saw: more vectors reach higher). Doubling bounds the extra calibrations to ~log2(n / 64) per
 * first pass; the complete pass then recalibrates by `needsCalibration`.
 */
export function partialCalibrationDue(index: WikiIndex, model: string): boolean {
  const vectors = index.vectorCount(model);
  if (vectors < POSITIVE_SAMPLE) return false;
  const c = index.vectorCalibration(model);
  return !c || c.method !== CALIBRATION_METHOD || vectors >= 2 * c.concepts;
}

/** A distribution summarized by a few order statistics (rounded; stored and printed as is). */
export interface DistributionSummary {
  readonly n: number;
  readonly mean: number;
  readonly sd: number;
  readonly p5: number;
  readonly p50: number;
  readonly p95: number;
  readonly max: number;
}

/** What calibration found for one model on one bundle (table `calibration` in wiki.db). */
export interface VectorCalibration {
  /** CALIBRATION_METHOD when it was made (absent in calibrations stored before the method was recorded). */
  readonly method?: string;
  readonly model: string;
  readonly dim: number;
  /** Concepts with a current vector when calibrated. */
  readonly concepts: number;
  /** A vector candidate is trusted at or above this cosine similarity. */
  readonly gate: number;
  /** Chance level: below it a vector hit does not vote at all (the off-topic null's quantile alone). */
  readonly floor: number;
  /**
   * Weight of the vector signal in the fusion, 0–1: how often the vector signal alone ranks a concept first
   * for its own pseudo-question, relative to BM25 on the same questions (capped at 1).
   */
  readonly trust: number;
  /** Top similarity of each off-topic question (the null). */
  readonly offTopic: DistributionSummary;
  /** Similarity of each pseudo-question to its own concept (the positives). */
  readonly ownConcept: DistributionSummary;
  /**
   * Best similarity of each pseudo-question to any OTHER concept: what an in-domain question reaches when its
   * answer is not in the bundle (the near-domain null).
   */
  readonly otherConcept: DistributionSummary;
  /** Share of pseudo-questions whose own concept ranked first: vector alone, BM25 alone. */
  readonly selfHitAt1: { readonly vector: number; readonly bm25: number };
  /**
   * Share of pseudo-questions that reach their own concept at or above the gate: how often a vector-only answer
   * is possible at all here (near 0: the encoder cannot tell this bundle's concepts from their neighbours by
   * cosine alone, and vectors only reorder what the words vouch for). Absent in older calibrations.
   */
  readonly ownAtGate?: number;
}

/** Why calibration could not run. */
export type CalibrationOutcome = { readonly calibration: VectorCalibration } | { readonly off: string };

/**
 * Calibrates the vector gate of `embedder.model` on this index. Needs the concepts' vectors (run embedIndex
 * first). Deterministic: the same vectors give the same calibration.
 */
export async function calibrateVectorGate(index: WikiIndex, embedder: Embedder): Promise<CalibrationOutcome> {
  const sample = pseudoQuestions(index, embedder.model);
  if (sample.length === 0) return { off: 'no concept vectors to calibrate on' };
  let vectors: Float32Array[];
  try {
    vectors = await embedder.embed([...OFF_TOPIC_QUESTIONS, ...sample.map((s) => s.question)], 'query');
  } catch (error) {
    return { off: `embedding the calibration questions failed: ${(error as Error).message}` };
  }
  const nullTops: number[] = [];
  for (const v of vectors.slice(0, OFF_TOPIC_QUESTIONS.length)) {
    const ranked = rankByVector(index, embedder.model, v, 1);
    if ('off' in ranked) return { off: describeVectorOff(ranked.off) };
    nullTops.push(ranked.hits[0]?.similarity ?? -1);
  }
  const own: number[] = [];
  const other: number[] = [];
  let vectorFirst = 0;
  let bm25First = 0;
  for (const [i, s] of sample.entries()) {
    const ranked = rankByVector(index, embedder.model, vectors[OFF_TOPIC_QUESTIONS.length + i], 1_000_000);
    if ('off' in ranked) return { off: describeVectorOff(ranked.off) };
    own.push(ranked.hits.find((h) => h.path === s.path)?.similarity ?? -1);
    other.push(ranked.hits.find((h) => h.path !== s.path)?.similarity ?? -1);
    if (ranked.hits[0]?.path === s.path) vectorFirst++;
    if (bm25Search(index, s.question, 1)[0]?.path === s.path) bm25First++;
  }
  const selfHitAt1 = { vector: round(vectorFirst / sample.length), bm25: round(bm25First / sample.length) };
  const dim = vectors[0].length;
  const concepts = index.vectorCount(embedder.model);
  // Both nulls are maxima, each fitted by its own Gumbel law (in Fisher z); the gate clears the higher quantile.
  // A fit can fall at or below what an off-topic question reached (one outlier; every vector alike: all-zero ones set
  // a gate of 0, QA3 Q4): that similarity is chance here by measurement, so floor and gate lie strictly above it.
  const fitted = round(similarityQuantile(nullTops, 1 - FALSE_MATCH_RATE));
  const offTopicMax = round(Math.max(...nullTops));
  const floor = fitted > offTopicMax ? fitted : round(offTopicMax + 1e-4);
  const gate = round(Math.max(floor, similarityQuantile(other, 1 - FALSE_MATCH_RATE)));
  return {
    calibration: {
      method: CALIBRATION_METHOD,
      model: embedder.model,
      dim,
      concepts,
      gate,
      floor,
      trust: round(selfHitAt1.bm25 === 0 ? selfHitAt1.vector : Math.min(1, selfHitAt1.vector / selfHitAt1.bm25)),
      offTopic: summarize(nullTops),
      ownConcept: summarize(own),
      otherConcept: summarize(other),
      selfHitAt1,
      ownAtGate: round(own.filter((s) => s >= gate).length / own.length),
    },
  };
}

/**
 * The q-quantile of the law of a maximum of cosine similarities. A Gumbel law has no upper end, a cosine
 * does (1): fitted to the cosines themselves, a wide null (in-domain questions about absent concepts) puts its
 * far quantile above 1, a gate no question can pass whatever its meaning. So the fit is made in Fisher's
 * z = atanh(cosine), which maps (−1, 1) onto the whole line and makes the spread of a similarity comparable
 * near 0 and near 1 (it is the variance-stabilising transform of a correlation), and the quantile is mapped
 * back with tanh: always a cosine, and the same order of values.
 */
export function similarityQuantile(similarities: readonly number[], q: number): number {
  const edge = 1 - 1e-6;
  return Math.tanh(
    gumbelQuantile(
      similarities.map((s) => Math.atanh(Math.max(-edge, Math.min(edge, s)))),
      q,
    ),
  );
}

/**
 * The q-quantile of a Gumbel (maximum-value) law fitted to `samples` by the method of moments. The best of
 * many similarities is a maximum, and maxima of light-tailed variables follow a Gumbel law; its far tail is
 * estimated from all the samples instead of resting on the single largest one.
 */
export function gumbelQuantile(samples: readonly number[], q: number): number {
  const { mean, sd } = moments(samples);
  const beta = (sd * Math.sqrt(6)) / Math.PI;
  const mu = mean - 0.5772156649 * beta;
  return mu - beta * Math.log(-Math.log(q));
}

/**
 * Concepts (evenly spread in path order), each asked about by name: "What is <title>?". Short, like real
 * questions (a description would be far longer and reach every related page), and naming one concept.
 */
function pseudoQuestions(index: WikiIndex, model: string): { path: string; question: string }[] {
  // Only concepts with a vector of the model: a pass stopped part-way is calibrated on the vectors it kept.
  const lacking = new Set(index.conceptsToEmbed(model).map((c) => c.path));
  const all = index.conceptTitles().filter((c) => !lacking.has(c.path));
  const count = Math.min(all.length, POSITIVE_SAMPLE);
  return Array.from({ length: count }, (_, j) => all[Math.floor((j * all.length) / count)]).map((c) => ({
    path: c.path,
    question: `What is ${c.title}?`,
  }));
}

function moments(xs: readonly number[]): { mean: number; sd: number } {
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  const variance = xs.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, xs.length - 1);
  return { mean, sd: Math.sqrt(variance) };
}

function summarize(xs: readonly number[]): DistributionSummary {
  const sorted = [...xs].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(p * (sorted.length - 1))))];
  const { mean, sd } = moments(xs);
  return {
    n: xs.length,
    mean: round(mean),
    sd: round(sd),
    p5: round(at(0.05)),
    p50: round(at(0.5)),
    p95: round(at(0.95)),
    max: round(sorted[sorted.length - 1]),
  };
}

function round(n: number): number {
  return Math.round(n * 1e4) / 1e4;
}

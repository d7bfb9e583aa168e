// Aggregate metrics over judged questions (spec §7.5): seed hit@1 / hit@3 / MRR on the first expected seed,
// fact recall, abstention precision and recall on out-of-bundle questions, superseded leaks.
import type { EvaluationMetrics, QuestionResult, SectionMetrics } from './types';

/** Metrics of a run. A rate no question measures is null, never a made-up 0 or 1. */
export function computeMetrics(results: readonly QuestionResult[]): EvaluationMetrics {
  const ranked = results.filter((r) => !r.outOfBundle && hasSeedLabel(r));
  const outside = results.filter((r) => r.outOfBundle);
  const abstained = results.filter((r) => !r.confident);
  const factsExpected = sum(results.map((r) => r.factsExpected));
  return {
    questions: results.length,
    passed: results.filter((r) => r.passed).length,
    inBundle: results.length - outside.length,
    outOfBundle: outside.length,
    hitAt1: rate(ranked.filter((r) => r.expectedRank === 1).length, ranked.length),
    hitAt3: rate(ranked.filter((r) => r.expectedRank >= 1 && r.expectedRank <= 3).length, ranked.length),
    mrr:
      ranked.length === 0
        ? null
        : round(sum(ranked.map((r) => (r.expectedRank > 0 ? 1 / r.expectedRank : 0))) / ranked.length),
    factRecall: rate(sum(results.map((r) => r.factsFound)), factsExpected),
    abstentionPrecision: rate(abstained.filter((r) => r.outOfBundle).length, abstained.length),
    abstentionRecall: rate(outside.filter((r) => !r.confident).length, outside.length),
    supersededLeaks: sum(results.map((r) => r.supersededLeaks)),
  };
}

/** Metrics per section, in the order sections first appear among the results. */
export function sectionMetrics(results: readonly QuestionResult[]): SectionMetrics[] {
  const groups = new Map<string, QuestionResult[]>();
  for (const r of results) groups.set(r.section, [...(groups.get(r.section) ?? []), r]);
  return [...groups.entries()].map(([section, rs]) => ({ section, metrics: computeMetrics(rs) }));
}

/** The metrics where higher is better, in report order, with their labels. */
export const RATE_METRICS = [
  ['hitAt1', 'seed hit@1'],
  ['hitAt3', 'seed hit@3'],
  ['mrr', 'MRR'],
  ['factRecall', 'fact recall'],
  ['abstentionPrecision', 'abstention precision'],
  ['abstentionRecall', 'abstention recall'],
] as const satisfies readonly (readonly [keyof EvaluationMetrics, string])[];

/** True when the question carries an expected-seed label (so it counts for hit@k and MRR). */
function hasSeedLabel(r: QuestionResult): boolean {
  return r.expectedSeed !== null;
}

function rate(numerator: number, denominator: number): number | null {
  return denominator === 0 ? null : round(numerator / denominator);
}

function sum(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

function round(n: number): number {
  return Math.round(n * 1e4) / 1e4;
}

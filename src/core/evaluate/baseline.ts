// The stored baseline beside a set (evaluate.baseline.json, committed): the metrics and per-question verdicts a
// run must not fall below. One entry per signal configuration, because lexical-only and vector runs differ.
import { contentHash } from '../okf/hash';
import { RATE_METRICS } from './metrics';
import type {
  BaselineComparison,
  EvaluationMetrics,
  EvaluationReport,
  EvaluationSet,
  LabeledQuestion,
  Regression,
} from './types';

/** Format version of the baseline file; a file of another version is refused, never misread. */
export const BASELINE_VERSION = 1;

/** A run as the baseline keeps it. */
export interface BaselineRun {
  readonly setHash: string;
  readonly today: string;
  readonly coverageThreshold: number;
  readonly vectorThreshold: number;
  readonly metrics: EvaluationMetrics;
  /** Per question: its label's hash and whether it passed (with the reasons when it did not). */
  readonly questions: Readonly<
    Record<string, { readonly label: string; readonly passed: boolean; readonly reasons?: readonly string[] }>
  >;
}

/** The baseline file. */
export interface BaselineFile {
  readonly version: number;
  readonly runs: Readonly<Record<string, BaselineRun>>;
}

/** Tolerance for comparing rounded rates. */
const EPSILON = 1e-9;

/** Hash of a question's label, so a changed label is not compared with its old verdict. */
export function labelHash(q: LabeledQuestion): string {
  return contentHash(
    JSON.stringify([
      q.question,
      q.expectSeeds,
      q.expectFacts,
      q.outOfBundle,
      q.mustNotSeed,
      q.expectSupersededMarked,
      q.mustNotFacts,
      q.expectIntent ?? null,
    ]),
  );
}

/** Hash of the whole set (its questions and date), so aggregate metrics are only compared on the same set. */
export function setHash(set: EvaluationSet): string {
  return contentHash(JSON.stringify([set.today ?? null, set.questions.map((q) => [q.id, labelHash(q)])]));
}

/** Reads a baseline file; a problem (as text) when it is not one this version understands. */
export function parseBaseline(text: string): BaselineFile | { readonly problem: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return { problem: `not valid JSON: ${(error as Error).message}` };
  }
  const file = raw as Partial<BaselineFile> | null;
  if (typeof file !== 'object' || file === null || typeof file.runs !== 'object' || file.runs === null)
    return { problem: 'not a baseline file (no "runs")' };
  if (file.version !== BASELINE_VERSION)
    return { problem: `baseline format ${String(file.version)}, this version reads ${BASELINE_VERSION}` };
  return file as BaselineFile;
}

/** The baseline entry for a report. */
export function baselineRunOf(set: EvaluationSet, report: EvaluationReport): BaselineRun {
  const labels = new Map(set.questions.map((q) => [q.id, labelHash(q)]));
  const questions: Record<string, BaselineRun['questions'][string]> = {};
  for (const r of report.results)
    questions[r.id] = { label: labels.get(r.id) ?? '', passed: r.passed, ...(r.passed ? {} : { reasons: r.reasons }) };
  return {
    setHash: setHash(set),
    today: report.configuration.today,
    coverageThreshold: report.configuration.coverageThreshold,
    vectorThreshold: report.configuration.vectorThreshold,
    metrics: report.metrics,
    questions,
  };
}

/** The baseline with the report's entry added or replaced (other signal configurations are kept). */
export function withRun(
  baseline: BaselineFile | undefined,
  set: EvaluationSet,
  report: EvaluationReport,
): BaselineFile {
  return {
    version: BASELINE_VERSION,
    runs: { ...(baseline?.runs ?? {}), [report.configuration.signals]: baselineRunOf(set, report) },
  };
}

/**
 * Compares a run with the baseline of the same signal configuration: a rate below its baseline, more
 * superseded leaks, or a question that passed there and fails now is a regression. Aggregates are compared
 * only when the set is unchanged; questions whenever their own label is.
 */
export function compareWithBaseline(
  set: EvaluationSet,
  report: EvaluationReport,
  baseline: BaselineFile | undefined,
): BaselineComparison {
  const base = baseline?.runs[report.configuration.signals];
  if (!base) return { missing: true, regressions: [], improvements: [] };
  const regressions: Regression[] = [];
  const improvements: Regression[] = [];
  const sameSet = base.setHash === setHash(set);
  if (sameSet) {
    for (const [key, name] of RATE_METRICS) {
      const before = base.metrics[key];
      const now = report.metrics[key];
      if (before === null) continue;
      const value = now ?? 0;
      if (value < before - EPSILON) regressions.push({ kind: 'metric', name, baseline: pct(before), now: pct(now) });
      else if (value > before + EPSILON)
        improvements.push({ kind: 'metric', name, baseline: pct(before), now: pct(now) });
    }
    if (report.metrics.supersededLeaks > base.metrics.supersededLeaks) {
      regressions.push({
        kind: 'metric',
        name: 'superseded leaks',
        baseline: String(base.metrics.supersededLeaks),
        now: String(report.metrics.supersededLeaks),
      });
    } else if (report.metrics.supersededLeaks < base.metrics.supersededLeaks) {
      improvements.push({
        kind: 'metric',
        name: 'superseded leaks',
        baseline: String(base.metrics.supersededLeaks),
        now: String(report.metrics.supersededLeaks),
      });
    }
  }
  const labels = new Map(set.questions.map((q) => [q.id, labelHash(q)]));
  for (const r of report.results) {
    const before = base.questions[r.id];
    if (!before || before.label !== labels.get(r.id)) continue;
    if (before.passed && !r.passed)
      regressions.push({ kind: 'question', name: r.id, baseline: 'pass', now: `fail: ${r.reasons.join('; ')}` });
    else if (!before.passed && r.passed)
      improvements.push({ kind: 'question', name: r.id, baseline: 'fail', now: 'pass' });
  }
  return {
    missing: false,
    regressions,
    improvements,
    ...(sameSet
      ? {}
      : {
          note:
            'the question set changed since the baseline was recorded: only ' +
            'unchanged questions were compared (record a new baseline with ' +
            '--update-baseline)',
        }),
  };
}

/** A rate as a percentage for messages. */
export function pct(value: number | null): string {
  return value === null ? 'n/a' : `${(value * 100).toFixed(1)}%`;
}

// Shapes of the retrieval evaluation (spec §7.5): the labeled set read from evaluate.json, the verdict on each
// question, the aggregate metrics, the comparison with a stored baseline, and the threshold sweep.
import type { Intent } from '../retrieval/types';

/**
 * A relation the answer must (or must not) contain. `object` is a bundle path or a literal; absent = any.
 * `inverse` names the predicate the object's file uses for the same relation (spec §7.1 asserts both
 * directions): the fact also counts as present when that reverse assertion is in the answer.
 */
export interface ExpectedFact {
  readonly subject: string;
  readonly predicate: string;
  readonly object?: string;
  readonly inverse?: string;
}

/** One labeled question of evaluate.json. */
export interface LabeledQuestion {
  /** Stable key for baselines and reports; defaults to the question text. */
  readonly id: string;
  readonly question: string;
  /** Concepts that must seed; the first must rank first. */
  readonly expectSeeds: readonly string[];
  /** Relations that must appear among the answer's facts. */
  readonly expectFacts: readonly ExpectedFact[];
  /** The answer must be "no confident match". */
  readonly outOfBundle: boolean;
  /** Concepts that must not be seeds. */
  readonly mustNotSeed: readonly string[];
  /** Concepts whose facts may appear only with the superseded marker (spec §7.7). */
  readonly expectSupersededMarked: readonly string[];
  /** Relations that must not appear (a stale concept's facts, spec §6.4). */
  readonly mustNotFacts: readonly ExpectedFact[];
  /** The intent the question's wording calls for (spec §6.2). */
  readonly expectIntent?: Intent;
  /** Why the label is what it is; shown nowhere but the file. */
  readonly note?: string;
  /** The group it is reported in (paraphrase, typo, out-of-bundle…); `DEFAULT_SECTION` when the file names none. */
  readonly section: string;
}

/** A parsed evaluate.json. */
export interface EvaluationSet {
  readonly version: 1;
  /** ISO date the set is judged at (staleness), unless the caller overrides it. */
  readonly today?: string;
  readonly questions: readonly LabeledQuestion[];
}

/** A problem with one entry (or the whole file), located for the person fixing it. */
export interface SetProblem {
  /** `questions[3].expect_seeds[0]`, or `(file)`. */
  readonly where: string;
  readonly message: string;
}

/** What reading evaluate.json gave: a set, or every problem found in it. */
export type SetOrProblems =
  | { readonly kind: 'set'; readonly set: EvaluationSet }
  | { readonly kind: 'problems'; readonly problems: readonly SetProblem[] };

/** The verdict on one question. */
export interface QuestionResult {
  readonly id: string;
  readonly question: string;
  readonly section: string;
  readonly outOfBundle: boolean;
  readonly passed: boolean;
  /** Every check that failed, in words; empty when passed. */
  readonly reasons: readonly string[];
  readonly confident: boolean;
  readonly intent: Intent;
  /** Seed paths, best first. */
  readonly seeds: readonly string[];
  /** The first expected seed, when the question labels seeds (it then counts for hit@k and MRR). */
  readonly expectedSeed: string | null;
  /** 1-based rank of the first expected seed among the seeds; 0 when absent or not labeled. */
  readonly expectedRank: number;
  readonly factsExpected: number;
  readonly factsFound: number;
  /** Facts from `expect_superseded_marked` concepts rendered without the marker. */
  readonly supersededLeaks: number;
}

/** Aggregates over a run. Rates are 0–1 (higher is better); null when no question measures them. */
export interface EvaluationMetrics {
  readonly questions: number;
  readonly passed: number;
  readonly inBundle: number;
  readonly outOfBundle: number;
  /** Questions with `expect_seeds` whose first expected seed ranked first. */
  readonly hitAt1: number | null;
  readonly hitAt3: number | null;
  /** Mean reciprocal rank of the first expected seed. */
  readonly mrr: number | null;
  /** Expected facts found / expected facts labeled. */
  readonly factRecall: number | null;
  /** Of the questions answered "no confident match", the share that were out of bundle. */
  readonly abstentionPrecision: number | null;
  /** Of the out-of-bundle questions, the share answered "no confident match". */
  readonly abstentionRecall: number | null;
  /** Superseded facts rendered without their marker (lower is better). */
  readonly supersededLeaks: number;
}

/** The signals a run used and the thresholds it ran with. */
export interface RunConfiguration {
  /** `lexical`, or `vector:<model>` when the vector signal took part in every question. */
  readonly signals: string;
  readonly disabledSignals: readonly string[];
  readonly coverageThreshold: number;
  readonly vectorThreshold: number;
  /** Where each threshold came from (setting, okf-wiki.json, calibration, default). */
  readonly coverageThresholdSource?: string;
  readonly vectorThresholdSource?: string;
  readonly today: string;
  /** Why the vector signal was off, when it was. */
  readonly vectorOff?: string;
}

/** One run of the set. */
export interface EvaluationReport {
  readonly configuration: RunConfiguration;
  readonly metrics: EvaluationMetrics;
  /** The same metrics per section, in the order sections first appear in the set. */
  readonly sections: readonly SectionMetrics[];
  readonly results: readonly QuestionResult[];
}

/** Metrics of one section of the set. */
export interface SectionMetrics {
  readonly section: string;
  readonly metrics: EvaluationMetrics;
}

/** A metric that fell below the baseline, or a question that passed there and fails now. */
export interface Regression {
  readonly kind: 'metric' | 'question';
  /** Metric name or question id. */
  readonly name: string;
  readonly baseline: string;
  readonly now: string;
}

/** Outcome of comparing a run with the stored baseline. */
export interface BaselineComparison {
  /** No baseline for this signal configuration yet. */
  readonly missing: boolean;
  readonly regressions: readonly Regression[];
  /** Metrics and questions that got better (informational). */
  readonly improvements: readonly Regression[];
  /** Set when the question set changed since the baseline was recorded. */
  readonly note?: string;
}

/** One grid point of `--sweep`. */
export interface SweepPoint {
  readonly coverageThreshold: number;
  /** null when the vector signal was off for the sweep. */
  readonly vectorThreshold: number | null;
  /** In-bundle questions with `expect_seeds` whose first expected seed ranked first. */
  readonly inBundleHitAt1: number | null;
  /** Out-of-bundle questions answered "no confident match". */
  readonly outOfBundleAbstention: number | null;
  /** In-bundle questions answered confidently (any seed). */
  readonly inBundleAnswered: number | null;
  /** Mean of hit@1 and abstention: how well the setting separates the two groups. */
  readonly separation: number;
}

export interface SweepReport {
  readonly signals: string;
  readonly points: readonly SweepPoint[];
  /** The point with the highest separation (ties: closest to the current defaults). */
  readonly best: SweepPoint;
  /** The point at the current thresholds. */
  readonly current: SweepPoint;
  /** Why the vector axis is absent, when it is. */
  readonly vectorOff?: string;
  /** When the sweep ran on some sections only (the tuning split): those sections, and questions used / in the set. */
  readonly tunedOn?: { readonly sections: readonly string[]; readonly questions: number; readonly ofQuestions: number };
}

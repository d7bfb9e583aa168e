// Running a labeled set through context_for (spec §7.5): the same retrieval the CLI and the plugin answer with,
// at a pinned date, each answer judged against its label, then the aggregate metrics.
import type { Embedder, EmbedKind } from '../embed/types';
import { datePart } from '../okf/dates';
import type { WikiIndex } from '../index/wiki-index';
import { contextFor, defaultContextOptions } from '../retrieval/context-for';
import type { ContextOptions, ContextResult } from '../retrieval/types';
import { systemClock, todayOf } from '../types';
import { judgeQuestion } from './judge';
import { computeMetrics, sectionMetrics } from './metrics';
import type { EvaluationReport, EvaluationSet, QuestionResult, RunConfiguration } from './types';

/** How a set is run: every retrieval tunable of contextFor (hops included), plus the date and progress. */
export interface RunOptions extends ContextOptions {
  /** Today for staleness; default the set's `today`, then the clock. */
  readonly today?: string;
  /** Called after each question. */
  readonly onProgress?: (done: number, total: number) => void;
}

/** The date a run is judged at. */
export function runDate(set: EvaluationSet, options: Pick<RunOptions, 'today' | 'clock'>): string {
  return datePart(options.today ?? set.today ?? todayOf(options.clock ?? systemClock));
}

/** Runs every question of the set and judges the answers. Questions run one after another, in file order. */
export async function runEvaluation(
  index: WikiIndex,
  set: EvaluationSet,
  options: RunOptions = {},
): Promise<EvaluationReport> {
  const today = runDate(set, options);
  const embedder = options.embedder ? latchFailure(options.embedder) : undefined;
  const contextOptions = toContextOptions({ ...options, embedder }, today);
  const results: QuestionResult[] = [];
  const answers: ContextResult[] = [];
  for (const [i, label] of set.questions.entries()) {
    const answer = await contextFor(index, label.question, contextOptions);
    answers.push(answer);
    results.push(judgeQuestion(label, answer));
    options.onProgress?.(i + 1, set.questions.length);
  }
  return {
    configuration: configurationOf(answers, options, today),
    metrics: computeMetrics(results),
    sections: sectionMetrics(results),
    results,
  };
}

/**
 * An embedder that, once it has failed, fails at once for the rest of the run: a hung Ollama costs one
 * timeout, not one per question (every later answer then reports the same reason).
 */
export function latchFailure(embedder: Embedder): Embedder {
  let failure: Error | undefined;
  return {
    model: embedder.model,
    async embed(texts: readonly string[], kind: EmbedKind): Promise<Float32Array[]> {
      if (failure !== undefined) throw failure;
      try {
        return await embedder.embed(texts, kind);
      } catch (error) {
        failure = error instanceof Error ? error : new Error(String(error));
        throw error;
      }
    },
  };
}

/** contextFor options for a run: the caller's tunables and a clock fixed at `today`. */
export function toContextOptions(options: RunOptions, today: string): ContextOptions {
  const { today: _today, onProgress: _onProgress, ...tunables } = options;
  return { ...tunables, clock: { now: () => today } };
}

/**
 * Which signals really ran: `vector:<model>` only when the vector signal answered for every question, so a
 * run where Ollama was down is compared with the lexical baseline, not the vector one.
 */
function configurationOf(answers: readonly ContextResult[], options: RunOptions, today: string): RunConfiguration {
  const vectorOn = answers.length > 0 && answers.every((a) => a.vector.used);
  const offStatus = answers.map((a) => a.vector).find((v) => !v.used);
  const off = offStatus && !offStatus.used ? offStatus.reason : undefined;
  return {
    signals: vectorOn ? `vector:${answers[0].vector.model ?? 'unknown'}` : 'lexical',
    disabledSignals: [...(options.disabledSignals ?? [])],
    coverageThreshold:
      answers[0]?.thresholds.coverage.value ?? options.coverageThreshold ?? defaultContextOptions.coverageThreshold,
    vectorThreshold:
      answers[0]?.thresholds.vector.value ?? options.vectorThreshold ?? defaultContextOptions.vectorThreshold,
    ...(answers[0]
      ? {
          coverageThresholdSource: answers[0].thresholds.coverage.source,
          vectorThresholdSource: answers[0].thresholds.vector.source,
        }
      : {}),
    today,
    ...(!vectorOn && off !== undefined ? { vectorOff: off } : {}),
  };
}

// The whole `evaluate` flow over files, shared by the CLI and the plugin's evaluation view so they never
// disagree (both through WikiSession.evaluate, which adds the retrieval defaults answers use): read the set, validate
// it against the index, run it, compare with the stored baseline, and write the last result (and, on request or when
// none exists, the baseline) beside the set.
import type { WikiIndex } from '../index/wiki-index';
import { compareWithBaseline, parseBaseline, withRun, type BaselineFile } from './baseline';
import { parseEvaluationSet } from './parse-set';
import { runEvaluation, type RunOptions } from './run';
import { sweepThresholds, type SweepOptions } from './sweep';
import type {
  BaselineComparison,
  EvaluationMetrics,
  EvaluationReport,
  EvaluationSet,
  SetProblem,
  SweepReport,
} from './types';

/** Where the set and its companions live: the bundle (plugin) or the file system (CLI). */
export interface SetFiles {
  /** The file's text, or undefined when it does not exist. */
  read(path: string): Promise<string | undefined>;
  /** Writes the whole file (atomically where the platform allows). */
  write(path: string, text: string): Promise<void>;
}

/** The default set's name, in the bundle root. */
export const DEFAULT_SET_NAME = 'evaluate.json';

/** `evaluate.json` → `evaluate.last.json`: the last run's full result (not committed). */
export function lastResultPath(setPath: string): string {
  return setPath.replace(/(\.json)?$/i, '.last.json');
}

/** `evaluate.json` → `evaluate.baseline.json`: the committed metrics a run must not fall below. */
export function baselinePath(setPath: string): string {
  return setPath.replace(/(\.json)?$/i, '.baseline.json');
}

/** Which pass over the set progress is about: the run, or the same set again with vectors off (with vectors on). */
export type EvaluationPass = 'run' | 'lexical';

export interface EvaluateFileOptions extends Omit<RunOptions, 'onProgress'> {
  /** Rewrite this configuration's baseline entry with the run (a deliberate "this is the new normal"). */
  readonly updateBaseline?: boolean;
  /** Called after each question of each pass: the run's, then the lexical comparison's when there is one. */
  readonly onProgress?: (done: number, total: number, pass: EvaluationPass) => void;
}

/** Why a set file could not be used. */
export type SetFileProblem =
  | { readonly kind: 'missing'; readonly setPath: string }
  | { readonly kind: 'invalid'; readonly setPath: string; readonly problems: readonly SetProblem[] };

/** What evaluating a set file gave. */
export type EvaluateFileOutcome =
  | SetFileProblem
  | {
      readonly kind: 'evaluated';
      readonly setPath: string;
      readonly set: EvaluationSet;
      readonly report: EvaluationReport;
      /** The same set with the vector signal off, when the report used it (for lexical vs hybrid per section). */
      readonly lexical?: EvaluationReport;
      readonly comparison: BaselineComparison;
      /** The baseline's metrics for this configuration, before this run (for side-by-side display). */
      readonly baselineMetrics?: EvaluationMetrics;
      /** `established`: there was none, this run became it; `updated`: --update-baseline. */
      readonly baselineWritten?: 'established' | 'updated';
      /** Set when the baseline file could not be read (it is then treated as absent and not overwritten). */
      readonly baselineProblem?: string;
      readonly lastPath: string;
      readonly baselinePath: string;
      /** The result files that could not be written (a read-only folder), each with why: the report still stands. */
      readonly unwritten?: readonly { readonly path: string; readonly reason: string }[];
    };

/** Reads and validates a set; concept paths are checked against the index. */
export async function readSet(
  index: WikiIndex,
  files: SetFiles,
  setPath: string,
): Promise<SetFileProblem | { readonly kind: 'set'; readonly set: EvaluationSet }> {
  const text = await files.read(setPath);
  if (text === undefined) return { kind: 'missing', setPath };
  const knownPaths = new Set(index.conceptPaths());
  const parsed = parseEvaluationSet(text, { knownPaths });
  if (parsed.kind === 'problems') return { kind: 'invalid', setPath, problems: parsed.problems };
  return { kind: 'set', set: parsed.set };
}

/**
 * Runs a set file and compares it with its baseline. A run with disabled signals never writes the baseline
 * (a deliberately broken ranking must not become the new normal).
 */
export async function evaluateSetFile(
  index: WikiIndex,
  files: SetFiles,
  setPath: string,
  options: EvaluateFileOptions = {},
): Promise<EvaluateFileOutcome> {
  const read = await readSet(index, files, setPath);
  if (read.kind !== 'set') return read;
  const { set } = read;
  const { onProgress } = options;
  const progress = (pass: EvaluationPass) =>
    onProgress && ((done: number, total: number) => onProgress(done, total, pass));
  const report = await runEvaluation(index, set, { ...options, onProgress: progress('run') });
  // With vectors on, the same set again without them: each section then shows what the vector signal adds. Its
  // progress is told too (it takes about as long as the run's lexical part: the plugin's notice showed none).
  const lexical = report.configuration.signals.startsWith('vector:')
    ? await runEvaluation(index, set, {
        ...options,
        onProgress: progress('lexical'),
        disabledSignals: [...(options.disabledSignals ?? []), 'vector'],
      })
    : undefined;

  const basePath = baselinePath(setPath);
  const lastPath = lastResultPath(setPath);
  const baselineText = await files.read(basePath);
  let baseline: BaselineFile | undefined;
  let baselineProblem: string | undefined;
  if (baselineText !== undefined) {
    const parsed = parseBaseline(baselineText);
    if ('problem' in parsed) baselineProblem = `${basePath}: ${parsed.problem}`;
    else baseline = parsed;
  }
  const comparison = compareWithBaseline(set, report, baseline);
  const baselineMetrics = baseline?.runs[report.configuration.signals]?.metrics;

  // A folder that cannot be written (a read-only checkout in CI) loses the stored result, never the report.
  const unwritten: { path: string; reason: string }[] = [];
  const written = async (path: string, text: string) => {
    try {
      await files.write(path, text);
      return true;
    } catch (error) {
      unwritten.push({ path, reason: (error as Error).message });
      return false;
    }
  };
  await written(lastPath, JSON.stringify(report, null, 2) + '\n');
  const mayWrite = report.configuration.disabledSignals.length === 0 && baselineProblem === undefined;
  let baselineWritten: 'established' | 'updated' | undefined;
  if (mayWrite && (options.updateBaseline || comparison.missing)) {
    if (await written(basePath, JSON.stringify(withRun(baseline, set, report), null, 2) + '\n'))
      baselineWritten = comparison.missing ? 'established' : 'updated';
  }
  return {
    kind: 'evaluated',
    setPath,
    set,
    report,
    ...(lexical ? { lexical } : {}),
    comparison,
    ...(baselineMetrics ? { baselineMetrics } : {}),
    ...(baselineWritten ? { baselineWritten } : {}),
    ...(baselineProblem ? { baselineProblem } : {}),
    lastPath,
    baselinePath: basePath,
    ...(unwritten.length > 0 ? { unwritten } : {}),
  };
}

/** What sweeping a set file gave. */
export type SweepFileOutcome =
  SetFileProblem | { readonly kind: 'swept'; readonly setPath: string; readonly sweep: SweepReport };

/** Reads a set file and sweeps the thresholds over it. */
export async function sweepSetFile(
  index: WikiIndex,
  files: SetFiles,
  setPath: string,
  options: SweepOptions = {},
): Promise<SweepFileOutcome> {
  const read = await readSet(index, files, setPath);
  if (read.kind !== 'set') return read;
  const known = [...new Set(read.set.questions.map((q) => q.section))];
  const unknown = (options.sections ?? []).filter((s) => !known.includes(s));
  if (unknown.length > 0) {
    return {
      kind: 'invalid',
      setPath,
      problems: unknown.map((s) => ({
        where: 'sections',
        message: `no section named "${s}" in the set (its sections: ${known.join(', ')})`,
      })),
    };
  }
  return { kind: 'swept', setPath, sweep: await sweepThresholds(index, read.set, options) };
}

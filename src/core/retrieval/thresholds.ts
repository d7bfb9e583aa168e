// Which confidence thresholds a question is answered with, and where each came from (issue 11 item 2; spec
// §10.4 "retune per-bundle"). Precedence, the same in every shell (CLI, MCP, plugin): an explicit user setting
// (flag or plugin setting) > the bundle's okf-wiki.json `thresholds` > the calibration stored in wiki.db for
// this embedding model (vector gate only) > the built-in default.

/** Where a threshold's value came from. */
export type ThresholdSource = 'setting' | 'okf-wiki.json' | 'calibration' | 'default';

/** A threshold as applied, with its origin. */
export interface AppliedThreshold {
  readonly value: number;
  readonly source: ThresholdSource;
}

/** The `thresholds` object of okf-wiki.json (every key optional). */
export interface BundleThresholds {
  readonly coverage?: number;
  readonly vector?: number;
  /** How the coverage gate weighs words (plain, the default, or idf). */
  readonly coverageWeighting?: 'plain' | 'idf';
  /** A page the words trust must also hold every name the question writes (default true; seeds.ts). */
  readonly requireNames?: boolean;
}

/** The thresholds an answer used. */
export interface AppliedThresholds {
  readonly coverage: AppliedThreshold;
  readonly vector: AppliedThreshold;
  readonly coverageWeighting: { readonly value: 'plain' | 'idf'; readonly source: ThresholdSource };
  readonly requireNames: { readonly value: boolean; readonly source: ThresholdSource };
}

export interface ThresholdInputs {
  /** Explicit user settings (CLI flags, plugin settings); undefined = not set. */
  readonly setting?: {
    readonly coverage?: number | undefined;
    readonly vector?: number | undefined;
    readonly coverageWeighting?: 'plain' | 'idf' | undefined;
  };
  readonly bundle?: BundleThresholds;
  /** The vector gate calibrated for the model answering this question, when there is one. */
  readonly calibratedVector?: number | undefined;
  readonly defaults: { readonly coverage: number; readonly vector: number };
}

/** Applies the precedence: setting > okf-wiki.json > calibration > default. */
export function resolveThresholds(inputs: ThresholdInputs): AppliedThresholds {
  const pick = <T>(
    setting: T | undefined,
    bundle: T | undefined,
    calibrated: T | undefined,
    fallback: T,
  ): { value: T; source: ThresholdSource } =>
    setting !== undefined
      ? { value: setting, source: 'setting' }
      : bundle !== undefined
        ? { value: bundle, source: 'okf-wiki.json' }
        : calibrated !== undefined
          ? { value: calibrated, source: 'calibration' }
          : { value: fallback, source: 'default' };
  return {
    coverage: pick(inputs.setting?.coverage, inputs.bundle?.coverage, undefined, inputs.defaults.coverage),
    vector: pick(inputs.setting?.vector, inputs.bundle?.vector, inputs.calibratedVector, inputs.defaults.vector),
    coverageWeighting: pick<'plain' | 'idf'>(
      inputs.setting?.coverageWeighting,
      inputs.bundle?.coverageWeighting,
      undefined,
      'plain',
    ),
    requireNames: pick<boolean>(undefined, inputs.bundle?.requireNames, undefined, true),
  };
}

/** "vector gate 0.41 (calibration)" — how an answer names a threshold. */
export function describeThreshold(name: string, t: AppliedThreshold): string {
  return `${name} ${t.value} (${t.source})`;
}

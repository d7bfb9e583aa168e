// The CLI's thresholds (issue 11 item 2): explicit flags (--coverage-threshold, --vector-threshold,
// --coverage-weighting) are the user's setting; okf-wiki.json's `thresholds` come next; contextFor applies the
// calibration and the defaults below them. The MCP server reads the same file the same way.
import { BUNDLE_CONFIG_PATH, parseBundleConfig } from '../core/config/bundle-config';
import type { BundleThresholds } from '../core/retrieval/thresholds';
import { UsageError, type Flags } from './args';
import type { FsBundle } from './fs-bundle';
import type { CliIo } from './io';

/** The bundle's okf-wiki.json `thresholds` ({} without the file); its problems about thresholds go to stderr. */
export async function bundleThresholds(bundle: FsBundle, io: CliIo): Promise<BundleThresholds> {
  if (!(await bundle.exists(BUNDLE_CONFIG_PATH))) return {};
  let text: string;
  try {
    text = await bundle.read(BUNDLE_CONFIG_PATH);
  } catch (error) {
    io.err(`note: could not read okf-wiki.json (${(error as Error).message}); using the default thresholds\n`);
    return {};
  }
  const { config, diagnostics } = parseBundleConfig(text);
  for (const d of diagnostics) if (d.severity === 'error' || /threshold/.test(d.code) || /thresholds/.test(d.message)) io.err(`note: ${d.message}\n`);
  return config.thresholds ?? {};
}

/** Thresholds a user set explicitly (command-line flags). */
export interface ThresholdSettings {
  coverageThreshold?: number;
  vectorThreshold?: number;
  coverageWeighting?: 'plain' | 'idf';
}

/** The thresholds set explicitly on the command line. */
export function thresholdFlags(flags: Flags): ThresholdSettings {
  const share = (name: string, value: string | undefined, min: number, max: number): number | undefined => {
    if (value === undefined) return undefined;
    const n = Number(value);
    if (value.trim() === '' || !Number.isFinite(n) || n < min || n > max) throw new UsageError(`--${name} must be a number from ${min} to ${max}, got "${value}"`);
    return n;
  };
  const coverage = share('coverage-threshold', flags['coverage-threshold'], 0, 1);
  const vector = share('vector-threshold', flags['vector-threshold'], -1, 1);
  const weighting = flags['coverage-weighting'];
  if (weighting !== undefined && weighting !== 'plain' && weighting !== 'idf') throw new UsageError(`--coverage-weighting takes plain or idf, got "${weighting}"`);
  return {
    ...(coverage !== undefined ? { coverageThreshold: coverage } : {}),
    ...(vector !== undefined ? { vectorThreshold: vector } : {}),
    ...(weighting !== undefined ? { coverageWeighting: weighting } : {}),
  };
}

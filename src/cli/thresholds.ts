// The CLI's thresholds (issue 11 item 2): explicit flags (--coverage-threshold, --vector-threshold,
// --coverage-weighting) are the user's setting; okf-wiki.json's `thresholds` come next; contextFor applies the
// calibration and the defaults below them. okf-wiki.json is read in node/bundle-thresholds.ts, as the MCP server reads
// it.
import { FlagValueError, type Flags } from './args';
import type { ThresholdSettings } from '../node/bundle-thresholds';

/** The thresholds set explicitly on the command line. */
export function thresholdFlags(flags: Flags): ThresholdSettings {
  const share = (name: string, value: string | undefined, min: number, max: number): number | undefined => {
    if (value === undefined) return undefined;
    const n = Number(value);
    if (value.trim() === '' || !Number.isFinite(n) || n < min || n > max)
      throw new FlagValueError(name, value, `must be a number from ${min} to ${max}`);
    return n;
  };
  const coverage = share('coverage-threshold', flags['coverage-threshold'], 0, 1);
  const vector = share('vector-threshold', flags['vector-threshold'], -1, 1);
  const weighting = flags['coverage-weighting'];
  if (weighting !== undefined && weighting !== 'plain' && weighting !== 'idf')
    throw new FlagValueError('coverage-weighting', weighting, 'takes plain or idf');
  return {
    ...(coverage !== undefined ? { coverageThreshold: coverage } : {}),
    ...(vector !== undefined ? { vectorThreshold: vector } : {}),
    ...(weighting !== undefined ? { coverageWeighting: weighting } : {}),
  };
}

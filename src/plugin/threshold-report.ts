// The thresholds the plugin's answers use and where each comes from (setting > okf-wiki.json > calibration >
// default), worded for the settings tab, and okf-wiki.json's `thresholds` as the plugin reads them.
import { BUNDLE_CONFIG_PATH, parseBundleConfig } from '../core/config/bundle-config';
import type { VectorCalibration } from '../core/embed/calibrate';
import { defaultContextOptions } from '../core/retrieval/context-for';
import { resolveThresholds, type BundleThresholds } from '../core/retrieval/thresholds';
import { formatCount } from './format';
import type { OkfSettings } from './settings';

/** okf-wiki.json's `thresholds` ({} without the file or when it cannot be read). */
export async function readBundleThresholds(bundle: {
  readIfExists(path: string): Promise<string | undefined>;
}): Promise<BundleThresholds> {
  try {
    const text = await bundle.readIfExists(BUNDLE_CONFIG_PATH);
    return text === undefined ? {} : (parseBundleConfig(text).config.thresholds ?? {});
  } catch {
    return {};
  }
}

/** "vector gate 0.41 (calibrated for nomic-embed-text on 1,204 concepts)", and the same for coverage. */
export function thresholdReport(
  settings: OkfSettings,
  bundle: BundleThresholds,
  calibration: VectorCalibration | undefined,
): { coverage: string; vector: string } {
  const applied = resolveThresholds({
    setting: { coverage: settings.coverageThreshold ?? undefined, vector: settings.vectorThreshold ?? undefined },
    bundle,
    calibratedVector: calibration?.gate,
    defaults: { coverage: defaultContextOptions.coverageThreshold, vector: defaultContextOptions.vectorThreshold },
  });
  const from = (source: string) =>
    source === 'setting'
      ? 'this setting'
      : source === 'calibration' && calibration
        ? `calibrated for ${calibration.model} on ${formatCount(calibration.concepts)} concepts`
        : source;
  // No gate set, none calibrated: since QA3 Q4 the vectors are not used at all (the built-in 0.7 let uncalibrated
  // vectors answer off-topic questions), so the row must not say a gate of 0.7 is in force.
  const vector =
    applied.vector.source === 'default'
      ? 'no vector gate yet (vectors are used once the embedding pass has calibrated one)'
      : `vector gate ${applied.vector.value} (${from(applied.vector.source)})`;
  return { coverage: `coverage ${applied.coverage.value} (${from(applied.coverage.source)})`, vector };
}

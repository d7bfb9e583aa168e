// okf-wiki.json's `thresholds` as the Node shells read them (issue 11 item 2): the CLI and the MCP server take
// explicit settings first (flags, options), then these; contextFor applies the calibration and the defaults below.
import { BUNDLE_CONFIG_PATH, parseBundleConfig } from '../core/config/bundle-config';
import type { BundleThresholds } from '../core/retrieval/thresholds';
import type { FolderBundle, Notes } from './folder-bundle';

/** The bundle's okf-wiki.json `thresholds` ({} without the file); its problems about thresholds go to stderr. */
export async function bundleThresholds(bundle: FolderBundle, io: Notes): Promise<BundleThresholds> {
  if (!(await bundle.exists(BUNDLE_CONFIG_PATH))) return {};
  let text: string;
  try {
    text = await bundle.read(BUNDLE_CONFIG_PATH);
  } catch (error) {
    io.err(`note: could not read okf-wiki.json (${(error as Error).message}); using the default thresholds\n`);
    return {};
  }
  const { config, diagnostics } = parseBundleConfig(text);
  for (const d of diagnostics)
    if (d.severity === 'error' || /threshold/.test(d.code) || /thresholds/.test(d.message))
      io.err(`note: ${d.message}\n`);
  return config.thresholds ?? {};
}

/** Thresholds a user set explicitly (command-line flags, the MCP server's options). */
export interface ThresholdSettings {
  coverageThreshold?: number;
  vectorThreshold?: number;
  coverageWeighting?: 'plain' | 'idf';
}

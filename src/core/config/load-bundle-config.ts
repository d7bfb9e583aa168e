// Reading okf-wiki.json from a bundle, for everyone who needs its settings: lint, authoring (declared inverses),
// the MCP server and the plugin. Parsing and validation live in bundle-config.ts.
import type { BundleSource, Diagnostic } from '../types';
import { BUNDLE_CONFIG_PATH, DEFAULT_BUNDLE_CONFIG, parseBundleConfig, type BundleConfig } from './bundle-config';

/**
 * The inverse pairs okf-wiki.json declares, for retrieval (a fact is not repeated as its declared inverse): none
 * when the file is absent, unreadable or bad (lint reports those). Reads the one file, never lists the bundle.
 */
export async function declaredInverses(source: BundleSource): Promise<BundleConfig['inverses']> {
  let text: string;
  try {
    text = await source.read(BUNDLE_CONFIG_PATH);
  } catch {
    return [];
  }
  return parseBundleConfig(text).config.inverses;
}

/** Reads okf-wiki.json from the bundle: the defaults when it is absent, diagnostics when it is bad. */
export async function loadBundleConfig(
  source: BundleSource,
  files?: readonly string[],
): Promise<{ config: BundleConfig; diagnostics: Diagnostic[] }> {
  const listing = files ?? (await source.list());
  if (!listing.includes(BUNDLE_CONFIG_PATH)) return { config: DEFAULT_BUNDLE_CONFIG, diagnostics: [] };
  let text: string;
  try {
    text = await source.read(BUNDLE_CONFIG_PATH);
  } catch (error) {
    return {
      config: DEFAULT_BUNDLE_CONFIG,
      diagnostics: [
        {
          path: BUNDLE_CONFIG_PATH,
          severity: 'error',
          code: 'unreadable',
          message: `Could not read okf-wiki.json: ${(error as Error).message}`,
        },
      ],
    };
  }
  return parseBundleConfig(text);
}

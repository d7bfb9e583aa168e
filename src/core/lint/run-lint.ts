// Runs every lint check over an index (spec §7.3, §7.6, §7.7). Lint detects; it never rewrites a file.
// `runLint` is synchronous over an index plus the bundle's file list; `lintBundle` gathers both from a
// BundleSource (it reads okf-wiki.json too). The CLI and the plugin's lint view both call these.
import { DEFAULT_BUNDLE_CONFIG, DEFAULT_MULTI_VALUED, type BundleConfig } from '../config/bundle-config';
import { loadBundleConfig } from '../config/load-bundle-config';
import type { WikiIndex } from '../index/wiki-index';
import { todayOf, type BundleSource, type Clock, type Diagnostic, type Severity } from '../types';
import { LINT_CHECKS } from './checks';
import { loadLintContext } from './context';
import type { Finding, LintReport } from './types';

/** What `runLint` needs besides the index and the file list. */
export interface LintOptions {
  /** Today, for `stale`. */
  readonly clock: Clock;
  /** Declared inverse predicate pairs (okf-wiki.json `inverses`); default none. */
  readonly inverses?: BundleConfig['inverses'];
  /** Multi-valued predicates (okf-wiki.json `multiValued`); the defaults (`has_part`, …) are always included. */
  readonly multiValued?: BundleConfig['multiValued'];
  /** Extra synonym groups for `predicate-drift`. */
  readonly synonyms?: BundleConfig['synonyms'];
  /** Predicate groups never reported as drift. */
  readonly distinct?: BundleConfig['distinct'];
  /** Problems found reading okf-wiki.json, reported as `invalid-config`. */
  readonly configDiagnostics?: readonly Diagnostic[];
  /** Run only these check ids (default: all). */
  readonly checks?: readonly string[];
}

/**
 * Lints an index. `files` is every file of the bundle (`BundleSource.list()`): `references/` and prose links
 * to non-concept files (images, index.md) are checked against it. Findings are ordered by check (report
 * order), then path, then line, then value, then message.
 */
export function runLint(index: WikiIndex, files: readonly string[], options: LintOptions): LintReport {
  const config: BundleConfig = {
    inverses: options.inverses ?? DEFAULT_BUNDLE_CONFIG.inverses,
    multiValued: [...new Set([...DEFAULT_MULTI_VALUED, ...(options.multiValued ?? [])])].sort(),
    synonyms: options.synonyms ?? DEFAULT_BUNDLE_CONFIG.synonyms,
    distinct: options.distinct ?? DEFAULT_BUNDLE_CONFIG.distinct,
  };
  const context = loadLintContext(index, files, config, options.configDiagnostics ?? [], todayOf(options.clock));
  const selected =
    options.checks === undefined ? LINT_CHECKS : LINT_CHECKS.filter((c) => options.checks!.includes(c.id));
  const findings: Finding[] = [];
  for (const check of selected) findings.push(...check.run(context).sort(compareFindings));
  return { findings, counts: countBySeverity(findings) };
}

/** Lints a bundle: lists its files, reads okf-wiki.json when present, and runs every check over the index. */
export async function lintBundle(
  index: WikiIndex,
  source: BundleSource,
  options: { clock: Clock; checks?: readonly string[] },
): Promise<LintReport> {
  const files = await source.list();
  const { config, diagnostics } = await loadBundleConfig(source, files);
  return runLint(index, files, { ...options, ...config, configDiagnostics: diagnostics });
}

/** True when the report holds an error (the CLI exits 1). */
export function hasErrors(report: LintReport): boolean {
  return report.counts.error > 0;
}

function countBySeverity(findings: readonly Finding[]): Record<Severity, number> {
  const counts: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  for (const f of findings) counts[f.severity]++;
  return counts;
}

function compareFindings(a: Finding, b: Finding): number {
  return (
    cmp(a.path, b.path) ||
    (a.line ?? 0) - (b.line ?? 0) ||
    cmp(a.value ?? '', b.value ?? '') ||
    cmp(a.message, b.message)
  );
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

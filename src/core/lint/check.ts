// The shape of one lint check: an id, its severity, and a pure function from the lint context to findings.
import type { Severity } from '../types';
import type { LintContext } from './context';
import type { Finding } from './types';

/** One integrity check (spec §7.3, §7.6, §7.7). */
export interface LintCheck {
  /** Stable id, shown in reports and used to select checks (`orphan`, `broken-target`, …). */
  readonly id: string;
  /** The severity of its findings (checks that relay reader diagnostics keep each diagnostic's own). */
  readonly severity: Severity;
  /** One line saying what it finds, for report headings and the plugin view. */
  readonly title: string;
  readonly run: (context: LintContext) => Finding[];
}

/** Builds a finding, leaving out the optional fields that are not given. */
export function finding(
  check: LintCheck,
  path: string,
  message: string,
  extra: { value?: string; fix?: string; severity?: Severity; code?: string; line?: number } = {},
): Finding {
  return {
    check: check.id,
    severity: extra.severity ?? check.severity,
    path,
    ...(extra.value !== undefined ? { value: extra.value } : {}),
    message,
    ...(extra.fix !== undefined ? { fix: extra.fix } : {}),
    ...(extra.code !== undefined ? { code: extra.code } : {}),
    ...(extra.line !== undefined ? { line: extra.line } : {}),
  };
}

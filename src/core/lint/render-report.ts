// A lint report as text for people: findings grouped by check (in report order), each group headed by its
// counts per severity, each finding on one line with its fix below. Deterministic: no timings, no paths
// outside the bundle.
import type { Severity } from '../types';
import { escapeControls as shown } from '../okf/controls';
import { LINT_CHECKS } from './checks';
import type { Finding, LintReport } from './types';

const SEVERITIES: readonly Severity[] = ['error', 'warning', 'info'];

/** "2 errors, 1 warning, 3 info" (only the non-zero parts; "no findings" when all are zero). */
export function formatCounts(counts: Readonly<Record<Severity, number>>): string {
  const parts = SEVERITIES.filter((s) => counts[s] > 0).map(
    (s) => `${counts[s]} ${s === 'info' ? 'info' : counts[s] === 1 ? s : s + 's'}`,
  );
  return parts.length === 0 ? 'no findings' : parts.join(', ');
}

/** The report as text: a summary line, then one block per check that found something. */
export function renderLintReport(report: LintReport, summary: { concepts: number }): string {
  const lines = [
    `Lint: ${formatCounts(report.counts)} in ${summary.concepts} concept${summary.concepts === 1 ? '' : 's'}.`,
  ];
  const byCheck = new Map<string, Finding[]>();
  for (const f of report.findings) {
    const list = byCheck.get(f.check) ?? [];
    list.push(f);
    byCheck.set(f.check, list);
  }
  const titles = new Map(LINT_CHECKS.map((c) => [c.id, c.title]));
  for (const [check, findings] of byCheck) {
    const counts: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
    for (const f of findings) counts[f.severity]++;
    lines.push('', `${check} (${formatCounts(counts)}): ${titles.get(check) ?? ''}`.trimEnd());
    for (const f of findings) {
      // Paths, predicates and titles in a finding come from concept files: control characters escaped.
      const at = `${shown(f.path)}${f.line !== undefined ? `:${f.line}` : ''}`;
      lines.push(`  ${f.severity.padEnd(7)} ${at}  ${shown(f.message)}`);
      if (f.fix !== undefined) lines.push(`          fix: ${shown(f.fix)}`);
    }
  }
  return lines.join('\n') + '\n';
}

// The lint report the view shows. Until the core's lint (spec §7.3) is wired, the reader's diagnostics are
// the findings: one check per diagnostic code, with its severity, path, line and value.
import type { WikiIndex } from '../core/index/wiki-index';
import type { Finding, LintReport } from '../core/lint/types';

export function diagnosticsReport(index: WikiIndex): LintReport {
  const findings: Finding[] = index.diagnostics().map((d) => ({
    check: d.code,
    severity: d.severity,
    path: d.path,
    message: d.message,
    ...(d.value !== undefined ? { value: d.value } : {}),
  }));
  findings.sort((a, b) => (a.check < b.check ? -1 : a.check > b.check ? 1 : 0));
  const counts = { error: 0, warning: 0, info: 0 };
  for (const f of findings) counts[f.severity]++;
  return { findings, counts };
}

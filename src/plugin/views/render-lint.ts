// Draws a lint report: totals by severity, then one collapsible group per check with its count and the
// findings, each naming the file (a link that opens it), the line, the value and the fix.
import { LINT_CHECKS } from '../../core/lint/checks';
import type { Finding, LintReport } from '../../core/lint/types';
import type { Severity } from '../../core/types';
import { formatCount } from '../format';

export interface LintHandlers {
  openFile(bundlePath: string, evt: MouseEvent): void;
}

const SEVERITY_ORDER: readonly Severity[] = ['error', 'warning', 'info'];

/** Each check's one-line description, for the group headings. */
const CHECK_TITLES = new Map(LINT_CHECKS.map((c) => [c.id, c.title]));

export function renderLintReport(el: HTMLElement, report: LintReport, handlers: LintHandlers): void {
  el.empty();
  const summary = el.createDiv({ cls: 'okf-lint-summary' });
  for (const severity of SEVERITY_ORDER) {
    const n = report.counts[severity];
    summary.createSpan({ cls: `okf-severity okf-severity-${severity}`, text: `${formatCount(n)} ${label(severity, n)}` });
  }
  if (report.findings.length === 0) {
    el.createDiv({ cls: 'okf-lint-clean', text: 'No problems found.' });
    return;
  }
  for (const [check, findings] of groupByCheck(report.findings)) {
    const group = el.createEl('details', { cls: 'okf-lint-group', attr: { open: true, 'data-check': check } });
    const head = group.createEl('summary', { cls: 'okf-lint-group-head' });
    const worst = SEVERITY_ORDER.find((s) => findings.some((f) => f.severity === s)) ?? 'info';
    head.createSpan({ cls: `okf-severity okf-severity-${worst}`, text: worst });
    head.createSpan({ cls: 'okf-check-name', text: check });
    head.createSpan({ cls: 'okf-count', text: formatCount(findings.length) });
    const title = CHECK_TITLES.get(check);
    if (title) head.createSpan({ cls: 'okf-check-title', text: title });
    const list = group.createEl('ul', { cls: 'okf-findings' });
    for (const finding of findings) renderFinding(list, finding, handlers);
  }
}

function renderFinding(list: HTMLElement, f: Finding, handlers: LintHandlers): void {
  const li = list.createEl('li', { cls: `okf-finding okf-finding-${f.severity}` });
  const head = li.createDiv({ cls: 'okf-finding-head' });
  head.createSpan({ cls: `okf-severity okf-severity-${f.severity}`, text: f.severity });
  const a = head.createEl('a', { cls: 'okf-finding-path', text: f.line !== undefined ? `${f.path}:${f.line}` : f.path, attr: { href: '#', 'data-path': f.path } });
  if (f.code !== undefined && f.code !== f.check) head.createSpan({ cls: 'okf-finding-code', text: f.code });
  a.addEventListener('click', (evt) => {
    evt.preventDefault();
    handlers.openFile(f.path, evt);
  });
  li.createDiv({ cls: 'okf-finding-message', text: f.message });
  if (f.value !== undefined) li.createDiv({ cls: 'okf-finding-value', text: f.value });
  if (f.fix !== undefined) li.createDiv({ cls: 'okf-finding-fix', text: `Fix: ${f.fix}` });
}

/** Findings by check, in report order. */
function groupByCheck(findings: readonly Finding[]): Map<string, Finding[]> {
  const groups = new Map<string, Finding[]>();
  for (const f of findings) {
    const list = groups.get(f.check) ?? [];
    list.push(f);
    groups.set(f.check, list);
  }
  return groups;
}

function label(severity: Severity, n: number): string {
  if (severity === 'info') return 'info';
  return n === 1 ? severity : `${severity}s`;
}

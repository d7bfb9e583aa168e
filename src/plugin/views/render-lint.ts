// Draws a lint report: totals by severity, then one collapsible group per check with its count and the
// findings, each naming the file (a link that opens it), the line, the value and the fix.
import { LINT_CHECKS } from '../../core/lint/checks';
import type { Finding, LintReport } from '../../core/lint/types';
import type { Severity } from '../../core/types';
import { formatCount } from '../format';

export interface LintHandlers {
  openFile(bundlePath: string, evt: MouseEvent, line?: number): void;
}

const SEVERITY_ORDER: readonly Severity[] = ['error', 'warning', 'info'];

/** Each check's one-line description, for the group headings. */
const CHECK_TITLES = new Map(LINT_CHECKS.map((c) => [c.id, c.title]));

export function renderLintReport(el: HTMLElement, report: LintReport, handlers: LintHandlers): void {
  el.empty();
  const summary = el.createDiv({ cls: 'okf-lint-summary' });
  for (const severity of SEVERITY_ORDER) {
    const n = report.counts[severity];
    summary.createSpan({
      cls: `okf-severity okf-severity-${severity}`,
      text: `${formatCount(n)} ${label(severity, n)}`,
    });
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
  const shown = displayPath(f.path);
  const a = head.createEl('a', {
    cls: 'okf-finding-path',
    text: f.line !== undefined ? `${shown}:${f.line}` : shown,
    attr: { href: '#', 'data-path': f.path },
  });
  if (f.code !== undefined && f.code !== f.check) head.createSpan({ cls: 'okf-finding-code', text: f.code });
  a.addEventListener('click', (evt) => {
    evt.preventDefault();
    handlers.openFile(f.path, evt, f.line);
  });
  withCode(li.createDiv({ cls: 'okf-finding-message' }), f.message);
  if (f.value !== undefined) li.createDiv({ cls: 'okf-finding-value', text: f.value });
  if (f.fix !== undefined) withCode(li.createDiv({ cls: 'okf-finding-fix' }), `Fix: ${f.fix}`);
}

/** A bundle path as the vault's file list shows it: no leading `/`. */
export function displayPath(bundlePath: string): string {
  return bundlePath.replace(/^\/+/, '');
}

/**
 * Writes text whose `backticked` parts (the core's messages are written for a terminal and Markdown) become
 * code elements; an unpaired backtick stays as it is. Text only, never HTML.
 */
export function withCode(el: HTMLElement, text: string): void {
  const parts = text.split('`');
  if (parts.length % 2 === 0) {
    el.setText(text);
    return;
  }
  parts.forEach((part, i) => {
    if (part === '') return;
    if (i % 2 === 1) el.createEl('code', { text: part });
    else el.appendText(part);
  });
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

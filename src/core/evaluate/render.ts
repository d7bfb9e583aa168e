// Plain-text rendering of an evaluation, its baseline comparison and a threshold sweep: what the CLI prints and
// what the plugin's evaluation view can show verbatim. Pure and deterministic (no times, no colours).
import { pct } from './baseline';
import { RATE_METRICS } from './metrics';
import type { BaselineComparison, EvaluationMetrics, EvaluationReport, SweepPoint, SweepReport } from './types';

/** The per-question table, the metrics (beside the baseline's when there is one) and the verdict. */
export function renderReport(
  report: EvaluationReport,
  comparison?: BaselineComparison,
  baselineMetrics?: EvaluationMetrics,
  lexical?: EvaluationReport,
): string {
  const { configuration: c, metrics: m, results } = report;
  const lines: string[] = [];
  const signals =
    c.signals === 'lexical'
      ? `lexical (exact title, BM25)${c.vectorOff ? `; ${vectorOffPart(c.vectorOff)}` : ''}`
      : `${c.signals} + lexical`;
  lines.push(
    `Retrieval evaluation: ${m.questions} questions (${m.inBundle} in ` +
      `bundle, ${m.outOfBundle} out of bundle), judged at ${c.today}`,
  );
  lines.push(`Signals: ${signals}${c.disabledSignals.length > 0 ? `; DISABLED: ${c.disabledSignals.join(', ')}` : ''}`);
  const from = (source: string | undefined) => (source ? ` (${source})` : '');
  lines.push(
    `Thresholds: coverage ` +
      `> ${c.coverageThreshold}${from(c.coverageThresholdSource)}, vector ` +
      `>= ${c.vectorThreshold}${from(c.vectorThresholdSource)}`,
  );
  lines.push('');
  const idWidth = Math.min(36, Math.max(8, ...results.map((r) => r.id.length)));
  lines.push(`  ${'#'.padStart(3)}  ${'result'.padEnd(6)}  ${'id'.padEnd(idWidth)}  ${'intent'.padEnd(10)}  top seed`);
  results.forEach((r, i) => {
    const top = r.confident ? (r.seeds[0] ?? '-') : 'no confident match';
    lines.push(
      `  ${String(i + 1).padStart(3)} ` +
        ` ${(r.passed ? 'pass' : 'FAIL').padEnd(6)} ` +
        ` ${clip(r.id, idWidth).padEnd(idWidth)}  ${r.intent.padEnd(10)}  ${top}`,
    );
    if (!r.passed) {
      lines.push(`         ${r.question}`);
      for (const reason of r.reasons) lines.push(`         - ${reason}`);
    }
  });
  lines.push('');
  lines.push(`Passed ${m.passed}/${m.questions}`);
  lines.push(renderMetrics(m, baselineMetrics));
  if (report.sections.length > 1 || lexical) lines.push('', renderSections(report, lexical));
  if (comparison) lines.push('', renderComparison(comparison, c.signals));
  return lines.join('\n') + '\n';
}

/** The metrics block, with the baseline's values in a second column when given. */
export function renderMetrics(m: EvaluationMetrics, baseline?: EvaluationMetrics): string {
  const rows: [string, string, string][] = RATE_METRICS.map(([key, name]) => [
    name,
    pct(m[key]),
    baseline ? pct(baseline[key]) : '',
  ]);
  rows.push(['superseded leaks', String(m.supersededLeaks), baseline ? String(baseline.supersededLeaks) : '']);
  const lines = [baseline ? `${'Metrics'.padEnd(24)}${'now'.padStart(7)}${'baseline'.padStart(11)}` : 'Metrics'];
  for (const [name, now, base] of rows)
    lines.push(`  ${name.padEnd(22)}${now.padStart(7)}${base ? base.padStart(11) : ''}`);
  return lines.join('\n');
}

/**
 * Metrics per section. With `lexical` (the same set run with the vector signal off), each cell shows
 * lexical → hybrid, so what the vector signal adds or costs is read per kind of question.
 */
export function renderSections(report: EvaluationReport, lexical?: EvaluationReport): string {
  const columns = [
    ['hitAt1', 'hit@1'],
    ['hitAt3', 'hit@3'],
    ['abstentionPrecision', 'abst. prec.'],
    ['abstentionRecall', 'abst. recall'],
  ] as const;
  const width = lexical ? 16 : 14;
  const nameWidth = Math.max(8, ...report.sections.map((s) => s.section.length)) + 2;
  const short = (v: number | null) => (v === null ? '-' : `${Math.round(v * 1000) / 10}`);
  const lines = [lexical ? 'Per section, lexical -> hybrid (%):' : 'Per section (%):'];
  lines.push(
    `  ${'section'.padEnd(nameWidth)}${'n'.padStart(4)}${columns.map(([, name]) => name.padStart(width)).join('')}`,
  );
  for (const s of report.sections) {
    const before = lexical?.sections.find((l) => l.section === s.section)?.metrics;
    // Abstention rates mean something only in a section that holds out-of-bundle questions.
    const shown = (m: EvaluationMetrics | undefined, key: (typeof columns)[number][0]) =>
      m === undefined ? '' : key.startsWith('abstention') && m.outOfBundle === 0 ? '-' : short(m[key]);
    const cells = columns.map(([key]) => {
      const now = shown(s.metrics, key);
      return (before ? `${shown(before, key)} -> ${now}` : now).padStart(width);
    });
    lines.push(`  ${s.section.padEnd(nameWidth)}${String(s.metrics.questions).padStart(4)}${cells.join('')}`);
  }
  return lines.join('\n');
}

/** One line per regression (or a clean bill), then improvements. */
export function renderComparison(comparison: BaselineComparison, signals: string): string {
  if (comparison.missing) return `No baseline for "${signals}" yet.`;
  const lines: string[] = [];
  if (comparison.note) lines.push(`Note: ${comparison.note}`);
  if (comparison.regressions.length === 0) lines.push(`No regression against the baseline (${signals}).`);
  else {
    lines.push(`REGRESSION against the baseline (${signals}):`);
    for (const r of comparison.regressions)
      lines.push(`  - ${r.kind === 'metric' ? r.name : `question ${r.name}`}: ${r.baseline} -> ${r.now}`);
  }
  if (comparison.improvements.length > 0) {
    lines.push('Better than the baseline (record it with --update-baseline):');
    for (const r of comparison.improvements)
      lines.push(`  + ${r.kind === 'metric' ? r.name : `question ${r.name}`}: ${r.baseline} -> ${r.now}`);
  }
  return lines.join('\n');
}

/** The sweep grid: a list without the vector signal, a coverage × vector matrix with it; then the best setting. */
export function renderSweep(sweep: SweepReport): string {
  const lines: string[] = [];
  const vectorOn = sweep.points.some((p) => p.vectorThreshold !== null);
  lines.push(`Threshold sweep (${sweep.signals}${sweep.vectorOff ? `; ${vectorOffPart(sweep.vectorOff)}` : ''})`);
  if (sweep.tunedOn) {
    const t = sweep.tunedOn;
    lines.push(
      `Tuning split: ` +
        `section${t.sections.length > 1 ? 's' : ''} ${t.sections.join(', ')} ` +
        `(${t.questions} ` +
        `of ${t.questions === t.ofQuestions ? 'the' : t.ofQuestions} ` +
        `questions); measure the best point on the others with a plain ` +
        `evaluate.`,
    );
  }
  lines.push(
    'In-bundle hit@1 / out-of-bundle abstention, per setting (a BM25 match is confident when coverage > threshold).',
  );
  lines.push('');
  if (!vectorOn) {
    lines.push(
      `  ${'coverage'.padEnd(9)} ${'hit@1'.padStart(7)} ${'abstain'.padStart(8)} ` +
        `${'answered'.padStart(9)} ${'separation'.padStart(11)}`,
    );
    for (const p of sweep.points) {
      lines.push(
        `  ${`> ${p.coverageThreshold}`.padEnd(9)} ${pct(p.inBundleHitAt1).padStart(7)} ` +
          `${pct(p.outOfBundleAbstention).padStart(8)} ${pct(p.inBundleAnswered).padStart(9)} ` +
          `${p.separation.toFixed(3).padStart(11)}`,
      );
    }
  } else {
    const vectors = [...new Set(sweep.points.map((p) => p.vectorThreshold as number))];
    const coverages = [...new Set(sweep.points.map((p) => p.coverageThreshold))];
    lines.push(`  ${'cov \\ vec'.padEnd(9)}${vectors.map((v) => `>=${v.toFixed(2)}`.padStart(9)).join('')}`);
    for (const c of coverages) {
      const cells = vectors.map((v) => {
        const p = sweep.points.find((q) => q.coverageThreshold === c && q.vectorThreshold === v)!;
        return cell(p).padStart(9);
      });
      lines.push(`  ${`> ${c}`.padEnd(9)}${cells.join('')}`);
    }
    lines.push('  (each cell: hit@1/abstention, in %)');
  }
  lines.push('');
  lines.push(`Current: ${describePoint(sweep.current)}`);
  lines.push(`Best:    ${describePoint(sweep.best)}`);
  return lines.join('\n') + '\n';
}

function cell(p: SweepPoint): string {
  const n = (v: number | null) => (v === null ? '-' : String(Math.round(v * 100)));
  return `${n(p.inBundleHitAt1)}/${n(p.outOfBundleAbstention)}`;
}

function describePoint(p: SweepPoint): string {
  const vector = p.vectorThreshold === null ? '' : `, vector >= ${p.vectorThreshold}`;
  return (
    `coverage > ${p.coverageThreshold}${vector}: in-bundle ` +
    `hit@1 ${pct(p.inBundleHitAt1)}, out-of-bundle ` +
    `abstention ${pct(p.outOfBundleAbstention)}, in-bundle ` +
    `answered ${pct(p.inBundleAnswered)} ` +
    `(separation ${p.separation.toFixed(3)})`
  );
}

function clip(text: string, width: number): string {
  return text.length <= width ? text : text.slice(0, width - 1) + '…';
}

/**
 * Why vectors were off, after the lexical signals' names: a reason that names the signal needs no "vector off:" and
 * no "lexical signals only" ("the vector signal is turned off", not "vector off: the vector signal is turned off: …").
 */
function vectorOffPart(reason: string): string {
  return /^the vector signal/i.test(reason) ? reason.replace(/: lexical signals only$/, '') : `vector off: ${reason}`;
}

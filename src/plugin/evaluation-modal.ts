// "Run retrieval evaluation": the same report the CLI prints (spec §7.5), shown in a modal, with a notice
// giving the verdict. A missing or invalid evaluate.json is explained, not thrown.
import { Modal, Notice, type App } from 'obsidian';
import type { EvaluateFileOutcome } from '../core/evaluate/evaluate-set-file';
import { renderReport } from '../core/evaluate/render';

class TextReportModal extends Modal {
  constructor(
    app: App,
    private readonly heading: string,
    private readonly text: string,
  ) {
    super(app);
  }

  override onOpen(): void {
    this.setTitle(this.heading);
    this.modalEl.addClass('okf-report-modal');
    this.contentEl.createEl('pre', { cls: 'okf-report-text', text: this.text });
  }

  override onClose(): void {
    this.contentEl.empty();
  }
}

/** Shows an evaluation outcome. */
export function showEvaluation(app: App, outcome: EvaluateFileOutcome): void {
  switch (outcome.kind) {
    case 'missing':
      new Notice(
        `OKF Graph Wiki: no ${outcome.setPath.replace(/^\//, '')} in the ` +
          `bundle. Add a labeled question set to evaluate retrieval (see the ` +
          `demo bundle's evaluate.json).`,
      );
      return;
    case 'invalid':
      new TextReportModal(
        app,
        'Evaluation set has problems',
        outcome.problems.map((p) => `${p.where}: ${p.message}`).join('\n'),
      ).open();
      return;
    case 'evaluated': {
      const { report, comparison } = outcome;
      const verdict = comparison.missing
        ? 'baseline recorded'
        : comparison.regressions.length === 0
          ? 'no regression'
          : `${comparison.regressions.length} regression${comparison.regressions.length === 1 ? '' : 's'}`;
      new Notice(`Retrieval evaluation: ${report.metrics.passed}/${report.metrics.questions} passed, ${verdict}.`);
      new TextReportModal(
        app,
        'Retrieval evaluation',
        renderReport(report, comparison, outcome.baselineMetrics),
      ).open();
    }
  }
}

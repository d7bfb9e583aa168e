// The lint report view: findings grouped by check, a re-run button, and a refresh shortly after the index
// changes (a burst of saves refreshes it once).
import { ItemView, type WorkspaceLeaf } from 'obsidian';
import type { LintReport } from '../../core/lint/types';
import { renderLintReport } from './render-lint';

export const LINT_VIEW_TYPE = 'okf-graph-wiki-lint';

/** How long after an index change the report is recomputed. */
const REFRESH_DELAY_MS = 1000;

export interface LintHost {
  lint(): Promise<LintReport>;
  /** Opens a file, at its 1-based `line` when the finding has one. */
  openFile(bundlePath: string, evt: MouseEvent, line?: number): void;
  /** Calls `listener` after each change of the indexed content; returns the unsubscribe. */
  onIndexChange(listener: () => void): () => void;
}

export class LintView extends ItemView {
  private bodyEl!: HTMLElement;
  private statusEl!: HTMLElement;
  private report: LintReport | undefined;
  private refreshTimer: number | undefined;
  private running: Promise<void> | null = null;
  private rerunWanted = false;

  constructor(
    leaf: WorkspaceLeaf,
    private readonly host: LintHost,
  ) {
    super(leaf);
  }

  getViewType(): string {
    return LINT_VIEW_TYPE;
  }

  getDisplayText(): string {
    return 'OKF lint report';
  }

  override getIcon(): string {
    return 'list-checks';
  }

  /** The last report shown. */
  get currentReport(): LintReport | undefined {
    return this.report;
  }

  protected override async onOpen(): Promise<void> {
    const root = this.contentEl;
    root.empty();
    root.addClass('okf-lint-view');
    const bar = root.createDiv({ cls: 'okf-lint-toolbar' });
    bar
      .createEl('button', { cls: 'okf-lint-rerun', text: 'Re-run lint' })
      .addEventListener('click', () => void this.refresh());
    this.statusEl = bar.createSpan({ cls: 'okf-lint-status' });
    this.bodyEl = root.createDiv({ cls: 'okf-lint-body' });
    this.register(
      this.host.onIndexChange(() => {
        if (this.refreshTimer !== undefined) window.clearTimeout(this.refreshTimer);
        this.refreshTimer = window.setTimeout(() => void this.refresh(), REFRESH_DELAY_MS);
      }),
    );
    this.register(() => window.clearTimeout(this.refreshTimer));
    await this.refresh();
  }

  /** Recomputes and redraws the report; a request during a run is honoured once it ends. */
  refresh(): Promise<void> {
    if (this.running) {
      this.rerunWanted = true;
      return this.running;
    }
    this.running = this.runOnce().finally(() => {
      this.running = null;
      if (this.rerunWanted) {
        this.rerunWanted = false;
        void this.refresh();
      }
    });
    return this.running;
  }

  private async runOnce(): Promise<void> {
    this.statusEl.setText('Running…');
    try {
      const report = await this.host.lint();
      this.report = report;
      renderLintReport(this.bodyEl, report, { openFile: (path, evt, line) => this.host.openFile(path, evt, line) });
      this.statusEl.setText(
        `${report.findings.length === 1 ? '1 finding' : `${report.findings.length} findings`} ` +
          `· ${new Date().toLocaleTimeString('en-GB')}`,
      );
    } catch (error) {
      this.bodyEl.empty();
      this.bodyEl.createDiv({ cls: 'okf-error', text: (error as Error).message });
      this.statusEl.setText('');
    }
  }
}

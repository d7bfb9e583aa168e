// Showing a plan before it writes anything: a refusal or "nothing to change" as a notice; a change in a modal
// with the summary, the notes and each file's diff (or a new page's text) as plain text in <pre>, and Apply /
// Cancel. Apply commits the plan and says what happened: written, or not written because a file changed since
// the preview, or a write failed.
import { Modal, Notice, Setting, type App } from 'obsidian';
import { withoutCliFlags } from '../plain-words';
import type { AuthorPlan, ChangePlan } from '../../core/author/types';
import type { AuthoringSession } from './session';

const PREFIX = 'OKF Graph Wiki: ';

export interface PreviewOptions {
  /** The modal title ("Add relation (both directions)"). */
  readonly heading: string;
  /** Show a created file's full text instead of its diff (file-back). */
  readonly showNewFileText?: boolean;
  /** After a successful commit (close the form, open the new page). */
  readonly onCommitted?: (plan: ChangePlan) => void | Promise<void>;
}

/** A preview that could not be made (a file unreadable, the index closed): said in a notice, never thrown away. */
export function previewFailed(error: unknown): void {
  new Notice(
    `${PREFIX}could not prepare the ` +
      `preview: ${withoutCliFlags(error instanceof Error ? error.message : String(error))}`,
    10_000,
  );
}

/** Shows the plan: a notice for `refused` / `unchanged`, the preview modal for a change. True when a preview opened. */
export function previewPlan(session: AuthoringSession, plan: AuthorPlan, options: PreviewOptions): boolean {
  if (plan.kind === 'refused') {
    new Notice(`${PREFIX}refused, nothing was changed: ${withoutCliFlags(plan.message)}`, 10_000);
    return false;
  }
  if (plan.kind === 'unchanged') {
    new Notice(`${PREFIX}nothing to change. ${plan.summary}`);
    return false;
  }
  new PlanPreviewModal(session.app, plan, options, () => applyPlan(session, plan, options)).open();
  return true;
}

/** Commits a previewed plan and reports the outcome in a notice. True when written. */
export async function applyPlan(
  session: AuthoringSession,
  plan: ChangePlan,
  options: PreviewOptions,
): Promise<boolean> {
  try {
    const outcome = await session.commit(plan);
    if (outcome.kind === 'conflict') {
      new Notice(`${PREFIX}not written: ${outcome.message}`, 10_000);
      return false;
    }
    if (outcome.kind === 'failed') {
      new Notice(`${PREFIX}not written: ${outcome.message}`, 10_000);
      return false;
    }
    new Notice(`${PREFIX}${plan.summary} Updated the index and the generated files; logged in log.md.`);
    await options.onCommitted?.(plan);
    return true;
  } catch (error) {
    new Notice(`${PREFIX}${plan.operation} stopped: ${(error as Error).message}`, 10_000);
    return false;
  }
}

export class PlanPreviewModal extends Modal {
  private busy = false;

  constructor(
    app: App,
    private readonly plan: ChangePlan,
    private readonly options: PreviewOptions,
    private readonly apply: () => Promise<boolean>,
  ) {
    super(app);
  }

  override onOpen(): void {
    this.setTitle(this.options.heading);
    this.modalEl.addClass('okf-plan-modal');
    const el = this.contentEl;
    el.createEl('p', { cls: 'okf-plan-summary', text: this.plan.summary });
    if (this.plan.notes.length > 0) {
      const notes = el.createEl('ul', { cls: 'okf-plan-notes' });
      for (const note of this.plan.notes) notes.createEl('li', { cls: 'okf-plan-note', text: note });
    }
    for (const change of this.plan.changes) {
      const file = el.createDiv({ cls: 'okf-plan-file' });
      file.createDiv({
        cls: 'okf-plan-path',
        text: change.before === null ? `${change.path.slice(1)} (new page)` : change.path.slice(1),
      });
      const showText = change.before === null && this.options.showNewFileText === true;
      file.createEl('pre', {
        cls: showText ? 'okf-plan-text' : 'okf-plan-diff',
        text: showText ? change.after : change.diff,
      });
    }
    new Setting(el)
      .setClass('okf-plan-buttons')
      .addButton((b) =>
        b
          .setButtonText('Cancel')
          .setClass('okf-plan-cancel')
          .onClick(() => this.close()),
      )
      .addButton((b) =>
        b
          .setButtonText('Apply')
          .setCta()
          .setClass('okf-plan-apply')
          .onClick(async () => {
            if (this.busy) return;
            this.busy = true;
            b.setDisabled(true);
            try {
              await this.apply();
            } finally {
              this.close();
            }
          }),
      );
  }

  override onClose(): void {
    this.contentEl.empty();
  }
}

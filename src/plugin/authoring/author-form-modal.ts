// What every authoring dialog (relate, supersede, file back) shares: its heading, its form, a Preview button, and
// one preview at a time whose failure is told in a notice. plan-preview.ts then shows the plan and applies it.
import { Modal, Setting } from 'obsidian';
import { previewFailed } from './plan-preview';

export abstract class AuthorFormModal extends Modal {
  private busy = false;

  /** The dialog's title. */
  protected abstract readonly heading: string;

  /** Adds the dialog's fields to `el` (the Preview button follows them). */
  protected abstract buildForm(el: HTMLElement): void;

  /** Checks the form, plans the edit and shows its preview; a thrown error is told in a notice. */
  protected abstract showPreview(): Promise<void>;

  override onOpen(): void {
    this.setTitle(this.heading);
    this.modalEl.addClass('okf-author-modal');
    this.buildForm(this.contentEl);
    new Setting(this.contentEl).addButton((b) =>
      b
        .setButtonText('Preview')
        .setCta()
        .setClass('okf-author-preview')
        .onClick(() => void this.preview()),
    );
  }

  override onClose(): void {
    this.contentEl.empty();
  }

  /** Runs showPreview unless one is already running (a double click plans once). */
  private async preview(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      await this.showPreview();
    } catch (error) {
      previewFailed(error);
    } finally {
      this.busy = false;
    }
  }
}

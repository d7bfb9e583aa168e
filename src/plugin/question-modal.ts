// "Copy context for question…": a modal with one question field; Enter or the button submits it.
import { Modal, Setting, type App } from 'obsidian';

export class QuestionModal extends Modal {
  private question = '';

  constructor(
    app: App,
    private readonly onSubmit: (question: string) => void,
  ) {
    super(app);
  }

  override onOpen(): void {
    this.setTitle('Copy context for a question');
    const form = this.contentEl.createEl('form', { cls: 'okf-question-form' });
    const input = form.createEl('input', {
      cls: 'okf-question',
      type: 'text',
      placeholder: 'Why did Bell Labs split from AT&T?',
      attr: { 'aria-label': 'Question' },
    });
    input.addEventListener('input', () => (this.question = input.value));
    new Setting(form).addButton((b) =>
      b
        .setButtonText('Copy context')
        .setCta()
        .onClick(() => this.submit()),
    );
    form.addEventListener('submit', (evt) => {
      evt.preventDefault();
      this.submit();
    });
    window.setTimeout(() => input.focus(), 0);
  }

  override onClose(): void {
    this.contentEl.empty();
  }

  private submit(): void {
    const q = this.question.trim();
    if (q === '') return;
    this.close();
    this.onSubmit(q);
  }
}

// "File selection back as concept page…" (spec §7.2, from Obsidian): the editor's selection is the body; a title
// (required), a type (Concept by default) and a description; Preview shows the new page's text; Apply creates it
// (never over an existing page) and opens it.
import { Notice, Setting, type App } from 'obsidian';
import { planFileBack } from '../../core/author/file-back';
import type { AuthorPlan } from '../../core/author/types';
import { inConceptFolders } from '../bundle-scope';
import { openBundleFile } from '../workspace-actions';
import { AuthorFormModal } from './author-form-modal';
import { previewPlan } from './plan-preview';
import type { AuthoringSession } from './session';

export const FILE_BACK_HEADING = 'File selection back as a concept page';

export class FileBackModal extends AuthorFormModal {
  protected readonly heading = FILE_BACK_HEADING;
  private title = '';
  private type = 'Concept';
  private description = '';

  constructor(
    app: App,
    private readonly session: AuthoringSession,
    private readonly body: string,
  ) {
    super(app);
  }

  protected buildForm(el: HTMLElement): void {
    new Setting(el)
      .setName('Title')
      .setDesc('Required; also names the file.')
      .addText((t) => {
        t.inputEl.addClass('okf-file-back-title');
        t.setPlaceholder('Why the transistor replaced the vacuum tube').onChange((v) => (this.title = v));
        window.setTimeout(() => t.inputEl.focus(), 0);
      });
    new Setting(el)
      .setName('Type')
      .setDesc(
        'OKF type; Person, Organization, Product, Place, Country and Entity ' +
          'pages go to entities/, others to concepts/.',
      )
      .addText((t) => {
        t.inputEl.addClass('okf-file-back-type');
        t.setValue(this.type).onChange((v) => (this.type = v));
      });
    new Setting(el)
      .setName('Description')
      .setDesc('Optional one-line summary.')
      .addText((t) => {
        t.inputEl.addClass('okf-file-back-description');
        t.onChange((v) => (this.description = v));
      });
    const chars = this.body.length;
    el.createDiv({
      cls: 'okf-file-back-body-note',
      text: `Body: the selected text (${chars} character${chars === 1 ? '' : 's'}).`,
    });
  }

  protected async showPreview(): Promise<void> {
    if (this.title.trim() === '') {
      new Notice('OKF Graph Wiki: the page needs a title.');
      return;
    }
    const plan = await this.plan();
    previewPlan(this.session, plan, {
      heading: FILE_BACK_HEADING,
      showNewFileText: true,
      onCommitted: async (committed) => {
        this.close();
        const created = committed.changes.find((c) => c.before === null);
        if (created) await openBundleFile(this.app, this.session.service.scope, created.path);
      },
    });
  }

  /** The plan; when concept folders are configured and the default folder is not one of them, the first one. */
  private async plan(): Promise<AuthorPlan> {
    const bundle = this.session.bundle();
    const request = {
      title: this.title,
      body: this.body,
      by: this.session.actor,
      type: this.type.trim() === '' ? 'Concept' : this.type,
      ...(this.description.trim() !== '' ? { description: this.description } : {}),
    };
    const plan = await planFileBack(bundle, request, this.session.clock);
    const scope = this.session.service.scope;
    if (
      plan.kind !== 'change' ||
      scope.conceptFolders.length === 0 ||
      plan.changes.every((c) => inConceptFolders(scope, c.path))
    )
      return plan;
    return planFileBack(bundle, { ...request, folder: `/${scope.conceptFolders[0]}` }, this.session.clock);
  }
}

// "Supersede this concept with…" (spec §7.7, from Obsidian): the active note is OLD; NEW is chosen with the
// fuzzy concept picker; an optional date; Preview shows both files' diffs; Apply writes both or neither.
import { Setting, type App } from 'obsidian';
import { planSupersede } from '../../core/author/supersede';
import { ConceptPicker, describeConcept } from './concept-picker';
import { AuthorFormModal } from './author-form-modal';
import { previewPlan } from './plan-preview';
import type { AuthoringSession, ConceptChoice } from './session';

export const SUPERSEDE_HEADING = 'Supersede a concept';

/** Picks NEW for the concept at `oldPath`, then asks for the date and previews. */
export async function startSupersede(session: AuthoringSession, oldPath: string): Promise<void> {
  const concepts = await session.concepts();
  const old = concepts.find((c) => c.path === oldPath) ?? { path: oldPath, title: oldPath.slice(1), type: '' };
  const candidates = concepts.filter((c) => c.path !== oldPath);
  new ConceptPicker(session.app, candidates, `Concept that replaces ${old.title}…`, (successor) =>
    new SupersedeModal(session.app, session, old, successor).open(),
  ).open();
}

export class SupersedeModal extends AuthorFormModal {
  protected readonly heading = SUPERSEDE_HEADING;
  private at = '';

  constructor(
    app: App,
    private readonly session: AuthoringSession,
    private readonly old: ConceptChoice,
    private readonly successor: ConceptChoice,
  ) {
    super(app);
  }

  protected buildForm(el: HTMLElement): void {
    new Setting(el).setName('Old').setDesc(describeConcept(this.old)).settingEl.addClass('okf-supersede-old');
    new Setting(el)
      .setName('Replaced by')
      .setDesc(describeConcept(this.successor))
      .settingEl.addClass('okf-supersede-new');
    new Setting(el)
      .setName('Date')
      .setDesc(
        'Optional date the old concept stopped being current ' +
          "(superseded_at); without it readers use the new concept's generated date.",
      )
      .addText((t) => {
        t.inputEl.addClass('okf-supersede-date');
        t.setPlaceholder('YYYY-MM-DD').onChange((v) => (this.at = v));
      });
  }

  protected async showPreview(): Promise<void> {
    const at = this.at.trim();
    const plan = await planSupersede(this.session.bundle(), {
      old: this.old.path,
      new: this.successor.path,
      ...(at !== '' ? { at } : {}),
    });
    previewPlan(this.session, plan, { heading: SUPERSEDE_HEADING, onCommitted: () => this.close() });
  }
}

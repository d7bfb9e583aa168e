// "Add relation (both directions)…" (spec §7.1's hard rule, from Obsidian): subject and object chosen with the
// fuzzy concept picker, the predicate typed with the bundle's vocabulary as suggestions, the inverse pre-filled
// from okf-wiki.json's declared pairs (else the one observed in the bundle), optional date and source id. Preview
// shows the diff of both files; Apply writes both or neither.
import { Notice, Setting, type App, type TextComponent } from 'obsidian';
import { planRelate, resolveInverse } from '../../core/author/relate';
import { collectVocabulary, type PredicateUsage } from '../../core/author/vocabulary';
import type { BundleConfig } from '../../core/config/bundle-config';
import { ConceptPicker, describeConcept } from './concept-picker';
import { AuthorFormModal } from './author-form-modal';
import { previewPlan } from './plan-preview';
import type { AuthoringSession, ConceptChoice } from './session';

export const RELATE_HEADING = 'Add relation (both directions)';

let datalistCounter = 0;

export class RelateModal extends AuthorFormModal {
  protected readonly heading = RELATE_HEADING;
  private subject: ConceptChoice | undefined;
  private object: ConceptChoice | undefined;
  private predicate = '';
  private inverse = '';
  /** Once the person types an inverse, a new predicate no longer replaces it. */
  private inverseTyped = false;
  private date = '';
  private source = '';
  private inverseInput: TextComponent | undefined;
  private inverseHint: HTMLElement | undefined;

  constructor(
    app: App,
    private readonly session: AuthoringSession,
    private readonly concepts: readonly ConceptChoice[],
    private readonly vocabulary: readonly PredicateUsage[],
    private readonly config: BundleConfig,
    subjectPath: string | null,
  ) {
    super(app);
    this.subject = concepts.find((c) => c.path === subjectPath);
  }

  /** Opens the dialog with the index's concepts and the bundle's vocabulary; the active concept is the subject. */
  static async open(session: AuthoringSession, subjectPath: string | null): Promise<RelateModal> {
    const [records, config] = await Promise.all([session.records(), session.config()]);
    const concepts = records.map((r) => ({ path: r.path, title: r.title, type: r.type }));
    const modal = new RelateModal(
      session.app,
      session,
      concepts,
      collectVocabulary(records, config),
      config,
      subjectPath,
    );
    modal.open();
    return modal;
  }

  protected buildForm(el: HTMLElement): void {
    this.conceptRow(
      el,
      'Subject',
      'okf-relate-subject',
      () => this.subject,
      (c) => (this.subject = c),
    );

    const listId = `okf-predicates-${++datalistCounter}`;
    const datalist = el.createEl('datalist', { attr: { id: listId } });
    for (const usage of this.vocabulary) {
      const inverse = usage.inverses.length > 0 ? `, inverse ${usage.inverses.join(' or ')}` : '';
      datalist.createEl('option', {
        value: usage.predicate,
        attr: { label: `${usage.count} use${usage.count === 1 ? '' : 's'}${inverse}` },
      });
    }
    new Setting(el)
      .setName('Predicate')
      .setDesc(
        'What the subject is to the object, such as designed or invented. Suggestions come from the predicates in use.',
      )
      .addText((t) => {
        t.inputEl.addClass('okf-relate-predicate');
        t.inputEl.setAttr('list', listId);
        t.setPlaceholder('Predicate').onChange((v) => this.setPredicate(v));
      });
    this.conceptRow(
      el,
      'Object',
      'okf-relate-object',
      () => this.object,
      (c) => (this.object = c),
    );
    new Setting(el)
      .setName('Inverse')
      .setDesc('Asserted back on the object.')
      .then((s) => (this.inverseHint = s.descEl.createDiv({ cls: 'okf-relate-inverse-hint' })))
      .addText((t) => {
        this.inverseInput = t;
        t.inputEl.addClass('okf-relate-inverse');
        t.inputEl.setAttr('list', listId);
        t.setPlaceholder('Inverse predicate').onChange((v) => {
          this.inverse = v;
          this.inverseTyped = v.trim() !== '';
        });
      });
    new Setting(el)
      .setName('Date')
      .setDesc('Optional date of the fact, written on both sides.')
      .addText((t) => {
        t.inputEl.addClass('okf-relate-date');
        t.setPlaceholder('YYYY-MM-DD').onChange((v) => (this.date = v));
      });
    new Setting(el)
      .setName('Source')
      .setDesc("Optional ID from the subject's sources.")
      .addText((t) => {
        t.inputEl.addClass('okf-relate-source');
        t.setPlaceholder('Source ID').onChange((v) => (this.source = v));
      });
  }

  private conceptRow(
    el: HTMLElement,
    name: string,
    cls: string,
    get: () => ConceptChoice | undefined,
    set: (c: ConceptChoice) => void,
  ): void {
    const setting = new Setting(el).setName(name).setDesc(describeConcept(get()));
    setting.settingEl.addClass(cls);
    setting.addButton((b) =>
      b
        .setButtonText('Choose…')
        .setClass('okf-choose-concept')
        .onClick(() =>
          new ConceptPicker(this.app, this.concepts, `${name}: type a title or path…`, (c) => {
            set(c);
            setting.setDesc(describeConcept(c));
          }).open(),
        ),
    );
  }

  /** A new predicate pre-fills the inverse (declared, else observed) unless the person typed one. */
  private setPredicate(value: string): void {
    this.predicate = value;
    const predicate = value.trim();
    let hint = '';
    let inverse = '';
    if (predicate !== '') {
      const resolved = resolveInverse(predicate, undefined, this.config);
      if ('predicate' in resolved) {
        inverse = resolved.predicate;
        hint = 'Declared in okf-wiki.json.';
      } else {
        const observed = this.vocabulary.find((u) => u.predicate === predicate && u.inverseKind === 'observed');
        if (observed && observed.inverses.length > 0) {
          inverse = observed.inverses[0];
          hint = 'Observed in the bundle, not declared in okf-wiki.json.';
        } else hint = resolved.message;
      }
    }
    this.inverseHint?.setText(hint);
    if (!this.inverseTyped) {
      this.inverse = inverse;
      this.inverseInput?.setValue(inverse);
    }
  }

  protected async showPreview(): Promise<void> {
    if (!this.subject || !this.object) {
      new Notice('OKF Graph Wiki: choose the subject and the object first.');
      return;
    }
    const plan = await planRelate(
      this.session.bundle(),
      {
        subject: this.subject.path,
        predicate: this.predicate,
        object: this.object.path,
        ...(this.inverse.trim() !== '' ? { inverse: this.inverse } : {}),
        ...(this.date.trim() !== '' ? { date: this.date } : {}),
        ...(this.source.trim() !== '' ? { source: this.source } : {}),
      },
      this.config,
    );
    previewPlan(this.session, plan, { heading: RELATE_HEADING, onCommitted: () => this.close() });
  }
}

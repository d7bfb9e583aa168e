// The first-run dialog: the folders that hold OKF concepts (or a plain "none found"), the example wiki, or later.
// Nothing is indexed and nothing is written before a choice; closing the dialog means "later".
import { Modal, Setting, type App } from 'obsidian';
import { formatCount } from '../format';
import type { WikiCandidate } from './detect';
import { EXAMPLE_FOLDER } from './example-wiki';

export type SetupChoice =
  | { readonly kind: 'folder'; readonly bundleFolder: string; readonly conceptFolders: readonly string[] }
  | { readonly kind: 'example' }
  | { readonly kind: 'later' };

const plural = (n: number, word: string) => `${formatCount(n)} ${word}${n === 1 ? '' : 's'}`;

/** How a candidate is described: "4 concepts", "12 concepts in entities, concepts; 30 other notes left out". */
export function describeCandidate(c: WikiCandidate): string {
  const where = c.conceptFolders.length > 0 ? ` in ${c.conceptFolders.join(', ')}` : '';
  const left = c.otherNotes > 0 ? `; ${plural(c.otherNotes, 'other note')} beside them are left out` : '';
  return `${plural(c.concepts, 'concept')}${where}${left}.`;
}

export class SetupModal extends Modal {
  private answered = false;

  constructor(
    app: App,
    private readonly candidates: readonly WikiCandidate[],
    private readonly onChoice: (choice: SetupChoice) => void,
  ) {
    super(app);
  }

  override onOpen(): void {
    this.setTitle('Set up OKF Graph Wiki');
    const el = this.contentEl;
    el.addClass('okf-setup');
    if (this.candidates.length > 0) {
      el.createEl('p', {
        text:
          'These folders hold OKF concept notes (frontmatter with a type and ' +
          'fields such as relations, sources or generated). Choose the one to ' +
          'index: notes outside it are not concepts and are never reported.',
      });
      for (const c of this.candidates) {
        new Setting(el)
          .setName(c.bundleFolder === '' ? '(the whole vault)' : c.bundleFolder)
          .setDesc(describeCandidate(c))
          .setClass('okf-setup-candidate')
          .addButton((b) =>
            b
              .setButtonText('Use this folder')
              .setCta()
              .onClick(() =>
                this.answer({ kind: 'folder', bundleFolder: c.bundleFolder, conceptFolders: c.conceptFolders }),
              ),
          );
      }
    } else {
      el.createEl('p', {
        cls: 'okf-setup-none',
        text:
          'No OKF concept notes were found in this vault: no note has a type and ' +
          'fields such as relations, sources or generated in its frontmatter. ' +
          'Your other notes are left alone.',
      });
    }
    new Setting(el)
      .setName('Example wiki')
      .setDesc(`Create the folder ${EXAMPLE_FOLDER} with 36 concepts on the history of computing, and use it.`)
      .setClass('okf-setup-example')
      .addButton((b) => b.setButtonText('Create the example').onClick(() => this.answer({ kind: 'example' })));
    new Setting(el)
      .setName('Later')
      .setDesc('Nothing is indexed or written until you choose, later, in the settings or from the status bar.')
      .setClass('okf-setup-later')
      .addButton((b) => b.setButtonText('Not now').onClick(() => this.answer({ kind: 'later' })));
  }

  override onClose(): void {
    this.contentEl.empty();
    if (!this.answered) this.onChoice({ kind: 'later' });
    this.answered = true;
  }

  private answer(choice: SetupChoice): void {
    this.answered = true;
    this.close();
    this.onChoice(choice);
  }
}

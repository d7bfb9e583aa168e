// A folder suggester under a settings text field: the vault's folders (or a folder's subfolders) that contain
// what was typed; choosing one fills the field and commits it.
import { AbstractInputSuggest, type App, type TFolder } from 'obsidian';

/** How many folders the popover lists. */
const LIMIT = 50;

export class FolderSuggest extends AbstractInputSuggest<TFolder> {
  constructor(
    app: App,
    private readonly inputEl: HTMLInputElement,
    /** Folders offered are below this one (`` for the whole vault); shown relative to it. */
    private readonly base: () => string,
    private readonly chosen: (relativePath: string) => void,
  ) {
    super(app, inputEl);
    this.limit = LIMIT;
  }

  protected getSuggestions(query: string): TFolder[] {
    const base = this.base();
    const needle = query.trim().toLowerCase();
    return this.app.vault
      .getAllFolders(false)
      .filter(
        (f) =>
          (base === '' || f.path.startsWith(base + '/')) && !f.path.split('/').some((part) => part.startsWith('.')),
      )
      .filter((f) => this.relative(f).toLowerCase().includes(needle))
      .sort((a, b) => a.path.localeCompare(b.path));
  }

  renderSuggestion(folder: TFolder, el: HTMLElement): void {
    el.setText(this.relative(folder));
  }

  override selectSuggestion(folder: TFolder): void {
    this.inputEl.value = this.relative(folder);
    this.close();
    this.chosen(this.relative(folder));
  }

  private relative(folder: TFolder): string {
    const base = this.base();
    return base === '' ? folder.path : folder.path.slice(base.length + 1);
  }
}

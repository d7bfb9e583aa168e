// After a concept note (or a folder of them) is renamed, the relations and supersession pointers of other notes that
// still name its old path (plain strings Obsidian's link updater does not touch) are counted and offered for update
// (QA3 Q7): a notice says how many, in how many notes, with a button opening the same preview as "Add relation"
// (each file's diff, Apply / Cancel); the command "Update relations to renamed concepts…" offers it again. Nothing is
// rewritten without that preview: the notes are the person's. The core finds and rewrites (core/author/retarget.ts);
// Obsidian's metadata cache only narrows down which notes are read.
import { Notice, TFile, type Command, type TAbstractFile } from 'obsidian';
import { planRetarget } from '../../core/author/retarget';
import { baseName } from '../../core/okf/paths';
import { isIndexedPath, toBundlePath } from '../bundle-scope';
import { previewFailed, previewPlan } from './plan-preview';
import type { AuthoringSession } from './session';

/** Quiet time after the last rename before the notes are checked (a folder's rename is one event per file). */
export const RENAME_QUIET_MS = 500;

const HEADING = 'Update relations to renamed concepts';

export class RenameFollower {
  /** Old bundle path → new, of the concepts renamed since their pointers were last updated. */
  private readonly moves = new Map<string, string>();
  private timer: number | undefined;
  /** The last notice offering the update, hidden when a newer one replaces it. */
  private notice: Notice | undefined;

  constructor(private readonly session: AuthoringSession) {}

  /** Vault `rename`: a concept file that stays a concept of the bundle is recorded; checked after the quiet time. */
  renamed(file: TAbstractFile, oldPath: string): void {
    const scope = this.session.service.scope;
    if (!(file instanceof TFile) || !isIndexedPath(scope, oldPath) || !isIndexedPath(scope, file.path)) return;
    const from = toBundlePath(scope, oldPath);
    const to = toBundlePath(scope, file.path);
    if (from === null || to === null || from === to) return;
    for (const [old, now] of this.moves) if (now === from) this.moves.set(old, to);
    this.moves.delete(to);
    this.moves.set(from, to);
    if (this.timer !== undefined) window.clearTimeout(this.timer);
    this.timer = window.setTimeout(() => {
      this.timer = undefined;
      void this.check();
    }, RENAME_QUIET_MS);
  }

  /** Whether renamed concepts wait for their pointers to be checked or updated. */
  get pending(): boolean {
    return this.moves.size > 0;
  }

  /** Counts the pointers still at the old paths; a notice offers their update. Forgets the moves when none is left. */
  async check(): Promise<void> {
    if (!this.session.ready || this.moves.size === 0) return;
    try {
      const { plan, pointers } = await this.plan();
      this.notice?.hide();
      if (plan.kind !== 'change') return this.moves.clear();
      const notes = plan.changes.length;
      const moved = [...this.moves].map(([from, to]) => `${from} → ${to}`);
      const shown = moved.slice(0, 3).join(', ') + (moved.length > 3 ? ` and ${moved.length - 3} more` : '');
      const message = createFragment();
      message.appendText(
        `OKF Graph Wiki: ${pointers} ${pointers === 1 ? 'relation' : 'relations'} in ${notes} ` +
          `${notes === 1 ? 'note' : 'notes'} still ${pointers === 1 ? 'points' : 'point'} at the old path ` +
          `of a renamed concept (${shown}).`,
      );
      // In the message (a fragment): Notice.messageEl is newer than minAppVersion, noticeEl deprecated.
      const button = message.createEl('button', { text: 'Review and update…' });
      button.addEventListener('click', () => void this.review());
      this.notice = new Notice(message, 0);
    } catch (error) {
      previewFailed(error);
    }
  }

  /** The preview of the update (as the other authoring commands show theirs); Apply writes it. */
  async review(): Promise<void> {
    try {
      const { plan } = await this.plan();
      this.notice?.hide();
      if (plan.kind !== 'change') this.moves.clear();
      const done = new Map(this.moves);
      previewPlan(this.session, plan, {
        heading: HEADING,
        onCommitted: () => {
          for (const [from, to] of done) if (this.moves.get(from) === to) this.moves.delete(from);
        },
      });
    } catch (error) {
      previewFailed(error);
    }
  }

  /** The core's plan over the notes whose cached frontmatter names a moved file (all, where none is cached). */
  private async plan() {
    const { app, service } = this.session;
    const names = [...this.moves.keys()].map((p) => baseName(p).replace(/\.md$/i, ''));
    const candidates: string[] = [];
    for (const file of app.vault.getMarkdownFiles()) {
      if (!isIndexedPath(service.scope, file.path)) continue;
      const cached = app.metadataCache.getFileCache(file);
      const text = cached ? JSON.stringify(cached.frontmatter ?? null) : undefined;
      const path = toBundlePath(service.scope, file.path);
      if (path !== null && (text === undefined || names.some((n) => text.includes(n)))) candidates.push(path);
    }
    return planRetarget(this.session.bundle(), candidates, new Map(this.moves));
  }

  /** The palette entry offering the update again (after the notice was dismissed). */
  command(): Command {
    return {
      id: 'update-relations-to-renamed-concepts',
      name: `${HEADING}…`,
      checkCallback: (checking) => {
        if (!this.session.ready || !this.pending) return false;
        if (!checking) void this.review();
        return true;
      },
    };
  }

  /** Unload: no check after the plugin is gone. */
  stop(): void {
    if (this.timer !== undefined) window.clearTimeout(this.timer);
    this.timer = undefined;
  }
}

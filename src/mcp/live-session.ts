// The one index the MCP server keeps in memory for its whole life: opened on the first call, then kept current
// by a file watcher on the bundle (node/bundle-follower.ts), whose batches are applied between calls, instead of
// loading wiki.db or stat-ing every concept file per call. Should the watcher fail (a limit on watched folders,
// a file system without events), the server says so once and falls back to a stat catch-up before each call.
import { WikiSession } from '../core/engine/session';
import { prepareRetrieval } from '../core/retrieval/catalog';
import { warmUp } from '../core/retrieval/warm-up';
import type { ContextResult } from '../core/retrieval/types';
import type { Clock } from '../core/types';
import { BundleFollower } from '../node/bundle-follower';
import type { Notes } from '../node/folder-bundle';
import type { FsBundle } from '../node/fs-bundle';
import { guardedIndexStore, WikiDbBusy, WikiDbReplaced, type GuardedIndexStore } from '../node/index-store';
import { WIKI_DB } from '../node/paths';

/** The pause before trying a failed wiki.db write again, doubling up to the last while writes keep failing. */
const FIRST_RETRY_MS = 1_000;
const LAST_RETRY_MS = 60_000;

/** Runs work between the server's calls (its queue), so a batch never changes the index under a call. */
export type Queue = <T>(work: () => Promise<T>) => Promise<T>;

export class LiveSession {
  private live: Promise<WikiSession> | undefined;
  /** wiki.db as the live session read and writes it: refuses to write over a newer one another program wrote. */
  private store: GuardedIndexStore | undefined;
  private follower: BundleFollower | undefined;
  private closed = false;
  private toldFailure = false;
  /** When a failed wiki.db write may be tried again (0: none failed), and the pause after the next failure. */
  private retry = { at: 0, pause: FIRST_RETRY_MS };

  constructor(
    private readonly bundle: FsBundle,
    private readonly io: Notes,
    private readonly clock: Clock,
    private readonly queue: Queue,
    /** Follow the bundle with a watcher (the server's default); off, every call catches up by stat. */
    private readonly follow = true,
    /** Milliseconds, for the retry pause only (answers use `clock`): a test steps it instead of sleeping. */
    private readonly retryTime: () => number = Date.now,
  ) {}

  /** The session, current with the bundle (call inside the queue); wiki.db written when catching up changed it. */
  current(): Promise<WikiSession> {
    return this.caughtUp(true);
  }

  /**
   * `ask` answered on the current session, checked against the pages it serves (seeds, background, facts' subjects):
   * one deleted or moved just before the call is forgotten and the question asked again. The watcher reports a
   * deletion only ~100 ms later (chokidar waits that long to tell an editor's atomic save from a delete), and until
   * then an agent that deleted a page and asked again was answered from it (review qa3 Q10). A stat of each page
   * served (a few dozen at most, one synchronous burst) costs well under a millisecond.
   */
  async answer(ask: (session: WikiSession) => Promise<ContextResult>): Promise<ContextResult> {
    const session = await this.current();
    let result = await ask(session);
    for (let round = 0; round < 2; round++) {
      const served = [
        ...new Set([
          ...result.seeds.map((s) => s.path),
          ...result.background.map((b) => b.path),
          ...result.facts.map((f) => f.subject),
        ]),
      ];
      const stats = await this.bundle.statMany(served);
      const gone = served.filter((_, i) => stats[i] === undefined);
      if (gone.length === 0) break;
      for (const path of gone) session.remove(path);
      prepareRetrieval(session.index);
      result = await ask(session);
    }
    return result;
  }

  /**
   * The session, current with the bundle, for an edit whose refresh writes wiki.db itself (`afterEdit`): catching
   * up does not write it first (it held the files the edit had just written), so one call writes it once.
   */
  forEdit(): Promise<WikiSession> {
    return this.caughtUp(false);
  }

  private async caughtUp(save: boolean): Promise<WikiSession> {
    // Never reopened once closed: a watcher started then would outlive the server.
    if (this.closed) throw new Error('The wiki server is closing.');
    // A folder moved or deleted: its watcher's removals are not applied, nor an empty index saved anywhere.
    const gone = this.bundle.gone();
    if (gone !== undefined) throw new Error(`${gone}; restart the server on its new place`);
    if (!this.live) {
      const opening = this.open();
      this.live = opening;
      opening.catch(() => (this.live = undefined));
      const opened = await opening;
      if (save) await this.saveOwed(opened);
      return opened;
    }
    let session = await this.live;
    // A wiki.db another program wrote since (a CLI reindex and its vectors) is newer than this index: loaded instead.
    if (await this.store?.replaced()) return this.reload(session, save);
    const changed = await this.catchUp(session);
    // New times of unchanged files are saved too, as opening saves them: else every CLI command re-reads them.
    if (save && (await this.saveOwed(session)) === 'replaced') session = await this.reload(session, save);
    else if (changed > 0) prepareRetrieval(session.index);
    return session;
  }

  /**
   * Opens wiki.db again, caught up by stat as a CLI command opens it, in place of `old`, whose index is older than
   * the file another program wrote (review rv-qa 1: writing it over a reindex's wiki.db lost every vector).
   */
  private async reload(old: WikiSession, save: boolean): Promise<WikiSession> {
    this.io.err(
      `note: ${WIKI_DB} was written by another program since this server loaded it (okf-wiki reindex?); ` +
        `loading it instead of writing over it\n`,
    );
    const opening = this.open();
    this.live = opening;
    opening.catch(() => (this.live = undefined));
    try {
      const session = await opening;
      if (save) await this.saveOwed(session);
      return session;
    } finally {
      await old.close().catch((error: Error) => this.io.err(`note: ${error.message}\n`));
    }
  }

  /**
   * Writes wiki.db when the index holds what it does not (changed files, new times, or a save that failed). A
   * failure is a note the first time, and is tried again by a later call or batch once a pause has passed (1 s,
   * doubling to a minute while it keeps failing): never in a loop, and the change stays in memory meanwhile.
   * `now` skips the pause (the last chance, at close). 'replaced': another program wrote wiki.db, nothing written.
   * Another writer holding the bundle's lock (a reindex) is no failure either: nothing written, tried at the next
   * call (when it has written, its wiki.db is loaded instead), said only at close.
   */
  private async saveOwed(session: WikiSession, now = false): Promise<'replaced' | undefined> {
    if (!session.unsaved || (!now && this.retryTime() < this.retry.at)) return;
    try {
      await session.save();
      this.retry = { at: 0, pause: FIRST_RETRY_MS };
    } catch (error) {
      // Not a failure: wiki.db is newer than this index, and the caller loads it.
      if (error instanceof WikiDbReplaced) return 'replaced';
      if (error instanceof WikiDbBusy) {
        if (now) this.io.err(`note: ${error.message}; the next open catches up from the notes\n`);
        return;
      }
      if (this.retry.at === 0)
        this.io.err(
          `note: could not write ${WIKI_DB} (${(error as Error).message}); answering from memory, ` +
            `and trying again at later calls\n`,
        );
      this.retry = { at: this.retryTime() + this.retry.pause, pause: Math.min(this.retry.pause * 2, LAST_RETRY_MS) };
    }
  }

  /** Applies the watcher's batch, or catches up by stat when there is no watcher; returns the files changed. */
  private async catchUp(session: WikiSession): Promise<number> {
    const follower = this.follower;
    if (follower && follower.failed === undefined) {
      const applied = await follower.apply(session);
      return applied.updated + applied.removed;
    }
    if (follower && !this.toldFailure) {
      this.toldFailure = true;
      this.io.err(
        `note: the file watcher on ${this.bundle.root} stopped ` +
          `(${follower.failed}); catching up by stat before each call\n`,
      );
    }
    const caught = await session.sync();
    return caught.updated.length + caught.removed.length;
  }

  /** Stops the watcher and closes the index. */
  async close(): Promise<void> {
    this.closed = true;
    await this.follower?.close();
    this.follower = undefined;
    const live = this.live;
    this.live = undefined;
    const session = await live?.catch(() => undefined);
    if (!session) return;
    // A save that failed is tried once more, and the close waits for it as for any save (within its bound): wiki.db
    // then keeps what the server learned, when it can. saveOwed starts the save at once and never rejects.
    void this.saveOwed(session, true);
    try {
      await session.close();
    } catch (error) {
      // A save that hangs (SavesStillRunning) must not keep the server from exiting: said, not waited for.
      this.io.err(`note: ${(error as Error).message}\n`);
    }
  }

  /** Opens the index (loaded and caught up, or built), not yet written back: the caller writes it when it should. */
  private async open(): Promise<WikiSession> {
    // The watcher first: an edit made while wiki.db loads and catches up is then reported, never missed.
    if (this.follow && !this.follower) this.follower = await this.startFollower();
    const store = guardedIndexStore(this.bundle, 'okf-wiki mcp');
    const session = await WikiSession.open({ bundle: this.bundle, store, clock: this.clock, origin: 'okf-wiki mcp' });
    this.store = store;
    const opened = session.opened;
    if (opened.kind === 'built' && (await this.bundle.exists(WIKI_DB))) this.io.err(`note: ${opened.reason}\n`);
    // Every question will want the catalog and the typo index: built now, not in the middle of later answers. And
    // the question path is run a few times, so that the client's first questions find it compiled (warm-up.ts).
    prepareRetrieval(session.index);
    await warmUp(session.index, this.clock);
    return session;
  }

  /** A batch waiting while no call runs: applied now, so wiki.db follows the notes between calls. */
  private async applyWhenIdle(): Promise<void> {
    if (!this.closed && this.live && this.bundle.gone() === undefined) await this.current();
  }

  private async startFollower(): Promise<BundleFollower | undefined> {
    try {
      return await BundleFollower.start(this.bundle, () => void this.queue(() => this.applyWhenIdle()));
    } catch (error) {
      this.io.err(
        `note: could not watch ${this.bundle.root} ` +
          `(${(error as Error).message}); catching up by stat before each call\n`,
      );
      return undefined;
    }
  }
}

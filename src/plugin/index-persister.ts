// Persisting the index as wiki.db: marked dirty by every change, written after a long quiet time, on unload and
// on explicit actions (rebuild), atomically, one write after another; never when nothing changed. Why not after
// every save: each write is the whole file (an SQLite export, ~100 MB at 10,000 concepts with vectors), and
// wiki.db only needs to be reasonably fresh — the next start catches up by stat (a file whose mtime or size
// changed is re-read), so a crash before the write loses no note content (vectors and calibration stored since
// the last write are recomputed). The snapshot (the engine's SQLite export, which the caller supplies) is taken
// inside the index's one-at-a-time queue, so it is always consistent; the write itself runs outside it. After
// wiki.db, its pieces are written (wiki-db-pieces-store.ts): what a start reads, one piece per task.
import type { DataAdapter } from 'obsidian';
import { BACKUP_SUFFIX, readPersisted, writeAtomically } from './atomic-write';
import type { ExportedIndex, WikiDbRead } from './engine/wiki-db-pieces';
import { readPieces, removePieces, writePieces } from './wiki-db-pieces-store';

/** Quiet time after the last change before wiki.db is written. */
export const DEFAULT_PERSIST_DELAY_MS = 60_000;
/** Longest a change waits for its write while changes keep coming (an embedding pass, a long editing session). */
export const DEFAULT_PERSIST_MAX_DELAY_MS = 600_000;

export class IndexPersister {
  private dirty = false;
  private stopped = false;
  private timer: number | undefined;
  /** When the index became dirty since the last write (Date.now()), for the longest wait. */
  private dirtySince: number | undefined;
  private chain: Promise<void> = Promise.resolve();
  private failureShown = false;
  /** Earlier places of wiki.db, removed once it has been written at the new one (a move, not a copy). */
  private leftBehind: string[] = [];

  constructor(
    private readonly adapter: DataAdapter,
    /** Vault path of wiki.db; changes when the setting does. */
    public path: string,
    private readonly options: {
      readonly delayMs: number;
      /** Longest wait from the first unwritten change (default DEFAULT_PERSIST_MAX_DELAY_MS). */
      readonly maxDelayMs?: number;
      readonly notify: (message: string) => void;
      /** Called when the quiet time is over: the owner queues `writeSnapshot` in its queue. */
      readonly due: () => void;
    },
  ) {}

  /** Whether the last `read` found a wiki.db (a rebuild instead is then worth a notice). */
  found = false;

  /**
   * Whether wiki.db's pieces are missing or out of step with it (written by another tool, or damaged): they are
   * then written at the next write, even when the index did not change.
   */
  private piecesDue = false;

  /** Bytes written by the last write (wiki.db when it changed, new pieces, the manifest), for the benchmark. */
  lastBytesWritten = 0;

  /**
   * wiki.db for the session: its pieces when they match it, else (or when `whole`: the engine found a piece that
   * does not match its name) the whole file. A read failure is told and undefined returned (a rebuild follows).
   */
  async read(whole = false): Promise<WikiDbRead> {
    this.found = false;
    try {
      const pieces = whole ? undefined : await readPieces(this.adapter, this.path);
      if (pieces) {
        this.found = true;
        return pieces;
      }
      const bytes = await readPersisted(this.adapter, this.path);
      this.found = bytes !== undefined;
      if (bytes instanceof Uint8Array) this.markPiecesDue();
      return bytes;
    } catch (error) {
      this.options.notify(
        `OKF Graph Wiki: could not read ${this.path} (${(error as Error).message}); rebuilding from the concept files.`,
      );
      return undefined;
    }
  }

  /** The index changed: write it after the quiet time (or once the longest wait is over). */
  markDirty(): void {
    const now = Date.now();
    if (!this.dirty || this.dirtySince === undefined) this.dirtySince = now;
    this.dirty = true;
    this.schedule(now);
  }

  /** The pieces are to be written at the next write (after the quiet time, or on unload). */
  private markPiecesDue(): void {
    this.piecesDue = true;
    if (this.timer === undefined && !this.dirty) {
      this.dirtySince = Date.now();
      this.schedule(this.dirtySince);
    }
  }

  private schedule(now: number): void {
    if (this.stopped) return;
    this.cancelTimer();
    const maxDelay = this.options.maxDelayMs ?? DEFAULT_PERSIST_MAX_DELAY_MS;
    const delay = Math.max(0, Math.min(this.options.delayMs, (this.dirtySince ?? now) + maxDelay - now));
    this.timer = window.setTimeout(() => this.options.due(), delay);
  }

  /** Whether the index changed since the last write (a write is pending). */
  get isDirty(): boolean {
    return this.dirty;
  }

  /** The index file setting changed: write at `path` soon, then remove the file at the old place. */
  moveTo(path: string): void {
    if (path === this.path) return;
    this.leftBehind = [...this.leftBehind.filter((p) => p !== path), this.path];
    this.path = path;
    this.markDirty();
  }

  /** No more timed writes (unload); a last `writeSnapshot` may still run. */
  stop(): void {
    this.stopped = true;
    this.cancelTimer();
  }

  cancelTimer(): void {
    if (this.timer !== undefined) window.clearTimeout(this.timer);
    this.timer = undefined;
  }

  /**
   * When dirty, takes the snapshot now (wiki.db's bytes from the engine) and queues its write; resolves when every
   * queued write is done. A snapshot that fails (a broken worker, an allocation failing on a phone) is told once per
   * session like a failed write, and the index stays dirty; nothing rejects.
   */
  async writeSnapshot(snapshot: () => Promise<ExportedIndex | undefined> | ExportedIndex | undefined): Promise<void> {
    this.cancelTimer();
    if (!this.dirty && !this.piecesDue) return this.chain;
    const path = this.path;
    // Cleared before the snapshot so a change reported while it is taken marks the index dirty again.
    const since = this.dirtySince;
    const wholeFile = this.dirty;
    this.dirty = false;
    this.piecesDue = false;
    this.dirtySince = undefined;
    let index: ExportedIndex | undefined;
    try {
      index = await snapshot();
    } catch (error) {
      this.failed(path, error);
    }
    if (index === undefined) {
      this.dirty = wholeFile;
      this.piecesDue = !wholeFile;
      this.dirtySince ??= since;
      return this.chain;
    }
    const exported = index;
    this.chain = this.chain.then(async () => {
      let written = 0;
      try {
        // wiki.db unchanged (only its pieces were due) is not written again, unless it is gone.
        if (wholeFile || !(await this.adapter.exists(path))) {
          await writeAtomically(this.adapter, path, exported.bytes);
          written += exported.bytes.byteLength;
        }
        written += await writePieces(this.adapter, path, exported);
        this.lastBytesWritten = written;
        this.failureShown = false;
        await this.removeLeftBehind(path);
      } catch (error) {
        // wiki.db is written again with its pieces: a manifest out of step with it is never used.
        this.dirty = true;
        this.failed(path, error);
      }
    });
    return this.chain;
  }

  /** A snapshot or write failed: told once per session (until a write succeeds); the index stays in memory. */
  private failed(path: string, error: unknown): void {
    console.error(`OKF Graph Wiki: could not save ${path}`, error);
    if (this.failureShown) return;
    this.failureShown = true;
    this.options.notify(
      `OKF Graph Wiki: could not save ${path} (${(error as Error)?.message ?? String(error)}). ` +
        `The index stays in memory and will be rebuilt if needed.`,
    );
  }

  private async removeLeftBehind(written: string): Promise<void> {
    const old = this.leftBehind.filter((p) => p !== written);
    this.leftBehind = [];
    for (const path of old.flatMap((p) => [p, p + BACKUP_SUFFIX])) {
      try {
        if (await this.adapter.exists(path)) await this.adapter.remove(path);
        if (!path.endsWith(BACKUP_SUFFIX)) await removePieces(this.adapter, path);
      } catch (error) {
        this.options.notify(
          `OKF Graph Wiki: the index now lives at ${written}, but the ` +
            `old ${path} could not be removed (${(error as Error).message}).`,
        );
      }
    }
  }

  /** Resolves when the writes queued so far are done. */
  written(): Promise<void> {
    return this.chain;
  }
}

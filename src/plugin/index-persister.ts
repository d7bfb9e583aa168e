// Persisting the index as wiki.db: marked dirty by every change, written after a quiet moment and on unload,
// atomically, one write after another. The snapshot (SQLite export) is taken by the caller inside the index's
// one-at-a-time queue, so it is always consistent; the write itself runs outside it.
import type { DataAdapter } from 'obsidian';
import { writeAtomically } from './atomic-write';

export const DEFAULT_PERSIST_DELAY_MS = 5000;

export class IndexPersister {
  private dirty = false;
  private stopped = false;
  private timer: number | undefined;
  private chain: Promise<void> = Promise.resolve();
  private failureShown = false;

  constructor(
    private readonly adapter: DataAdapter,
    /** Vault path of wiki.db; changes when the setting does. */
    public path: string,
    private readonly options: {
      readonly delayMs: number;
      readonly notify: (message: string) => void;
      /** Called when the quiet time is over: the owner queues `writeSnapshot` in its queue. */
      readonly due: () => void;
    },
  ) {}

  /** The index changed: write it after the quiet time. */
  markDirty(): void {
    this.dirty = true;
    if (this.stopped) return;
    this.cancelTimer();
    this.timer = window.setTimeout(() => this.options.due(), this.options.delayMs);
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

  /** When dirty, takes the snapshot now and queues its write; resolves when every queued write is done. */
  writeSnapshot(snapshot: () => Uint8Array | undefined): Promise<void> {
    this.cancelTimer();
    if (!this.dirty) return this.chain;
    const bytes = snapshot();
    if (bytes === undefined) return this.chain;
    const path = this.path;
    this.dirty = false;
    this.chain = this.chain.then(async () => {
      try {
        await writeAtomically(this.adapter, path, bytes);
        this.failureShown = false;
      } catch (error) {
        this.dirty = true;
        if (!this.failureShown) {
          this.failureShown = true;
          this.options.notify(`OKF Graph Wiki: could not save ${path} (${(error as Error).message}). The index stays in memory and will be rebuilt if needed.`);
        }
      }
    });
    return this.chain;
  }

  /** Resolves when the writes queued so far are done. */
  written(): Promise<void> {
    return this.chain;
  }
}

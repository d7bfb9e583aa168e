// Collects file events (the plugin's vault and metadata-cache events, the MCP server's file watcher) and hands
// them over as one batch once the bundle has been quiet for a moment, so a burst of saves (a sync, a bulk edit)
// costs one pass. Later events for a path replace earlier ones: a file changed then deleted is only removed.

/** Vault paths to re-read and to forget. */
export interface ChangeBatch {
  readonly changed: readonly string[];
  readonly removed: readonly string[];
}

export interface BatcherTiming {
  /** Quiet time after the last event before the batch is applied. */
  readonly quietMs: number;
  /** Longest an event waits while events keep coming. */
  readonly maxWaitMs: number;
}

export const DEFAULT_BATCH_TIMING: BatcherTiming = { quietMs: 400, maxWaitMs: 3000 };

/** The timer functions the batcher uses: the plugin passes its window's (popout windows), Node its globals. */
export interface Timers {
  set(callback: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export class ChangeBatcher {
  private readonly pending = new Map<string, 'changed' | 'removed'>();
  private quietTimer: unknown;
  private firstEventAt: number | undefined;

  constructor(
    private readonly apply: (batch: ChangeBatch) => void,
    private readonly timers: Timers,
    private readonly timing: BatcherTiming = DEFAULT_BATCH_TIMING,
  ) {}

  changed(path: string): void {
    this.add(path, 'changed');
  }

  removed(path: string): void {
    this.add(path, 'removed');
  }

  /** A rename is the old path forgotten and the new one read. */
  renamed(oldPath: string, newPath: string): void {
    this.add(oldPath, 'removed');
    this.add(newPath, 'changed');
  }

  /** Number of paths waiting. */
  get size(): number {
    return this.pending.size;
  }

  /** Applies what is pending now. */
  flush(): void {
    this.clearTimer();
    this.firstEventAt = undefined;
    if (this.pending.size === 0) return;
    const changed: string[] = [];
    const removed: string[] = [];
    for (const [path, kind] of this.pending) (kind === 'changed' ? changed : removed).push(path);
    this.pending.clear();
    this.apply({ changed: changed.sort(), removed: removed.sort() });
  }

  /** Drops pending events and timers (unload). */
  dispose(): void {
    this.clearTimer();
    this.pending.clear();
  }

  private add(path: string, kind: 'changed' | 'removed'): void {
    this.pending.delete(path);
    this.pending.set(path, kind);
    const now = Date.now();
    this.firstEventAt ??= now;
    this.clearTimer();
    const wait = Math.max(0, Math.min(this.timing.quietMs, this.firstEventAt + this.timing.maxWaitMs - now));
    this.quietTimer = this.timers.set(() => this.flush(), wait);
  }

  private clearTimer(): void {
    if (this.quietTimer !== undefined) this.timers.clear(this.quietTimer);
    this.quietTimer = undefined;
  }
}

// Following a bundle folder with a file watcher (chokidar) while the MCP server runs, so its live index learns of
// edits as they happen instead of stat-ing every concept file before each call. Events are batched as the
// plugin batches vault events (core/engine/change-batcher.ts); the server applies a batch between calls.
import { watch, type FSWatcher } from 'chokidar';
import * as nodePath from 'node:path';
import {
  ChangeBatcher,
  DEFAULT_BATCH_TIMING,
  type BatcherTiming,
  type ChangeBatch,
  type Timers,
} from '../core/engine/change-batcher';
import type { WikiSession } from '../core/engine/session';
import { isConceptCandidate, isHidden } from '../core/okf/paths';
import type { FsBundle } from './fs-bundle';

const NODE_TIMERS: Timers = {
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** What applying the events seen so far did to the index. */
export interface FollowReport {
  readonly updated: number;
  readonly removed: number;
}

export class BundleFollower {
  private readonly batcher: ChangeBatcher;
  private readonly queued: ChangeBatch[] = [];
  private failure: string | undefined;

  private constructor(
    private readonly bundle: FsBundle,
    private readonly watcher: FSWatcher,
    onBatch: () => void,
    timing: BatcherTiming,
  ) {
    this.batcher = new ChangeBatcher(
      (batch) => {
        this.queued.push(batch);
        onBatch();
      },
      NODE_TIMERS,
      timing,
    );
  }

  /**
   * Starts watching `bundle` and resolves once the watcher is ready (every folder watched), so no edit made after
   * this resolves is missed. `onBatch` is told when a batch is waiting, to apply it between other work.
   */
  static async start(
    bundle: FsBundle,
    onBatch: () => void,
    timing: BatcherTiming = DEFAULT_BATCH_TIMING,
  ): Promise<BundleFollower> {
    const relative = (full: string) => nodePath.relative(bundle.root, full).split(nodePath.sep).join('/');
    const watcher = watch(bundle.root, {
      ignoreInitial: true,
      // A linked folder is not in the bundle's listing (folder-links.ts): one leading inside would index its files
      // twice (/alias/ada.md beside /entities/ada.md), one leading out would be walked whole (/usr/lib: minutes).
      followSymlinks: false,
      // Hidden folders (.git, .obsidian, the lock and pending records in .okf-wiki) and dependency trees never hold
      // concepts.
      ignored: (full) => {
        const rel = relative(full);
        return rel !== '' && (isHidden(rel) || rel.split('/').includes('node_modules'));
      },
    });
    const follower = new BundleFollower(bundle, watcher, onBatch, timing);
    // As the listing shows it: a name stored decomposed is shown composed (shown-names.ts), or one file is two.
    const bundlePath = (full: string) => bundle.shownPath('/' + relative(full));
    watcher.on('add', (full) => follower.changed(bundlePath(full)));
    watcher.on('change', (full) => follower.changed(bundlePath(full)));
    watcher.on('unlink', (full) => follower.removed(bundlePath(full)));
    watcher.on('unlinkDir', (full) => follower.removed(bundlePath(full)));
    watcher.on('error', (error) => void (follower.failure ??= (error as Error).message ?? String(error)));
    await new Promise<void>((resolve) => watcher.once('ready', resolve));
    return follower;
  }

  /** Why the watcher stopped reporting, if it did: the caller then catches up by stat instead. */
  get failed(): string | undefined {
    return this.failure;
  }

  /** Applies every event seen so far to the session's index (call between other index operations). */
  async apply(session: WikiSession): Promise<FollowReport> {
    this.batcher.flush();
    const changed = new Set<string>();
    const removed = new Set<string>();
    for (const batch of this.queued.splice(0)) {
      for (const path of batch.removed) {
        changed.delete(path);
        removed.add(path);
      }
      for (const path of batch.changed) {
        removed.delete(path);
        changed.add(path);
      }
    }
    let removedCount = 0;
    for (const path of removed) removedCount += session.remove(path);
    // A file reported changed may be gone again by now (a rename, a delete right after): forget it instead.
    const toRead: string[] = [];
    for (const path of [...changed].sort()) {
      if ((await this.bundle.stat(path)) !== undefined) toRead.push(path);
      else removedCount += session.remove(path);
    }
    const updated = await session.refresh(toRead);
    return { updated: updated.length, removed: removedCount };
  }

  /** Stops watching; pending events are dropped. */
  async close(): Promise<void> {
    this.batcher.dispose();
    await this.watcher.close();
  }

  private changed(path: string): void {
    if (isConceptCandidate(path)) this.batcher.changed(path);
  }

  private removed(path: string): void {
    // A folder's path has no .md: forgetting it forgets every indexed file under it (session.remove).
    if (!isHidden(path)) this.batcher.removed(path);
  }
}

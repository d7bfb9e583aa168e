// The bound on unload's last write of wiki.db. Obsidian calls onunload without awaiting it (disabling the plugin,
// quitting, reloading), so a write that hangs (a stalled or network drive) would hang the plugin's close with
// nothing said, and the engine would stay up behind it. Past the limit the write is given up (it goes no further
// than the step it is in: IndexPersister.giveUp) and said, and the close goes on without it.
import type { DataAdapter } from 'obsidian';

/**
 * Longest unload waits for its last write, the work queued before it included. A healthy write of wiki.db whole
 * takes about a second at 10,000 concepts on desktop (~100 MB; README "Measured"), as the Node shells' close
 * bound (CLOSE_WAIT_MS) assumes too.
 */
export const UNLOAD_WRITE_LIMIT_MS = 10_000;

/** What a write given up rejects its remaining steps with (never reported again: the give-up was). */
export class WriteGivenUp extends Error {
  override readonly name = 'WriteGivenUp';
}

/**
 * Resolves when unload's last write (`written`, the work queued before it included) has, or once
 * UNLOAD_WRITE_LIMIT_MS has passed: then the write is given up (`persister.giveUp`, which says so) and `close` runs
 * without it. A rejection of `written` within the limit is the caller's.
 */
export async function unloadWithinLimit(
  written: Promise<void>,
  persister: { giveUp(problem: string): void },
  close: () => Promise<void>,
  limitMs = UNLOAD_WRITE_LIMIT_MS,
): Promise<void> {
  let timer: number | undefined;
  const expired = new Promise<'late'>((resolve) => (timer = window.setTimeout(() => resolve('late'), limitMs)));
  try {
    if ((await Promise.race([written.then(() => 'done' as const), expired])) === 'done') return;
  } finally {
    window.clearTimeout(timer);
  }
  persister.giveUp(`the write was still running after ${limitMs / 1000} s; given up`);
  await close();
}

/**
 * The adapter, whose every call fails with WriteGivenUp once `stopped()` holds: a write given up takes no further
 * step (no rename of its temporary file over wiki.db, no manifest, no removal of pieces a later start may need).
 * The step running then cannot be stopped; its own atomicity holds (writeAtomically renames only a whole file).
 */
export function stoppable(adapter: DataAdapter, stopped: () => boolean): DataAdapter {
  return new Proxy(adapter, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]): unknown =>
        stopped() ? Promise.reject(new WriteGivenUp('given up at unload')) : value.apply(target, args);
    },
  });
}

// Yielding the main thread between slices of work, so no single task of ours holds Obsidian for long (issue 14:
// no task over 50 ms). A message rather than a timer: browsers clamp nested timers to 4 ms each.

/** Time one slice of main-thread work may take before it yields. */
export const SLICE_MS = 8;

/** Resolves in a new task (after the events already queued, such as input and rendering). */
export function nextTask(): Promise<void> {
  if (typeof MessageChannel === 'undefined') return new Promise((resolve) => window.setTimeout(resolve, 0));
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(0);
  });
}

/** A clock for slicing: `due()` is true once SLICE_MS have passed since the last `yield()` (or creation). */
export class Slicer {
  private since = performance.now();

  /** Whether the current slice has run long enough to yield. */
  due(): boolean {
    return performance.now() - this.since >= SLICE_MS;
  }

  /** Yields the main thread and starts a new slice. */
  async yield(): Promise<void> {
    await nextTask();
    this.since = performance.now();
  }
}

// One-at-a-time execution for everything that touches the index (open, saves, rebuild, embedding, queries),
// so no operation ever sees another's half-done work or an index that was just swapped out.

export class Exclusive {
  private tail: Promise<unknown> = Promise.resolve();
  private pending = 0;
  /** Told when work is queued behind a running operation (a long job is asked to yield). */
  onWaiter: (() => void) | undefined;

  /** Runs `fn` after everything queued before it; its failure is the caller's alone. */
  run<T>(fn: () => Promise<T> | T): Promise<T> {
    this.pending++;
    if (this.pending > 1) this.onWaiter?.();
    const result = this.tail.then(fn);
    this.tail = result.then(
      () => this.pending--,
      () => this.pending--,
    );
    return result;
  }

  /** True when work is queued behind the running operation (a long job should yield). */
  get hasWaiters(): boolean {
    return this.pending > 1;
  }

  /** Resolves once everything queued so far has finished. */
  async idle(): Promise<void> {
    while (this.pending > 0) await this.tail;
  }
}

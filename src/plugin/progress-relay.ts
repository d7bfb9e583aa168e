// Progress from the engine to whoever asked for it: the engine's host tells the relay, and one caller listens for
// the length of one operation (the evaluation command's notice), without the engine's API taking a function (it
// may run in a Web Worker, where a callback cannot go).

/** Told `done` of `total`, in `stage` (the evaluation's: its run, or its lexical comparison). */
export type ProgressListener<S> = (done: number, total: number, stage: S) => void;

export class ProgressRelay<S> {
  private listener: ProgressListener<S> | undefined;

  /** Passes progress on to the listener, if any. */
  tell(done: number, total: number, stage: S): void {
    this.listener?.(done, total, stage);
  }

  /** Runs `work` with `listener` told the progress reported meanwhile. */
  async during<T>(listener: ProgressListener<S> | undefined, work: () => Promise<T>): Promise<T> {
    this.listener = listener;
    try {
      return await work();
    } finally {
      this.listener = undefined;
    }
  }
}

// Progress from the engine to whoever asked for it: the engine's host tells the relay, and one caller listens for
// the length of one operation (the evaluation command's notice), without the engine's API taking a function (it
// may run in a Web Worker, where a callback cannot go).

/** Told `done` of `total`. */
export type ProgressListener = (done: number, total: number) => void;

export class ProgressRelay {
  private listener: ProgressListener | undefined;

  /** Passes progress on to the listener, if any. */
  tell(done: number, total: number): void {
    this.listener?.(done, total);
  }

  /** Runs `work` with `listener` told the progress reported meanwhile. */
  async during<T>(listener: ProgressListener | undefined, work: () => Promise<T>): Promise<T> {
    this.listener = listener;
    try {
      return await work();
    } finally {
      this.listener = undefined;
    }
  }
}

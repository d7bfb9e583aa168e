// Embeddings in the background (spec §9.2): after the index opens and after each batch of saves, concepts
// whose content or model changed are embedded through Ollama. It runs inside the index's one-at-a-time queue
// but yields between batches when other work waits, so a save is never stuck behind a long first embedding.
// A failure shows one notice per session (not one per file, save or retry; the status bar keeps the state) and
// the lexical signals keep working.
import type { EmbedReport } from '../core/embed/embed-index';
import type { EmbedError, Embedder } from '../core/embed/types';
import type { Engine } from './engine/engine';
import type { Exclusive } from './exclusive';

export type EmbeddingState =
  | { readonly kind: 'disabled' }
  | { readonly kind: 'idle' }
  | { readonly kind: 'running'; readonly done: number; readonly total: number }
  | { readonly kind: 'failed'; readonly message: string; readonly cause: EmbedError['kind']; readonly at: number };

export interface EmbeddingDeps {
  readonly exclusive: Exclusive;
  /** The engine whose index to embed into (undefined while none is open); the pass runs where it runs. */
  engine(): Engine | undefined;
  /** The embedder the settings ask for; undefined when embeddings are turned off. */
  embedder(): Embedder | undefined;
  notify(message: string): void;
  /** Vectors were stored: the index must be persisted. */
  stored(): void;
  onState(state: EmbeddingState): void;
}

/** After a failure, automatic retries (on save) wait this long; a settings change retries at once. */
export const RETRY_AFTER_FAILURE_MS = 60_000;

export class EmbeddingScheduler {
  private current: EmbeddingState = { kind: 'idle' };
  private wanted = false;
  private loop: Promise<void> | null = null;
  /** A failure notice is shown at most once per session; later failures only change the status bar. */
  private noticeShown = false;
  private stopped = false;

  /** The engine running a pass now, asked to yield when other work queues up. */
  private passing: Engine | undefined;
  /** The embedder of the running pass: its vectors are stored under its model even if the settings change. */
  private passEmbedder: Embedder | undefined;

  constructor(private readonly deps: EmbeddingDeps) {
    // Between batches, the pass gives way to queued work (a save).
    deps.exclusive.onWaiter = () => this.passing?.yieldEmbedding();
  }

  /** The embedder the running pass embeds with (undefined between passes). */
  get currentPassEmbedder(): Embedder | undefined {
    return this.passEmbedder;
  }

  /** Progress of the running pass (reported by the engine after each batch of vectors is stored). */
  progress(done: number, total: number): void {
    // Each batch stored is a change to persist: a long pass is written part-way (at the latest after the longest
    // wait), not only when it ends.
    this.deps.stored();
    if (this.loop) this.setState({ kind: 'running', done, total });
  }

  get state(): EmbeddingState {
    return this.current;
  }

  /** Asks for an embedding pass. `force` retries at once after a failure (settings changed, rebuild). */
  request(force = false): void {
    if (this.stopped) return;
    if (!force && this.current.kind === 'failed' && Date.now() - this.current.at < RETRY_AFTER_FAILURE_MS) return;
    this.wanted = true;
    this.loop ??= this.run().finally(() => (this.loop = null));
  }

  /** The embedding settings changed: forget the failure and try again (the notice stays once per session). */
  reset(): void {
    if (this.current.kind === 'failed') this.setState({ kind: 'idle' });
    this.request(true);
  }

  /** No more passes (unload). */
  stop(): void {
    this.stopped = true;
    this.wanted = false;
    this.passing?.yieldEmbedding();
  }

  /** Resolves when no pass is running or requested. */
  async idle(): Promise<void> {
    while (this.loop) await this.loop;
  }

  private async run(): Promise<void> {
    while (this.wanted && !this.stopped) {
      this.wanted = false;
      const embedder = this.deps.embedder();
      if (!embedder) {
        this.setState({ kind: 'disabled' });
        return;
      }
      const report = await this.deps.exclusive.run(async (): Promise<EmbedReport | undefined> => {
        const engine = this.deps.engine();
        if (!engine || this.stopped) return undefined;
        // Work queued before the pass could start goes first.
        if (this.deps.exclusive.hasWaiters) return { embedded: 0, current: 0, stopped: true };
        this.passing = engine;
        this.passEmbedder = embedder;
        try {
          return await engine.embedPass(embedder.model);
        } catch (error) {
          // The engine itself failed (a broken worker; its owner says so and drops it): no pass, no notice here.
          console.error('OKF Graph Wiki: the embedding pass stopped', error);
          return undefined;
        } finally {
          this.passing = undefined;
          this.passEmbedder = undefined;
        }
      });
      if (!report) continue;
      if (report.embedded > 0) this.deps.stored();
      if (report.stopped) {
        this.wanted = true;
        continue;
      }
      if (report.error) {
        this.setState({ kind: 'failed', message: report.error.message, cause: report.error.kind, at: Date.now() });
        if (!this.noticeShown) {
          this.noticeShown = true;
          this.deps.notify(
            `OKF Graph Wiki: embeddings paused. ${report.error.message} Search keeps using titles and full text.`,
          );
        }
        return;
      }
      this.setState({ kind: 'idle' });
    }
  }

  private setState(state: EmbeddingState): void {
    this.current = state;
    this.deps.onState(state);
  }
}

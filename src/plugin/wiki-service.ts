// The index's life inside Obsidian: open (wiki.db read back and caught up by content hash, or rebuilt),
// batches of saves applied, rebuilds, persistence (after a quiet minute, atomic, and on unload), background
// embeddings, and the queries and lint runs the views make. Everything that touches the index runs one at a time,
// in the engine (engine/): a Web Worker in Obsidian, or in-process; vault I/O and the embedder stay here.
import type { Vault } from 'obsidian';
import type { AuthorLogEntry } from '../core/author/commit';
import type { Embedder } from '../core/embed/types';
import type { OpenOutcome } from '../core/index/open';
import type { IndexStats, WikiIndex } from '../core/index/wiki-index';
import type { LintReport } from '../core/lint/types';
import { DEFAULT_SET_NAME, type EvaluateFileOutcome, type EvaluationPass } from '../core/evaluate/evaluate-set-file';
import type { ConceptRecord } from '../core/generate/concept-record';
import type { Artifact, GeneratedFile } from '../core/generate/regenerate';
import { systemClock, type Clock } from '../core/types';
import type { QueryAnswer } from './answer';
import { isIndexedPath, scopeOf, type BundleScope } from './bundle-scope';
import type { ChangeBatch } from '../core/engine/change-batcher';
import { EmbeddingScheduler, type EmbeddingState } from './embedding-scheduler';
import type { Engine, EngineChange, EngineQueryOptions } from './engine/engine';
import { vaultHost } from './engine/vault-host';
import { startEngine } from './engine/engine-start';
import type { EngineStart } from './engine/engine-worker';
import { engineQueryOptions } from './engine/query-options';
import { Exclusive } from './exclusive';
import { ProgressRelay, type ProgressListener } from './progress-relay';
import { unloadWithinLimit } from './unload-limit';
import { DEFAULT_PERSIST_DELAY_MS, IndexPersister } from './index-persister';
import { readBundleThresholds, thresholdReport } from './threshold-report';
import { settingsImpact, wikiDbVaultPath, type OkfSettings } from './settings';
import { VaultBundle } from './vault-bundle';
import { bundleChangesOf } from './vault-batch';

export type IndexState =
  | { readonly kind: 'waiting' }
  | { readonly kind: 'indexing'; readonly done: number; readonly total: number }
  | { readonly kind: 'ready'; readonly concepts: number }
  | { readonly kind: 'failed'; readonly message: string };

/** What changed: `state` for the status bar, `index` when the indexed content changed (views refresh). */
export type ServiceEvent = 'state' | 'index';

export interface WikiServiceOptions {
  readonly vault: Vault;
  readonly settings: () => OkfSettings;
  readonly notify: (message: string) => void;
  /** The embedder for these settings (Ollama over requestUrl in the plugin). */
  readonly createEmbedder: (settings: OkfSettings) => Embedder;
  readonly clock?: Clock;
  /** Quiet time before a changed index is written to wiki.db (default 60 s; also written on unload and rebuild). */
  readonly persistDelayMs?: number;
  /** Why the index is not open when it was never started (first run: no folder chosen yet), for queries and lint. */
  readonly notStarted?: () => string | undefined;
  /** Where the engine runs (engine-start.ts): a Web Worker, or in-process (default; the clock applies only there). */
  readonly engine?: EngineStart;
}

export class WikiService {
  private readonly exclusive = new Exclusive();
  readonly embeddings: EmbeddingScheduler;
  /** The engine (in a worker or in-process), created at the first open. */
  private engine: Engine | undefined;
  /** Whether the engine has an open index. */
  private opened = false;
  private indexState: IndexState = { kind: 'waiting' };
  private outcome: OpenOutcome | undefined;
  private bundle: VaultBundle;
  private readonly persister: IndexPersister;
  private closed = false;
  private closing: Promise<void> | undefined;
  /** Why the last engine broke (its operation's rejection then says nothing more). */
  private brokenReason: string | undefined;
  private embedder: { key: string; embedder: Embedder } | undefined;
  private readonly listeners = new Set<(event: ServiceEvent) => void>();
  private readonly clock: Clock;
  private readonly evaluationProgress = new ProgressRelay<EvaluationPass>();

  constructor(private readonly options: WikiServiceOptions) {
    this.clock = options.clock ?? systemClock;
    this.bundle = new VaultBundle(options.vault, scopeOf(options.settings()));
    this.persister = new IndexPersister(options.vault.adapter, wikiDbVaultPath(options.settings()), {
      delayMs: options.persistDelayMs ?? DEFAULT_PERSIST_DELAY_MS,
      notify: options.notify,
      due: () => void this.persistNow(),
    });
    this.embeddings = new EmbeddingScheduler({
      exclusive: this.exclusive,
      engine: () => (this.opened ? this.engine : undefined),
      embedder: () => this.embedderFor(this.options.settings()),
      notify: options.notify,
      stored: () => this.persister.markDirty(),
      onState: () => this.emit('state'),
    });
  }

  /** The open index when the engine runs in-process (tests); undefined in a worker or until the first open. */
  get index(): WikiIndex | undefined {
    return this.opened ? this.engine?.localIndex : undefined;
  }

  /** Whether an index is open (queries and edits can run). */
  get isOpen(): boolean {
    return this.opened;
  }

  get state(): IndexState {
    return this.indexState;
  }

  get embeddingState(): EmbeddingState {
    return this.embeddings.state;
  }

  /** How the index was last opened: read back from wiki.db (with what was caught up) or built. */
  get lastOpen(): OpenOutcome | undefined {
    return this.outcome;
  }

  get scope(): BundleScope {
    return this.bundle.scope;
  }

  /** Vault path of wiki.db. */
  get wikiDbPath(): string {
    return this.persister.path;
  }

  onChange(listener: (event: ServiceEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Opens the index: wiki.db when it can be trusted (only changed files re-read), otherwise a full build. */
  start(): Promise<void> {
    return this.exclusive.run(() => this.open());
  }

  /** Applies a batch of file events: changed concepts re-read and upserted, removed ones forgotten. */
  applyChanges(batch: ChangeBatch): Promise<void> {
    return this.exclusive.run(async () => {
      if (!this.opened || !this.engine || this.closed) return;
      const { removed, toRead } = bundleChangesOf(this.options.vault, this.bundle.scope, batch);
      const change = await this.engine.apply(removed, toRead);
      if (change.changed) this.indexChanged(change);
    });
  }

  /**
   * Rebuilds the index from the concept files, as `okf-wiki reindex` does: vectors of unchanged concepts kept,
   * timeline.md, the keywords and the index.md blocks regenerated, one log.md entry. Embedding follows in the
   * background.
   */
  rebuild(): Promise<void> {
    return this.exclusive.run(async () => {
      if (this.closed) return;
      this.setState({ kind: 'indexing', done: 0, total: 0 });
      try {
        const change = await (await this.engineNow()).rebuild();
        this.opened = true;
        this.outcome = { kind: 'built', reason: 'rebuilt from the concept files' };
        this.indexChanged(change);
        // An explicit action: wiki.db is written whole now (queued after this), not after the quiet time.
        void this.persistNow(true);
      } catch (error) {
        this.fail(error);
      }
    });
  }

  /**
   * After an authoring commit wrote concept files: the index catches up with the written files (those in the
   * concept folders), the generated files are rewritten and `entry` is the one log.md entry.
   */
  afterEdit(entry: AuthorLogEntry, vaultPathOf: (bundlePath: string) => string): Promise<void> {
    return this.exclusive.run(async () => {
      if (!this.opened || !this.engine)
        throw new Error('the index is not open; the files were written, run "Rebuild index" to catch up');
      const indexed = entry.paths.filter((p) => isIndexedPath(this.bundle.scope, vaultPathOf(p)));
      this.indexChanged(await this.engine.afterEdit(entry, indexed));
    });
  }

  /** The index's concepts in path order, read between other index operations (for the pickers). */
  conceptRecords(): Promise<ConceptRecord[]> {
    return this.exclusive.run(async () => (this.opened && this.engine ? this.engine.conceptRecords() : []));
  }

  /** Answers a question from the index, with the settings' retrieval options and the vector signal when it can run. */
  query(question: string): Promise<QueryAnswer> {
    return this.exclusive.run(async () => {
      if (!this.opened || !this.engine)
        throw new Error(this.indexState.kind === 'failed' ? this.indexState.message : this.notOpenMessage());
      return this.engine.answer(question, await this.queryOptions());
    });
  }

  /** The index's counts; not queued behind other work (a read between two steps of a running one). */
  async stats(): Promise<IndexStats | undefined> {
    return this.opened ? this.engine?.stats() : undefined;
  }

  /** The lint report over the current index and the bundle's files (okf-wiki.json included). */
  lint(): Promise<LintReport> {
    return this.exclusive.run(() => this.openEngine().lint());
  }

  /** Regenerates one generated artifact (timeline.md, wiki-trigger-keywords.txt) from the index, as the CLI does. */
  regenerate(artifact: Artifact): Promise<GeneratedFile[]> {
    return this.exclusive.run(() => this.openEngine().regenerate(artifact));
  }

  /** Runs the bundle's evaluate.json (spec §7.5) as the CLI does (evaluate.last.json beside it), telling progress. */
  evaluate(onProgress?: ProgressListener<EvaluationPass>): Promise<EvaluateFileOutcome> {
    const evaluate = async () => this.openEngine().evaluate('/' + DEFAULT_SET_NAME, await this.queryOptions());
    return this.exclusive.run(() => this.evaluationProgress.during(onProgress, evaluate));
  }

  /** The thresholds answers use and where each comes from, for the settings tab. */
  async thresholdReport(): Promise<{ coverage: string; vector: string }> {
    const settings = this.options.settings();
    const embedder = settings.embeddingsEnabled ? this.options.createEmbedder(settings) : undefined;
    const engine = this.opened ? this.engine : undefined;
    const calibration = embedder && engine ? await engine.vectorCalibration(embedder.model) : undefined;
    return thresholdReport(settings, await readBundleThresholds(this.bundle), calibration);
  }

  /** Applies a settings change: rebuild for new folders, a move for wiki.db, a re-embed for a new model. */
  async reconfigure(before: OkfSettings, after: OkfSettings): Promise<void> {
    const impact = settingsImpact(before, after);
    // Never opened (first run): nothing of ours is at the old place to move or remove.
    if (impact.relocate) {
      // Written at the new place now (like Rebuild): quitting within the minute must not cost a full build.
      if (this.opened) {
        this.persister.moveTo(wikiDbVaultPath(after));
        void this.persistNow(true);
      } else this.persister.path = wikiDbVaultPath(after);
    }
    if (impact.reembed || !after.embeddingsEnabled) this.embedder = undefined;
    if (impact.rebuild) {
      this.bundle = new VaultBundle(this.options.vault, scopeOf(after));
      if (this.opened) await this.rebuild();
    }
    if (impact.reembed) this.embeddings.reset();
    else if (!after.embeddingsEnabled && before.embeddingsEnabled) this.embeddings.request(true);
    this.emit('state');
  }

  /** Writes what changed since the last write now: the pieces, and wiki.db whole when `whole` or when it is due. */
  persistNow(whole = false): Promise<void> {
    this.persister.cancelTimer();
    return this.exclusive.run(() => this.writeSnapshot(whole));
  }

  /** Resolves when queued work, pending writes and embedding passes are done. */
  async whenIdle(): Promise<void> {
    for (let i = 0; i < 3; i++) {
      await this.exclusive.idle();
      await this.embeddings.idle();
      await this.persister.written();
    }
  }

  /** Unload: no more work; the index is written if it changed (wiki.db whole if it lags), then closed. */
  close(): Promise<void> {
    if (this.closing) return this.closing;
    this.closed = true;
    this.persister.stop();
    this.embeddings.stop();
    // A build or rebuild in a worker is not waited for: the worker is terminated (the next start catches up by stat).
    if (this.indexState.kind === 'indexing' && this.engine?.abort) {
      this.engine.abort();
      [this.engine, this.opened] = [undefined, false];
    }
    const written = this.exclusive.run(() => this.writeSnapshot(true).finally(() => this.closeEngine()));
    this.closing = unloadWithinLimit(written, this.persister, () => this.closeEngine());
    return this.closing;
  }

  /** Closes the engine (a worker: terminated after at most 2 s) and forgets the listeners; once. */
  private async closeEngine(): Promise<void> {
    const engine = this.engine;
    [this.engine, this.opened] = [undefined, false];
    this.listeners.clear();
    await engine?.close();
  }

  /** Exports the index (in the engine: only the pieces not on disk, `have`), and queues the write (index-persister). */
  private writeSnapshot(whole: boolean): Promise<void> {
    const snapshot = (have?: readonly string[], foreign?: Uint8Array) =>
      this.opened ? this.engine?.exportIndex(have, foreign) : undefined;
    return this.persister.writeSnapshot(snapshot, whole);
  }

  private async open(): Promise<void> {
    if (this.closed) return;
    this.setState({ kind: 'indexing', done: 0, total: 0 });
    try {
      const opened = await (await this.engineNow()).open();
      this.opened = true;
      this.outcome = opened.opened;
      if (opened.opened.kind === 'built' && this.persister.builtInstead())
        this.options.notify(`OKF Graph Wiki: ${opened.opened.reason}.`);
      if (opened.changed) this.indexChanged(opened);
      else {
        this.setState({ kind: 'ready', concepts: opened.concepts });
        this.emit('index');
        this.embeddings.request();
      }
    } catch (error) {
      this.fail(error);
    }
  }

  /** The engine, started on first use where the options say (not kept when the service closed meanwhile). */
  private async engineNow(): Promise<Engine> {
    if (this.engine) return this.engine;
    const host = vaultHost({
      bundle: () => this.bundle,
      readWikiDb: (whole) => this.persister.read(whole),
      dirty: () => this.persister.markDirty(),
      // A pass started before a settings change finishes with its own embedder (the next pass uses the new one).
      embedder: (model) =>
        [this.embeddings.currentPassEmbedder, this.embedderFor(this.options.settings())].find(
          (e) => e?.model === model,
        ),
      progress: (done, total) => this.setState({ kind: 'indexing', done, total }),
      embedProgress: (done, total) => this.embeddings.progress(done, total),
      evaluateProgress: (done, total, pass) => this.evaluationProgress.tell(done, total, pass),
    });
    const choice = this.options.engine ?? { kind: 'in-process' };
    const broken = (reason: string) => this.engineBroken(engine, reason);
    const engine = await startEngine(choice, host, this.clock, broken, () => this.closed);
    return (this.engine = engine);
  }

  /** The worker broke: its engine is dropped (the next start or Rebuild makes a new one) and the state says why. */
  private engineBroken(engine: Engine, reason: string): void {
    if (this.engine !== engine) return;
    this.engine = undefined;
    this.opened = false;
    void engine.close();
    if (this.closed) return;
    this.brokenReason = reason;
    const message = `The index stopped (${reason}); "Rebuild index" starts it again.`;
    this.setState({ kind: 'failed', message });
    this.options.notify(`OKF Graph Wiki: ${message}`);
  }

  /** The open engine, or an error saying the index is not ready. */
  private openEngine(): Engine {
    if (!this.opened || !this.engine) throw new Error(this.notOpenMessage());
    return this.engine;
  }

  private notOpenMessage(): string {
    return (
      (this.indexState.kind === 'waiting' ? this.options.notStarted?.() : undefined) ??
      'The index is still being built.'
    );
  }

  private indexChanged(change: EngineChange): void {
    this.setState({ kind: 'ready', concepts: change.concepts });
    this.emit('index');
    this.persister.markDirty();
    this.embeddings.request();
  }

  /** The settings' retrieval options, the bundle's thresholds and the vector signal (or why it is off). */
  private async queryOptions(): Promise<EngineQueryOptions> {
    const settings = this.options.settings();
    const thresholds = await readBundleThresholds(this.bundle);
    return engineQueryOptions(settings, thresholds, this.embeddings.state, this.embedderFor(settings));
  }

  private embedderFor(settings: OkfSettings): Embedder | undefined {
    if (!settings.embeddingsEnabled) return undefined;
    const key = `${settings.ollamaHost}\n${settings.embeddingModel}\n${settings.ollamaTimeoutMs}`;
    if (this.embedder?.key !== key) this.embedder = { key, embedder: this.options.createEmbedder(settings) };
    return this.embedder.embedder;
  }

  private fail(error: unknown): void {
    if (this.closed) return;
    // The engine broke during this operation: engineBroken already said so.
    if ((error as Error)?.message === this.brokenReason && this.indexState.kind === 'failed') return;
    const message = `The index could not be opened: ${(error as Error).message ?? String(error)}`;
    this.setState({ kind: 'failed', message });
    this.options.notify(`OKF Graph Wiki: ${message}`);
  }

  private setState(state: IndexState): void {
    this.indexState = state;
    this.emit('state');
  }

  private emit(event: ServiceEvent): void {
    for (const listener of [...this.listeners]) listener(event);
  }
}

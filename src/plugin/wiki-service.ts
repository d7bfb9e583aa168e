// The index's life inside Obsidian: open (wiki.db read back and caught up by content hash, or rebuilt),
// batches of saves applied, rebuilds, persistence (debounced, atomic, and on unload), background embeddings,
// and the queries and lint runs the views make. Everything that touches the index runs one at a time.
import type { Vault } from 'obsidian';
import type { AuthorLogEntry } from '../core/author/commit';
import type { Embedder } from '../core/embed/types';
import { WikiSession, type SessionEnv } from '../core/engine/session';
import type { OpenOutcome } from '../core/index/open';
import type { LoadProblem, WikiIndex } from '../core/index/wiki-index';
import type { LintReport } from '../core/lint/types';
import { DEFAULT_SET_NAME, evaluateSetFile, type EvaluateFileOutcome } from '../core/evaluate/evaluate-set-file';
import { conceptRecordsFromIndex, type ConceptRecord } from '../core/generate/concept-record';
import type { Artifact, GeneratedFile } from '../core/generate/regenerate';
import type { BundleThresholds } from '../core/retrieval/thresholds';
import type { ContextOptions } from '../core/retrieval/types';
import { systemClock, type Clock } from '../core/types';
import { markersFor, successorTitlesFor, type QueryAnswer } from './answer';
import { readPersisted } from './atomic-write';
import { isIndexedPath, type BundleScope } from './bundle-scope';
import type { ChangeBatch } from '../core/engine/change-batcher';
import { EmbeddingScheduler, type EmbeddingState } from './embedding-scheduler';
import { Exclusive } from './exclusive';
import { DEFAULT_PERSIST_DELAY_MS, IndexPersister } from './index-persister';
import { readBundleThresholds, thresholdReport } from './threshold-report';
import { contextOptionsFrom, settingsImpact, wikiDbVaultPath, type OkfSettings } from './settings';
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
}

/** How the plugin names itself in log.md entries. */
const ORIGIN = 'Obsidian plugin';

export class WikiService {
  private readonly exclusive = new Exclusive();
  readonly embeddings: EmbeddingScheduler;
  private session: WikiSession | undefined;
  /** What the engine session needs: the bundle of the current settings, wiki.db through the persister. */
  private readonly env: SessionEnv;
  private indexState: IndexState = { kind: 'waiting' };
  private outcome: OpenOutcome | undefined;
  private bundle: VaultBundle;
  private readonly persister: IndexPersister;
  private closed = false;
  /** Whether the last open found a wiki.db (a rebuild instead is then worth a notice). */
  private hadWikiDb = false;
  private closing: Promise<void> | undefined;
  private embedder: { key: string; embedder: Embedder } | undefined;
  private readonly listeners = new Set<(event: ServiceEvent) => void>();
  private readonly clock: Clock;

  constructor(private readonly options: WikiServiceOptions) {
    this.clock = options.clock ?? systemClock;
    this.bundle = new VaultBundle(options.vault, scopeOf(options.settings()));
    this.persister = new IndexPersister(options.vault.adapter, wikiDbVaultPath(options.settings()), {
      delayMs: options.persistDelayMs ?? DEFAULT_PERSIST_DELAY_MS,
      notify: options.notify,
      due: () => void this.persistNow(),
    });
    // The bundle is replaced when the concept folders change: the session reads it through this getter.
    const currentBundle = (): VaultBundle => this.bundle;
    this.env = {
      get bundle() {
        return currentBundle();
      },
      store: { read: () => this.readWikiDb(), write: async () => this.markDirty() },
      clock: this.clock,
      origin: ORIGIN,
    };
    this.embeddings = new EmbeddingScheduler({
      exclusive: this.exclusive,
      index: () => this.session?.index,
      embedder: () => this.embedderFor(this.options.settings()),
      notify: options.notify,
      stored: () => this.markDirty(),
      onState: () => this.emit('state'),
    });
  }

  /** The open index (undefined until the first open finishes). */
  get index(): WikiIndex | undefined {
    return this.session?.index;
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
      const session = this.session;
      if (!session || this.closed) return;
      const { removed, toRead } = bundleChangesOf(this.options.vault, this.bundle.scope, batch);
      let touched = 0;
      for (const bundlePath of removed) touched += session.remove(bundlePath);
      touched += (await session.refresh(toRead)).length;
      if (touched > 0) this.indexChanged(session.index);
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
      const onBuildProgress = (done: number, total: number) => this.setState({ kind: 'indexing', done, total });
      try {
        if (this.session) await this.session.rebuild({ onBuildProgress });
        else this.session = (await WikiSession.rebuilt(this.env, { onBuildProgress })).session;
        this.outcome = { kind: 'built', reason: 'rebuilt from the concept files' };
        this.indexChanged(this.session.index);
        // An explicit action: its wiki.db is written now (queued after this), not after the quiet time.
        void this.persistNow();
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
      const session = this.session;
      if (!session) throw new Error('the index is not open; the files were written, run "Rebuild index" to catch up');
      const indexed = entry.paths.filter((p) => isIndexedPath(this.bundle.scope, vaultPathOf(p)));
      await session.afterEdit(entry, {}, undefined, indexed);
      this.indexChanged(session.index);
    });
  }

  /** The index's concepts in path order, read between other index operations (for the pickers). */
  conceptRecords(): Promise<ConceptRecord[]> {
    return this.exclusive.run(async () => (this.session ? conceptRecordsFromIndex(this.session.index) : []));
  }

  /** Answers a question from the index, with the settings' retrieval options and the vector signal when it can run. */
  query(question: string): Promise<QueryAnswer> {
    return this.exclusive.run(async () => {
      const session = this.session;
      if (!session)
        throw new Error(this.indexState.kind === 'failed' ? this.indexState.message : this.notOpenMessage());
      const index = session.index;
      const result = await session.answer(question, {
        ...contextOptionsFrom(this.options.settings()),
        bundleThresholds: await this.bundleThresholds(),
        ...this.vectorOptions(),
      });
      const markers = markersFor(index, result, this.clock.now());
      return { result, markers, successorTitles: successorTitlesFor(index, result, markers) };
    });
  }

  /** The lint report over the current index and the bundle's files (okf-wiki.json included). */
  lint(): Promise<LintReport> {
    return this.exclusive.run(() => this.openSession().lint());
  }

  /** Regenerates one generated artifact (timeline.md, wiki-trigger-keywords.txt) from the index, as the CLI does. */
  regenerate(artifact: Artifact): Promise<GeneratedFile[]> {
    return this.exclusive.run(async () => this.openSession().regenerate([artifact]));
  }

  /** Runs the bundle's evaluate.json (spec §7.5) as the CLI does; writes evaluate.last.json beside it. */
  evaluate(): Promise<EvaluateFileOutcome> {
    return this.exclusive.run(async () => {
      const index = this.openSession().index;
      const files = {
        read: (p: string) => this.bundle.readIfExists(p),
        write: (p: string, text: string) => this.bundle.write(p, text),
      };
      return evaluateSetFile(index, files, '/' + DEFAULT_SET_NAME, {
        ...contextOptionsFrom(this.options.settings()),
        clock: this.clock,
        bundleThresholds: await this.bundleThresholds(),
        ...this.vectorOptions(),
      });
    });
  }

  /** The thresholds answers use and where each comes from, for the settings tab. */
  async thresholdReport(): Promise<{ coverage: string; vector: string }> {
    const settings = this.options.settings();
    const embedder = settings.embeddingsEnabled ? this.options.createEmbedder(settings) : undefined;
    const calibration = embedder ? this.session?.index.vectorCalibration(embedder.model) : undefined;
    return thresholdReport(settings, await this.bundleThresholds(), calibration);
  }

  private bundleThresholds(): Promise<BundleThresholds> {
    return readBundleThresholds(this.bundle);
  }

  /** Applies a settings change: rebuild for new folders, a move for wiki.db, a re-embed for a new model. */
  async reconfigure(before: OkfSettings, after: OkfSettings): Promise<void> {
    const impact = settingsImpact(before, after);
    // Never opened (first run): nothing of ours is at the old place to move or remove.
    if (impact.relocate) {
      if (this.session) this.persister.moveTo(wikiDbVaultPath(after));
      else this.persister.path = wikiDbVaultPath(after);
    }
    if (impact.reembed || !after.embeddingsEnabled) this.embedder = undefined;
    if (impact.rebuild) {
      this.bundle = new VaultBundle(this.options.vault, scopeOf(after));
      if (this.session) await this.rebuild();
    }
    if (impact.reembed) this.embeddings.reset();
    else if (!after.embeddingsEnabled && before.embeddingsEnabled) this.embeddings.request(true);
    this.emit('state');
  }

  /** Writes wiki.db now if the index changed since the last write. */
  persistNow(): Promise<void> {
    this.persister.cancelTimer();
    return this.exclusive.run(() => this.persister.writeSnapshot(() => this.session?.index.export()));
  }

  /** Resolves when queued work, pending writes and embedding passes are done. */
  async whenIdle(): Promise<void> {
    for (let i = 0; i < 3; i++) {
      await this.exclusive.idle();
      await this.embeddings.idle();
      await this.persister.written();
    }
  }

  /** Unload: no more work; the index is written if it changed, then closed. */
  close(): Promise<void> {
    if (this.closing) return this.closing;
    this.closed = true;
    this.persister.stop();
    this.embeddings.stop();
    this.closing = this.exclusive.run(async () => {
      await this.persister.writeSnapshot(() => this.session?.index.export());
      this.session?.close();
      this.session = undefined;
      this.listeners.clear();
    });
    return this.closing;
  }

  private async open(): Promise<void> {
    if (this.closed) return;
    this.setState({ kind: 'indexing', done: 0, total: 0 });
    try {
      const session = await WikiSession.open(this.env, (done, total) =>
        this.setState({ kind: 'indexing', done, total }),
      );
      this.session = session;
      this.outcome = session.opened;
      if (session.opened.kind === 'built' && this.hadWikiDb)
        this.options.notify(`OKF Graph Wiki: ${session.opened.reason}.`);
      if (session.openChangedIndex) this.indexChanged(session.index);
      else {
        this.setState({ kind: 'ready', concepts: session.index.stats().concepts });
        this.emit('index');
        this.embeddings.request();
      }
    } catch (error) {
      this.fail(error);
    }
  }

  /** wiki.db's bytes for the session; a read failure is told and the index rebuilt from the concept files. */
  private async readWikiDb(): Promise<Uint8Array | LoadProblem | undefined> {
    this.hadWikiDb = false;
    try {
      const bytes = await readPersisted(this.options.vault.adapter, this.persister.path);
      this.hadWikiDb = bytes !== undefined;
      return bytes;
    } catch (error) {
      this.options.notify(
        `OKF Graph Wiki: could not read ${this.persister.path} ` +
          `(${(error as Error).message}); rebuilding from the concept files.`,
      );
      return undefined;
    }
  }

  /** The open session, or an error saying the index is not ready. */
  private openSession(): WikiSession {
    if (!this.session) throw new Error(this.notOpenMessage());
    return this.session;
  }

  private notOpenMessage(): string {
    return (
      (this.indexState.kind === 'waiting' ? this.options.notStarted?.() : undefined) ??
      'The index is still being built.'
    );
  }

  private indexChanged(index: WikiIndex): void {
    this.setState({ kind: 'ready', concepts: index.stats().concepts });
    this.emit('index');
    this.markDirty();
    this.embeddings.request();
  }

  private markDirty(): void {
    this.persister.markDirty();
  }

  private vectorOptions(): Pick<ContextOptions, 'embedder' | 'vectorOff'> {
    const settings = this.options.settings();
    if (!settings.embeddingsEnabled) return { vectorOff: { kind: 'turned-off' } };
    const state = this.embeddings.state;
    if (state.kind === 'failed')
      return { vectorOff: { kind: 'embedder-failed', cause: state.cause, message: state.message } };
    const embedder = this.embedderFor(settings);
    return embedder ? { embedder } : {};
  }

  private embedderFor(settings: OkfSettings): Embedder | undefined {
    if (!settings.embeddingsEnabled) return undefined;
    const key = `${settings.ollamaHost}\n${settings.embeddingModel}\n${settings.ollamaTimeoutMs}`;
    if (this.embedder?.key !== key) this.embedder = { key, embedder: this.options.createEmbedder(settings) };
    return this.embedder.embedder;
  }

  private fail(error: unknown): void {
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

function scopeOf(settings: OkfSettings): BundleScope {
  return { bundleFolder: settings.bundleFolder, conceptFolders: settings.conceptFolders };
}

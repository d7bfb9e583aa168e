// The index's life inside Obsidian: open (wiki.db read back and caught up by content hash, or rebuilt),
// batches of saves applied, rebuilds, persistence (debounced, atomic, and on unload), background embeddings,
// and the queries and lint runs the views make. Everything that touches the index runs one at a time.
import type { Vault } from 'obsidian';
import type { Embedder } from '../core/embed/types';
import { buildIndex, refreshFiles } from '../core/index/build';
import { openIndex, type OpenOutcome } from '../core/index/open';
import type { LoadProblem, WikiIndex } from '../core/index/wiki-index';
import { lintBundle } from '../core/lint/run-lint';
import type { LintReport } from '../core/lint/types';
import { DEFAULT_SET_NAME, evaluateSetFile, type EvaluateFileOutcome } from '../core/evaluate/evaluate-set-file';
import { conceptRecordsFromIndex } from '../core/generate/concept-record';
import { formatLogEntry } from '../core/generate/log-entry';
import { regenerateBundleFiles, type Artifact, type GeneratedFile } from '../core/generate/regenerate';
import { BUNDLE_CONFIG_PATH, parseBundleConfig } from '../core/config/bundle-config';
import { contextFor, defaultContextOptions } from '../core/retrieval/context-for';
import { resolveThresholds, type BundleThresholds } from '../core/retrieval/thresholds';
import type { ContextOptions } from '../core/retrieval/types';
import { systemClock, type Clock } from '../core/types';
import { markersFor, successorTitlesFor, type QueryAnswer } from './answer';
import { readPersisted } from './atomic-write';
import { isIndexedPath, toBundlePath, type BundleScope } from './bundle-scope';
import type { ChangeBatch } from './change-batcher';
import { carryOverEmbeddings } from '../core/embed/embed-index';
import { EmbeddingScheduler, type EmbeddingState } from './embedding-scheduler';
import { Exclusive } from './exclusive';
import { DEFAULT_PERSIST_DELAY_MS, IndexPersister } from './index-persister';
import { contextOptionsFrom, settingsImpact, wikiDbVaultPath, type OkfSettings } from './settings';
import { VaultBundle } from './vault-bundle';

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
  /** Quiet time before a changed index is written to wiki.db. */
  readonly persistDelayMs?: number;
}

export class WikiService {
  readonly exclusive = new Exclusive();
  readonly embeddings: EmbeddingScheduler;
  private current: WikiIndex | undefined;
  private indexState: IndexState = { kind: 'waiting' };
  private outcome: OpenOutcome | undefined;
  private bundle: VaultBundle;
  private readonly persister: IndexPersister;
  private closed = false;
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
    this.embeddings = new EmbeddingScheduler({
      exclusive: this.exclusive,
      index: () => this.current,
      embedder: () => this.embedderFor(this.options.settings()),
      notify: options.notify,
      stored: () => this.markDirty(),
      onState: () => this.emit('state'),
    });
  }

  /** The open index (undefined until the first open finishes). */
  get index(): WikiIndex | undefined {
    return this.current;
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
      const index = this.current;
      if (!index || this.closed) return;
      const scope = this.bundle.scope;
      let touched = 0;
      for (const vaultPath of batch.removed) touched += this.removeUnder(index, toBundlePath(scope, vaultPath));
      const toRead: string[] = [];
      for (const vaultPath of this.expandFolders(batch.changed)) {
        const bundlePath = toBundlePath(scope, vaultPath);
        if (bundlePath === null || !isIndexedPath(scope, vaultPath)) continue;
        if (this.options.vault.getFileByPath(vaultPath) === null) touched += this.removeUnder(index, bundlePath);
        else toRead.push(bundlePath);
      }
      touched += (await refreshFiles(index, this.bundle, toRead)).length;
      if (touched > 0) this.indexChanged(index);
    });
  }

  /** Rebuilds the index from the concept files (vectors of unchanged concepts are kept). */
  rebuild(): Promise<void> {
    return this.exclusive.run(async () => {
      if (this.closed) return;
      this.setState({ kind: 'indexing', done: 0, total: 0 });
      try {
        const fresh = await buildIndex(this.bundle, (done, total) => this.setState({ kind: 'indexing', done, total }));
        const old = this.current;
        if (old) {
          carryOverEmbeddings(old, fresh);
          old.close();
        }
        this.current = fresh;
        this.outcome = { kind: 'built', reason: 'rebuilt from the concept files' };
        this.indexChanged(fresh);
      } catch (error) {
        this.fail(error);
      }
    });
  }

  /** Answers a question from the index, with the settings' retrieval options and the vector signal when it can run. */
  query(question: string): Promise<QueryAnswer> {
    return this.exclusive.run(async () => {
      const index = this.current;
      if (!index) throw new Error(this.indexState.kind === 'failed' ? this.indexState.message : 'The index is still being built.');
      const result = await contextFor(index, question, {
        ...contextOptionsFrom(this.options.settings()),
        bundleThresholds: await this.bundleThresholds(),
        clock: this.clock,
        ...this.vectorOptions(),
      });
      const markers = markersFor(index, result, this.clock.now());
      return { result, markers, successorTitles: successorTitlesFor(index, result, markers) };
    });
  }

  /** The lint report over the current index and the bundle's files (okf-wiki.json included). */
  lint(): Promise<LintReport> {
    return this.exclusive.run(async () => {
      const index = this.current;
      if (!index) throw new Error('The index is still being built.');
      return lintBundle(index, this.bundle, { clock: this.clock });
    });
  }

  /** Regenerates one generated artifact (timeline.md, wiki-trigger-keywords.txt) from the index, as the CLI does. */
  regenerate(artifact: Artifact): Promise<GeneratedFile[]> {
    return this.exclusive.run(async () => {
      const index = this.current;
      if (!index) throw new Error('The index is still being built.');
      return regenerateBundleFiles({
        concepts: conceptRecordsFromIndex(index),
        source: this.bundle,
        writer: this.bundle,
        clock: this.clock,
        artifacts: [artifact],
        logEntry: (written) => {
          const changed = written.filter((f) => f.outcome === 'created' || f.outcome === 'updated');
          return changed.length === 0
            ? undefined
            : formatLogEntry('Regenerate', `rewrote ${changed.map((f) => `\`${f.path.slice(1)}\``).join(', ')} (Obsidian plugin).`);
        },
      });
    });
  }

  /** Runs the bundle's evaluate.json (spec §7.5) as the CLI does; writes evaluate.last.json beside it. */
  evaluate(): Promise<EvaluateFileOutcome> {
    return this.exclusive.run(async () => {
      const index = this.current;
      if (!index) throw new Error('The index is still being built.');
      const files = { read: (p: string) => this.bundle.readIfExists(p), write: (p: string, text: string) => this.bundle.write(p, text) };
      return evaluateSetFile(index, files, '/' + DEFAULT_SET_NAME, {
        ...contextOptionsFrom(this.options.settings()),
        clock: this.clock,
        bundleThresholds: await this.bundleThresholds(),
        ...this.vectorOptions(),
      });
    });
  }

  /**
   * The thresholds answers use and where each comes from (setting > okf-wiki.json > calibration > default),
   * for the settings tab: "vector gate 0.41 (calibration for nomic-embed-text on 1,204 concepts)".
   */
  async thresholdReport(): Promise<{ coverage: string; vector: string }> {
    const settings = this.options.settings();
    const bundle = await this.bundleThresholds();
    const embedder = settings.embeddingsEnabled ? this.options.createEmbedder(settings) : undefined;
    const calibration = embedder ? this.current?.vectorCalibration(embedder.model) : undefined;
    const applied = resolveThresholds({
      setting: { coverage: settings.coverageThreshold ?? undefined, vector: settings.vectorThreshold ?? undefined },
      bundle,
      calibratedVector: calibration?.gate,
      defaults: { coverage: defaultContextOptions.coverageThreshold, vector: defaultContextOptions.vectorThreshold },
    });
    const from = (source: string) => (source === 'setting' ? 'this setting' : source === 'calibration' && calibration ? `calibrated for ${calibration.model} on ${calibration.concepts.toLocaleString('en-US')} concepts` : source);
    return {
      coverage: `coverage ${applied.coverage.value} (${from(applied.coverage.source)})`,
      vector: `vector gate ${applied.vector.value} (${from(applied.vector.source)})`,
    };
  }

  /** okf-wiki.json's `thresholds` ({} without the file or when it cannot be read). */
  private async bundleThresholds(): Promise<BundleThresholds> {
    try {
      const text = await this.bundle.readIfExists(BUNDLE_CONFIG_PATH);
      return text === undefined ? {} : (parseBundleConfig(text).config.thresholds ?? {});
    } catch {
      return {};
    }
  }

  /** Applies a settings change: rebuild for new folders, a move for wiki.db, a re-embed for a new model. */
  async reconfigure(before: OkfSettings, after: OkfSettings): Promise<void> {
    const impact = settingsImpact(before, after);
    if (impact.relocate) this.persister.moveTo(wikiDbVaultPath(after));
    if (impact.reembed || !after.embeddingsEnabled) this.embedder = undefined;
    if (impact.rebuild) {
      this.bundle = new VaultBundle(this.options.vault, scopeOf(after));
      if (this.current) await this.rebuild();
    }
    if (impact.reembed) this.embeddings.reset();
    else if (!after.embeddingsEnabled && before.embeddingsEnabled) this.embeddings.request(true);
    this.emit('state');
  }

  /** Writes wiki.db now if the index changed since the last write. */
  persistNow(): Promise<void> {
    this.persister.cancelTimer();
    return this.exclusive.run(() => this.persister.writeSnapshot(() => this.current?.export()));
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
      await this.persister.writeSnapshot(() => this.current?.export());
      this.current?.close();
      this.current = undefined;
      this.listeners.clear();
    });
    return this.closing;
  }

  private async open(): Promise<void> {
    if (this.closed) return;
    this.setState({ kind: 'indexing', done: 0, total: 0 });
    try {
      let persisted: Uint8Array | LoadProblem | undefined;
      try {
        persisted = await readPersisted(this.options.vault.adapter, this.persister.path);
      } catch (error) {
        this.options.notify(`OKF Graph Wiki: could not read ${this.persister.path} (${(error as Error).message}); rebuilding from the concept files.`);
      }
      const { index, outcome } = await openIndex(this.bundle, persisted, (done, total) => this.setState({ kind: 'indexing', done, total }));
      this.current = index;
      this.outcome = outcome;
      if (outcome.kind === 'built' && persisted !== undefined) this.options.notify(`OKF Graph Wiki: ${outcome.reason}.`);
      const changed = outcome.kind === 'built' || outcome.sync.updated.length + outcome.sync.removed.length > 0;
      if (changed) this.indexChanged(index);
      else {
        this.setState({ kind: 'ready', concepts: index.stats().concepts });
        this.emit('index');
        this.embeddings.request();
      }
    } catch (error) {
      this.fail(error);
    }
  }

  /** Removes a file, or every indexed file under a folder. Returns how many were removed. */
  private removeUnder(index: WikiIndex, bundlePath: string | null): number {
    if (bundlePath === null) return 0;
    const paths = index.filesUnder(bundlePath);
    for (const path of paths) index.removeFile(path);
    return paths.length;
  }

  /** A renamed or created folder stands for the files in it. */
  private expandFolders(paths: readonly string[]): string[] {
    const out: string[] = [];
    for (const path of paths) {
      const folder = this.options.vault.getFolderByPath(path);
      if (!folder) out.push(path);
      else out.push(...this.options.vault.getFiles().filter((f) => f.path.startsWith(path + '/')).map((f) => f.path));
    }
    return [...new Set(out)];
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
    if (state.kind === 'failed') return { vectorOff: { kind: 'embedder-failed', cause: state.cause, message: state.message } };
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

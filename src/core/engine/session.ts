// One engine session over a bundle, the same for the CLI, the MCP server and the plugin: open (wiki.db loaded
// and caught up, or built) → sync changed paths → answer / lint / regenerate / after an edit / rebuild → persist.
// Shells only provide file access, a clock, where wiki.db lives and an embedder; the orchestration is here once.
import { logLine, type AuthorLogEntry } from '../author/commit';
import { calibrateVectorGate, needsCalibration, type VectorCalibration } from '../embed/calibrate';
import { carryOverEmbeddings, embedIndex, type EmbedReport, type EmbedRunOptions } from '../embed/embed-index';
import type { Embedder } from '../embed/types';
import { conceptRecordsFromIndex } from '../generate/concept-record';
import { ALL_ARTIFACTS, regenerateBundleFiles, type Artifact, type GeneratedFile } from '../generate/regenerate';
import { buildIndex, refreshFiles, syncIndex, type Progress, type SyncReport } from '../index/build';
import { keepsFile, openIndex, rebuiltOutcome, type OpenOutcome } from '../index/open';
import { WikiDbChanged } from '../index/reader-vfs';
import type { LoadProblem, WikiIndex } from '../index/wiki-index';
import type { Persisted } from '../index/snapshot';
import { lintBundle } from '../lint/run-lint';
import type { LintReport } from '../lint/types';
import { declaredInverses } from '../config/load-bundle-config';
import {
  evaluateSetFile,
  sweepSetFile,
  type EvaluateFileOptions,
  type EvaluateFileOutcome,
  type SetFiles,
  type SweepFileOutcome,
} from '../evaluate/evaluate-set-file';
import type { SweepOptions } from '../evaluate/sweep';
import { contextFor } from '../retrieval/context-for';
import type { ContextOptions, ContextResult } from '../retrieval/types';
import type { BundleSource, BundleWriter, Clock } from '../types';
import { buildCarrying } from './build-carrying';
import { rebuildLogEntry, regenerateLogEntry } from './log-entries';
import type { EmbeddingChoice, RebuildOptions, RebuildReport, VectorsReport } from './rebuild-types';

export type { EmbeddingChoice, RebuildOptions, RebuildReport, VectorsReport } from './rebuild-types';

/** How long `close` and `rebuild` wait for saves in flight: far more than a healthy wiki.db write (~1 s at 10k). */
export const CLOSE_WAIT_MS = 10_000;

/** Thrown by `close` and `rebuild` when a save of wiki.db was still running after the wait (CLOSE_WAIT_MS). */
export class SavesStillRunning extends Error {
  override readonly name = 'SavesStillRunning';
}

/** Where a shell keeps wiki.db. */
export interface IndexStore {
  /**
   * The persisted bytes, or undefined when there are none (or they could not be read: the shell says why), or
   * a problem naming the file when the shell would not read it (over MAX_WIKI_DB_BYTES: the CLI's readWikiDb).
   */
  read(): Promise<Persisted | LoadProblem | undefined>;
  /**
   * Persists the index; `bytes` exports it (called at once, or later by a shell that debounces its writes).
   * `writeTo` hands the same bytes to a synchronous sink in pieces, for a shell that writes at once without
   * holding a whole copy (the CLI and the MCP server: ~150 MB at 10,000 concepts).
   */
  write(bytes: () => Uint8Array, writeTo?: (sink: (piece: Uint8Array) => void) => void): Promise<void>;
}

/** What a session needs from its shell. */
export interface SessionEnv {
  readonly bundle: BundleSource & BundleWriter;
  readonly store: IndexStore;
  readonly clock: Clock;
  /** Names the shell in log.md entries ("okf-wiki reindex", "Obsidian plugin"). */
  readonly origin: string;
}

export class WikiSession {
  private constructor(
    private current: WikiIndex,
    private readonly env: SessionEnv,
    /** How the index was opened: loaded from wiki.db (and what was caught up), or built. */
    readonly opened: OpenOutcome,
  ) {}

  /** Opening recorded new times of files whose content was unchanged (a copied or restored bundle). */
  private restampedAtOpen = false;

  /** Saves still writing wiki.db, settled either way: the export reads the open index as the file is written. */
  private readonly saving = new Set<Promise<void>>();

  /** The state of the index wiki.db holds, as far as this session knows (a save succeeded, or loaded unchanged). */
  private saved: IndexState | undefined;

  /** Opens the index: wiki.db when it can be trusted (only changed files re-read), otherwise a full build. */
  static async open(env: SessionEnv, onProgress?: Progress): Promise<WikiSession> {
    const opening = async () => openIndex(env.bundle, await env.store.read(), onProgress);
    // wiki.db read in place and written in place since its checksum pass, found by the catch-up (a page read, its first
    // write): opened once more, as it now is, rather than failing (its vectors are the other writer's to keep).
    const { index, outcome } = await opening().catch((error: unknown) => {
      if (error instanceof WikiDbChanged) return opening();
      throw error;
    });
    const session = new WikiSession(index, env, outcome);
    session.restampedAtOpen = outcome.kind === 'loaded' && index.fileStatsRecorded > 0;
    if (!session.openChangedIndex) session.saved = stateOf(index);
    return session;
  }

  /** A session over an index the shell already opened (a CLI read command that loaded wiki.db itself). */
  static over(index: WikiIndex, env: SessionEnv, opened: OpenOutcome): WikiSession {
    const session = new WikiSession(index, env, opened);
    if (!session.openChangedIndex) session.saved = stateOf(index);
    return session;
  }

  /**
   * A fresh session from a full rebuild (`okf-wiki reindex`): the vectors of unchanged concepts are carried
   * over from the persisted wiki.db when it can be read, then the common rebuild steps run.
   */
  static async rebuilt(
    env: SessionEnv,
    options: RebuildOptions = {},
  ): Promise<{ session: WikiSession; report: RebuildReport }> {
    const { fresh, carried, newer } = await buildCarrying(await env.store.read(), env.bundle, options.onBuildProgress);
    const session = new WikiSession(fresh, env, rebuiltOutcome(newer));
    return { session, report: await session.finishRebuild(carried, options) };
  }

  /** The open index (for read models: lint views, pickers, the embedding scheduler). */
  get index(): WikiIndex {
    return this.current;
  }

  /**
   * True when opening changed the index (built, files caught up, or new times of files found unchanged, which
   * spare the next catch-up re-reading them): worth persisting.
   */
  get openChangedIndex(): boolean {
    const o = this.opened;
    if (keepsFile(o)) return false;
    return o.kind === 'built' || o.sync.updated.length + o.sync.removed.length > 0 || this.restampedAtOpen;
  }

  /**
   * True when the index holds something wiki.db may not: changed since the last save that succeeded (or since it
   * was loaded, when opening changed nothing). A failed save leaves it true, so a later save can make up for it.
   */
  get unsaved(): boolean {
    const saved = this.saved;
    const now = stateOf(this.current);
    return saved?.index !== now.index || saved.generation !== now.generation || saved.stamps !== now.stamps;
  }

  /** Catches up with the whole bundle: files whose mtime and size are unchanged are skipped unread. */
  sync(onProgress?: Progress): Promise<SyncReport> {
    return syncIndex(this.current, this.env.bundle, onProgress);
  }

  /** Re-reads changed files (a batch of saves); returns the paths re-indexed. */
  refresh(paths: readonly string[]): Promise<string[]> {
    return refreshFiles(this.current, this.env.bundle, paths);
  }

  /** Forgets a file, or every indexed file under a folder. Returns how many were removed. */
  remove(path: string): number {
    const paths = this.current.filesUnder(path);
    for (const p of paths) this.current.removeFile(p);
    return paths.length;
  }

  /** The one context flow: context_for with the session's clock unless the caller pins another. */
  answerWith(question: string, embedding: EmbeddingChoice, options: ContextOptions = {}): Promise<ContextResult> {
    return this.answer(question, { ...options, ...embeddingOptions(embedding) });
  }

  /** context_for over the session's index and clock (okf-wiki.json's declared inverses unless given). */
  async answer(question: string, options: ContextOptions = {}): Promise<ContextResult> {
    return contextFor(this.current, question, await this.retrieval(options));
  }

  /** A labeled set run as `answer` answers (the CLI's evaluate and the plugin's alike), compared with its baseline. */
  async evaluate(files: SetFiles, setPath: string, options: EvaluateFileOptions = {}): Promise<EvaluateFileOutcome> {
    return evaluateSetFile(this.current, files, setPath, await this.retrieval(options));
  }

  /** A threshold sweep over a labeled set (`evaluate --sweep`), its answers as `answer`'s. */
  async sweep(files: SetFiles, setPath: string, options: SweepOptions = {}): Promise<SweepFileOutcome> {
    return sweepSetFile(this.current, files, setPath, await this.retrieval(options));
  }

  /** What every retrieval of the session runs with unless given: its clock, okf-wiki.json's declared inverses. */
  private async retrieval<T extends ContextOptions>(options: T): Promise<T> {
    return {
      clock: this.env.clock,
      ...options,
      inverses: options.inverses ?? (await declaredInverses(this.env.bundle)),
    };
  }

  /** Every lint check over the index and the bundle's files (okf-wiki.json included). */
  lint(checks?: readonly string[]): Promise<LintReport> {
    return lintBundle(this.current, this.env.bundle, { clock: this.env.clock, ...(checks ? { checks } : {}) });
  }

  /** Rewrites the chosen generated files; one "Regenerate" log entry when any changed. */
  regenerate(artifacts: readonly Artifact[]): Promise<GeneratedFile[]> {
    return this.regenerateWith(artifacts, (files) => regenerateLogEntry(files, this.env.origin));
  }

  /** Embeds what lacks a current vector. Never throws for embedder failures. */
  embed(embedder: Embedder, options: EmbedRunOptions = {}): Promise<EmbedReport> {
    return embedIndex(this.current, embedder, options);
  }

  /**
   * After an authoring commit wrote concept files (spec §7.1 steps 4-5): the index catches up with them, changed
   * concepts are embedded when an embedder is given, wiki.db is persisted, the generated files are rewritten and
   * `logLine(entry)` is the one log.md entry. `indexed` narrows the files re-read (the plugin indexes only its
   * concept folders).
   */
  async afterEdit(
    entry: AuthorLogEntry,
    embedding: EmbeddingChoice = {},
    onEmbedError?: (message: string) => void,
    indexed: readonly string[] = entry.paths,
  ): Promise<void> {
    await this.refresh(indexed);
    if (embedding.embedder) {
      const report = await this.embed(embedding.embedder);
      if (report.error) onEmbedError?.(report.error.message);
    }
    await this.save();
    await this.regenerateWith(ALL_ARTIFACTS, () => logLine(entry));
  }

  /**
   * Rebuilds from the concept files: build, carry the vectors of unchanged concepts, embed (when asked), persist,
   * regenerate every generated file and log one "Reindex" entry. The same steps in every shell.
   */
  async rebuild(options: RebuildOptions = {}): Promise<RebuildReport> {
    const fresh = await buildIndex(this.env.bundle, options.onBuildProgress);
    const carried = carryOverEmbeddings(this.current, fresh);
    // The old index is closed only once no save exports it; one that hangs must not hang the rebuild (and a
    // plugin's queue behind it): past the wait the rebuild is dropped and the index left to that save.
    const stopped =
      'the rebuild was not applied, the index stays as it was (rebuild again once the save has finished).';
    await this.savesSettledOr(stopped, () => fresh.close());
    this.current.close();
    this.current = fresh;
    return this.finishRebuild(carried, options);
  }

  /** Persists the index through the shell's store (a close waits for it); nothing when `keepsFile`, said at open. */
  save(): Promise<void> {
    const index = this.current;
    if (keepsFile(this.opened)) return Promise.resolve(void (this.saved = stateOf(index)));
    // Taken as the save starts: a shell that exports later writes this state or a newer one (at worst a save more).
    const state = stateOf(index);
    const written = this.env.store.write(
      () => index.export(),
      (sink) => index.exportTo(sink),
    );
    const settled = written.then(
      () => void (this.saved = state),
      () => undefined,
    );
    this.saving.add(settled);
    void settled.then(() => this.saving.delete(settled));
    return written;
  }

  /**
   * Closes the index once the saves in flight have settled: a shell may close while one is writing (the MCP server
   * on stdin's end), and the export reads the index as wiki.db is written. A failed save is its caller's to report;
   * the close goes on. A save still running after `waitMs` (a stalled drive) is not waited for: the CLI must exit
   * and Obsidian unload. Close then throws `SavesStillRunning`, and the index is closed when that save settles, never
   * under it, so a save that finishes late still writes the whole index.
   */
  async close(waitMs = CLOSE_WAIT_MS): Promise<void> {
    const stopped =
      'stopped waiting for it. Until a save finishes, wiki.db may lag the notes (the next open catches up by ' +
      'reading the files changed since).';
    await this.savesSettledOr(stopped, () => this.closeWhenSaved(this.current), waitMs);
    this.current.close();
  }

  /** Closes `index` once the saves in flight (which export it) have settled, never under them. */
  private closeWhenSaved(index: WikiIndex): void {
    void this.savesSettled().then(() => index.close());
  }

  /**
   * Waits up to `waitMs` for the saves in flight; past it, runs `giveUp` and throws SavesStillRunning ending with
   * `stopped` (what the caller did instead of waiting longer).
   */
  private async savesSettledOr(stopped: string, giveUp: () => void, waitMs = CLOSE_WAIT_MS): Promise<void> {
    if (await this.savesSettled(waitMs)) return;
    giveUp();
    throw new SavesStillRunning(`wiki.db was still being saved after ${waitMs / 1000} s; ${stopped}`);
  }

  /** Waits for the saves in flight (and any they started) to settle; false if `waitMs` passed first. */
  private async savesSettled(waitMs = Infinity): Promise<boolean> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<false>((resolve) => {
      if (waitMs !== Infinity) timer = setTimeout(() => resolve(false), waitMs);
    });
    try {
      while (this.saving.size > 0) {
        const settled = Promise.all(this.saving).then(() => true as const);
        if (!(await Promise.race([settled, late]))) return false;
      }
      return true;
    } finally {
      clearTimeout(timer);
    }
  }

  private async finishRebuild(carried: number, options: RebuildOptions): Promise<RebuildReport> {
    const vectors = options.embedding ? await this.embedForRebuild(options.embedding, options) : undefined;
    const embedder = options.embedding?.embedder;
    // A stop asked after the last batch (Ctrl-C) skips calibration too: the next rebuild calibrates.
    const worthCalibrating =
      embedder && vectors && vectors.off === undefined && !vectors.stopped && options.shouldStopEmbedding?.() !== true;
    const calibration = worthCalibrating ? await this.calibrate(embedder) : undefined;
    await this.save();
    const stats = this.current.stats();
    const generated = await this.regenerateWith(ALL_ARTIFACTS, (files) =>
      rebuildLogEntry(stats.concepts, stats.relations, files, this.env.origin),
    );
    return { stats, carried, ...(vectors ? { vectors } : {}), ...(calibration ? { calibration } : {}), generated };
  }

  /**
   * The vector gate for this model on this bundle: the stored calibration, unless there is none for the model or
   * the concept set changed materially; then measured anew (~100 short texts) and stored in the index.
   */
  async calibrate(embedder: Embedder): Promise<VectorCalibration | { readonly off: string }> {
    const stored = needsCalibration(this.current, embedder.model)
      ? undefined
      : this.current.vectorCalibration(embedder.model);
    if (stored) return stored;
    const outcome = await calibrateVectorGate(this.current, embedder);
    if (!('calibration' in outcome)) return { off: outcome.off };
    this.current.setVectorCalibration(outcome.calibration);
    return outcome.calibration;
  }

  private async embedForRebuild(choice: EmbeddingChoice, options: RebuildOptions): Promise<VectorsReport> {
    if (!choice.embedder) return { embedded: 0, current: 0, off: choice.off ?? { kind: 'not-configured' } };
    const { onEmbedProgress, shouldStopEmbedding, saveDuringEmbedding } = options;
    const report = await this.embed(choice.embedder, {
      ...(onEmbedProgress ? { onProgress: onEmbedProgress } : {}),
      ...(shouldStopEmbedding ? { shouldStop: shouldStopEmbedding } : {}),
      ...(saveDuringEmbedding ? { afterBatch: () => (saveDuringEmbedding() ? this.save() : Promise.resolve()) } : {}),
    });
    const base = { model: choice.embedder.model, embedded: report.embedded, current: report.current };
    if (report.stopped) return { ...base, stopped: true };
    if (!report.error) return base;
    options.onEmbedError?.(report.error.message);
    return { ...base, off: { kind: 'embedder-failed', cause: report.error.kind, message: report.error.message } };
  }

  private regenerateWith(
    artifacts: readonly Artifact[],
    logEntry: (files: readonly GeneratedFile[]) => string | undefined,
  ): Promise<GeneratedFile[]> {
    return regenerateBundleFiles({
      concepts: conceptRecordsFromIndex(this.current),
      source: this.env.bundle,
      writer: this.env.bundle,
      clock: this.env.clock,
      artifacts,
      logEntry,
    });
  }
}

/** What wiki.db must hold to be current: the index, its generation, and the file times recorded on it. */
interface IndexState {
  readonly index: WikiIndex;
  readonly generation: number;
  readonly stamps: number;
}

function stateOf(index: WikiIndex): IndexState {
  return { index, generation: index.generation, stamps: index.fileStatsRecorded };
}

/** contextFor's embedder options for an embedding choice: the embedder, or why there is none. */
export function embeddingOptions(choice: EmbeddingChoice): Pick<ContextOptions, 'embedder' | 'vectorOff'> {
  return {
    ...(choice.embedder ? { embedder: choice.embedder } : {}),
    ...(choice.off ? { vectorOff: choice.off } : {}),
  };
}

// The plugin's engine boundary: everything WikiService asks of the index (the engine session: SQLite WASM, the
// reader, retrieval, lint, regeneration, export) as one asynchronous API with cloneable arguments and results,
// and what the engine asks back of the main thread (vault I/O, wiki.db's bytes, the embedder, progress). The same
// API runs in a Web Worker (engine-worker.ts, over rpc.ts and engine-channel.ts) or in-process (engine-core.ts's
// EngineCore on the main thread); engine-start.ts chooses.
import type { AuthorLogEntry } from '../../core/author/commit';
import type { EmbedReport } from '../../core/embed/embed-index';
import type { VectorCalibration } from '../../core/embed/calibrate';
import type { EmbedKind } from '../../core/embed/types';
import type { EvaluateFileOutcome, EvaluationPass } from '../../core/evaluate/evaluate-set-file';
import type { ConceptRecord } from '../../core/generate/concept-record';
import type { Artifact, GeneratedFile } from '../../core/generate/regenerate';
import type { OpenOutcome } from '../../core/index/open';
import type { IndexStats, WikiIndex } from '../../core/index/wiki-index';
import type { LintReport } from '../../core/lint/types';
import type { ContextOptions } from '../../core/retrieval/types';
import type { VectorOff } from '../../core/retrieval/vector-status';
import type { FileStat } from '../../core/types';
import type { QueryAnswer } from '../answer';
import type { ExportedIndex, WikiDbRead } from './wiki-db-pieces';

/** Retrieval options that cross the boundary: no functions; the embedder is named by its model. */
export type EngineQueryOptions = Omit<ContextOptions, 'clock' | 'embedder' | 'vectorOff'> & {
  /** Embed the question with the main thread's embedder for this model; absent: `vectorOff` says why not. */
  readonly embedderModel?: string;
  readonly vectorOff?: VectorOff;
};

/** The index after an operation that may have changed it. */
export interface EngineChange {
  /** Concepts now in the index. */
  readonly concepts: number;
  /** Whether the indexed content changed (views refresh, wiki.db is due). */
  readonly changed: boolean;
}

/** What the engine asks of the main thread. */
export interface EngineHost {
  list(): Promise<string[]>;
  read(path: string): Promise<string>;
  stat(path: string): Promise<FileStat | undefined>;
  readIfExists(path: string): Promise<string | undefined>;
  write(path: string, data: string | Uint8Array): Promise<void>;
  /**
   * Writes a large text the engine already encoded as UTF-8 (timeline.md is ~6.8 MB at 10,000 concepts: encoding it
   * is tens of milliseconds, done in the worker instead of by the vault's write on the main thread). Same checks
   * as `write` of the text.
   */
  writeUtf8(path: string, bytes: Uint8Array): Promise<void>;
  /**
   * wiki.db: its pieces when they match it (unless `whole`: a piece did not match its name), else its bytes (or why
   * they are not used, or undefined when there are none).
   */
  readWikiDb(whole: boolean): Promise<WikiDbRead>;
  /** The session persisted: wiki.db is due (the main thread writes it later, from `exportIndex`). */
  indexWritten(): void;
  /** Vectors from the main thread's embedder (Ollama through requestUrl). */
  embed(model: string, texts: readonly string[], kind: EmbedKind): Promise<Float32Array[]>;
  /** Build or catch-up progress. */
  progress(done: number, total: number): void;
  /** Embedding pass progress. */
  embedProgress(done: number, total: number): void;
  /** Evaluation progress: questions answered of the set's, in the run or in its lexical comparison. */
  evaluateProgress(done: number, total: number, pass: EvaluationPass): void;
}

/** The engine, wherever it runs. One operation at a time (the caller serializes). */
export interface Engine {
  /** wiki.db read back and caught up, or a build. */
  open(): Promise<EngineChange & { readonly opened: OpenOutcome }>;
  /** A batch of saves: removed paths forgotten, the others re-read and re-indexed when their content changed. */
  apply(removed: readonly string[], toRead: readonly string[]): Promise<EngineChange>;
  /** A full rebuild (vectors of unchanged concepts carried, generated files rewritten, one log entry). */
  rebuild(): Promise<EngineChange>;
  /** After an authoring commit: `indexed` re-read, generated files rewritten, `entry` logged. */
  afterEdit(entry: AuthorLogEntry, indexed: readonly string[]): Promise<EngineChange>;
  answer(question: string, options: EngineQueryOptions): Promise<QueryAnswer>;
  conceptRecords(): Promise<ConceptRecord[]>;
  lint(): Promise<LintReport>;
  regenerate(artifact: Artifact): Promise<GeneratedFile[]>;
  evaluate(setPath: string, options: EngineQueryOptions): Promise<EvaluateFileOutcome>;
  vectorCalibration(model: string): Promise<VectorCalibration | undefined>;
  /** One background embedding pass for `model` (calibration included); stops early after `yieldEmbedding`. */
  embedPass(model: string): Promise<EmbedReport>;
  /** Asks a running embedding pass to stop after its current batch (other work waits). */
  yieldEmbedding(): void;
  /** The index's counts (a read between two steps of any running operation), or undefined when none is open. */
  stats(): Promise<IndexStats | undefined>;
  /**
   * wiki.db's bytes (with the checksum trailer) and their pieces' names, or undefined when no index is open.
   * `foreign`: the wiki.db another shell wrote since this one's last read or write, whose ctimes and vectors are kept
   * first (core/index/adopt-ctimes.ts).
   */
  exportIndex(have?: readonly string[], foreign?: Uint8Array): Promise<ExportedIndex | undefined>;
  /** Closes the index (and the worker). */
  close(): Promise<void>;
  /** Stops at once, the operation in flight dropped (the worker terminated); absent in-process (nothing to stop). */
  readonly abort?: () => void;
  /** The index itself, only in-process (tests and diagnostics); undefined in a worker. */
  readonly localIndex: WikiIndex | undefined;
}

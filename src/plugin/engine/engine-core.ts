// The engine itself, on whichever thread runs it: one WikiSession over the bundle the host reads and writes,
// wiki.db's bytes from the host, the embedder through the host. Pure engine code (no `obsidian`): the worker's
// bundle carries it, and the in-process engine runs it on the main thread.
import type { AuthorLogEntry } from '../../core/author/commit';
import {
  calibrateVectorGate,
  needsCalibration,
  partialCalibrationDue,
  type VectorCalibration,
} from '../../core/embed/calibrate';
import { embedIndex, type EmbedReport } from '../../core/embed/embed-index';
import type { Embedder } from '../../core/embed/types';
import { WikiSession, type SessionEnv } from '../../core/engine/session';
import { DEFAULT_SET_NAME, type EvaluateFileOutcome, type EvaluationPass } from '../../core/evaluate/evaluate-set-file';
import { conceptRecordsFromIndex, type ConceptRecord } from '../../core/generate/concept-record';
import type { Artifact, GeneratedFile } from '../../core/generate/regenerate';
import { adoptRecorded } from '../../core/index/adopt-ctimes';
import type { Persisted } from '../../core/index/snapshot';
import type { IndexStats, LoadProblem, WikiIndex } from '../../core/index/wiki-index';
import type { LintReport } from '../../core/lint/types';
import type { ContextOptions } from '../../core/retrieval/types';
import { todayOf, type Clock } from '../../core/types';
import { markersFor, successorTitlesFor, type QueryAnswer } from '../answer';
import type { Engine, EngineChange, EngineHost, EngineQueryOptions } from './engine';
import { exported, isPieces, piecesFile, type ExportedIndex } from './wiki-db-pieces';

/**
 * wiki.db for the session: the pieces the host read, as one file, when each matches its name; else the whole file,
 * asked again (pieces are only a faster way to the same bytes).
 */
async function readWikiDb(host: EngineHost): Promise<Persisted | LoadProblem | undefined> {
  const read = await host.readWikiDb(false);
  if (!isPieces(read)) return read;
  return piecesFile(read) ?? ((await host.readWikiDb(true)) as Uint8Array | LoadProblem | undefined);
}

/** Calibrates the vector gate of the embedder's model on the index and stores it; false when it could not run. */
async function calibrate(index: WikiIndex, embedder: Embedder): Promise<boolean> {
  const outcome = await calibrateVectorGate(index, embedder);
  if ('calibration' in outcome) index.setVectorCalibration(outcome.calibration);
  return 'calibration' in outcome;
}

/** How the plugin names itself in log.md entries. */
const ORIGIN = 'Obsidian plugin';

export class EngineCore implements Engine {
  private session: WikiSession | undefined;
  private readonly env: SessionEnv;
  private yieldAsked = false;

  constructor(
    private readonly host: EngineHost,
    private readonly clock: Clock,
  ) {
    this.env = {
      bundle: {
        list: () => host.list(),
        read: (p) => host.read(p),
        stat: (p) => host.stat(p),
        write: (p, data) => host.write(p, data),
      },
      store: { read: () => readWikiDb(host), write: async () => host.indexWritten() },
      clock,
      origin: ORIGIN,
    };
  }

  get localIndex(): WikiIndex | undefined {
    return this.session?.index;
  }

  async open(): Promise<Awaited<ReturnType<Engine['open']>>> {
    const session = await WikiSession.open(this.env, (done, total) => this.host.progress(done, total));
    await this.session?.close();
    this.session = session;
    return { opened: session.opened, changed: session.openChangedIndex, concepts: this.concepts() };
  }

  async apply(removed: readonly string[], toRead: readonly string[]): Promise<EngineChange> {
    const session = this.open_();
    let touched = 0;
    for (const path of removed) touched += session.remove(path);
    touched += (await session.refresh(toRead)).length;
    return { changed: touched > 0, concepts: this.concepts() };
  }

  async rebuild(): Promise<EngineChange> {
    const onBuildProgress = (done: number, total: number) => this.host.progress(done, total);
    if (this.session) await this.session.rebuild({ onBuildProgress });
    else this.session = (await WikiSession.rebuilt(this.env, { onBuildProgress })).session;
    return { changed: true, concepts: this.concepts() };
  }

  async afterEdit(entry: AuthorLogEntry, indexed: readonly string[]): Promise<EngineChange> {
    await this.open_().afterEdit(entry, {}, undefined, indexed);
    return { changed: true, concepts: this.concepts() };
  }

  async answer(question: string, options: EngineQueryOptions): Promise<QueryAnswer> {
    const session = this.open_();
    const result = await session.answer(question, this.contextOptions(options));
    const markers = markersFor(session.index, result, todayOf(this.clock));
    return { result, markers, successorTitles: successorTitlesFor(session.index, result, markers) };
  }

  async conceptRecords(): Promise<ConceptRecord[]> {
    return this.session ? conceptRecordsFromIndex(this.session.index) : [];
  }

  lint(): Promise<LintReport> {
    return this.open_().lint();
  }

  regenerate(artifact: Artifact): Promise<GeneratedFile[]> {
    return this.open_().regenerate([artifact]);
  }

  evaluate(setPath: string = '/' + DEFAULT_SET_NAME, options: EngineQueryOptions): Promise<EvaluateFileOutcome> {
    const files = {
      read: (p: string) => this.host.readIfExists(p),
      write: (p: string, text: string) => this.host.write(p, text),
    };
    const onProgress = (done: number, total: number, pass: EvaluationPass) =>
      this.host.evaluateProgress(done, total, pass);
    // The session's flow, as the CLI's evaluate: okf-wiki.json's declared inverses included (they were left out here).
    return this.open_().evaluate(files, setPath, { ...this.contextOptions(options), onProgress });
  }

  async vectorCalibration(model: string): Promise<VectorCalibration | undefined> {
    return this.session?.index.vectorCalibration(model);
  }

  async embedPass(model: string): Promise<EmbedReport> {
    const index = this.open_().index;
    this.yieldAsked = false;
    const embedder = this.embedder(model);
    const embedded = await embedIndex(index, embedder, {
      onProgress: (done, total) => this.host.embedProgress(done, total),
      // Between batches, give way to queued work (a save) and to unload.
      shouldStop: () => this.yieldAsked,
      // Vectors with no calibrated gate do not answer (QA3 Q4), and a first pass over a large vault takes minutes
      // and is stopped by every save: its vectors are calibrated as they come (from 64, again as they double).
      afterBatch: async () => {
        if (partialCalibrationDue(index, model)) await calibrate(index, embedder);
      },
    });
    // Calibrate the vector gate when this model has none here or the concept set changed materially (issue 11).
    if (!embedded.error && !embedded.stopped && needsCalibration(index, model) && (await calibrate(index, embedder)))
      return { ...embedded, embedded: Math.max(embedded.embedded, 1) };
    return embedded;
  }

  yieldEmbedding(): void {
    this.yieldAsked = true;
  }

  async stats(): Promise<IndexStats | undefined> {
    return this.session?.index.stats();
  }

  async exportIndex(have?: readonly string[], foreign?: Uint8Array): Promise<ExportedIndex | undefined> {
    const index = this.session?.index;
    if (!index) return undefined;
    if (foreign) await adoptRecorded(index, foreign);
    return exported(index.export(), have);
  }

  async close(): Promise<void> {
    await this.session?.close();
    this.session = undefined;
  }

  private open_(): WikiSession {
    if (!this.session) throw new Error('The index is still being built.');
    return this.session;
  }

  private concepts(): number {
    return this.session?.index.stats().concepts ?? 0;
  }

  private embedder(model: string): Embedder {
    return { model, embed: (texts, kind) => this.host.embed(model, texts, kind) };
  }

  private contextOptions(options: EngineQueryOptions): ContextOptions {
    const { embedderModel, ...rest } = options;
    return {
      ...rest,
      clock: this.clock,
      ...(embedderModel !== undefined ? { embedder: this.embedder(embedderModel) } : {}),
    };
  }
}

// Embedding the concepts of an index (spec §6.1, §9.2): only concepts whose content hash or model changed are
// sent to the embedder, in batches, so an unchanged concept is never embedded twice.
import type { EmbeddingRow, WikiIndex } from '../index/wiki-index';
import type { VectorCalibration } from './calibrate';
import { documentText } from './document-text';
import { EmbedError, type Embedder } from './types';
import { dot, normalize } from './vectors';

/** Texts per request to the embedder. */
export const EMBED_BATCH = 16;

export interface EmbedReport {
  /** Concepts embedded now. */
  readonly embedded: number;
  /** Concepts whose stored vector was already current. */
  readonly current: number;
  /** Set when embedding stopped early; the concepts embedded before it are kept. */
  readonly error?: EmbedError;
  /** Set when `shouldStop` ended the run before the work was done (not a failure; run again later). */
  readonly stopped?: true;
}

/** How a run reports and yields. */
export interface EmbedRunOptions {
  /** Called after each batch. */
  readonly onProgress?: (done: number, total: number) => void;
  /** Asked before each request to the embedder: true ends the run early, keeping what was stored. */
  readonly shouldStop?: () => boolean;
  /** Awaited after each batch is stored (a reindex saves wiki.db now and then, so a crash keeps what was done). */
  readonly afterBatch?: () => Promise<void>;
}

/** A fixed text embedded on every run: its vector fingerprints the model behind the name (no concept text is sent). */
export const PROBE_TEXT = 'OKF Graph Wiki embedding probe: the same model answers the same vector.';
/** Below this cosine between today's probe vector and the stored one, the model has changed. */
const SAME_MODEL_COSINE = 0.98;

/**
 * True when two recorded probes (meta `embedding_probe`) are of the same model: its name, and its vector's dimension
 * and direction (a model pulled anew under the name answers another; the same one, on other hardware, nearly the same).
 */
export function sameProbe(a: string, b: string): boolean {
  try {
    const [x, y] = [a, b].map((text) => JSON.parse(text) as { model: string; vector: number[] });
    return (
      x.model === y.model &&
      x.vector.length === y.vector.length &&
      dot(normalize(Float32Array.from(x.vector)), normalize(Float32Array.from(y.vector))) >= SAME_MODEL_COSINE
    );
  } catch {
    return false;
  }
}

/**
 * Embeds the probe text and compares it with the probe stored beside the vectors (meta `embedding_probe`).
 * `changed` when vectors are stored but the model now answers in another dimension or direction, or when no
 * probe was recorded for them; the new probe is recorded either way.
 */
async function probeModel(index: WikiIndex, embedder: Embedder): Promise<{ changed: boolean; error?: EmbedError }> {
  let probe: Float32Array;
  try {
    [probe] = await embedder.embed([PROBE_TEXT], 'document');
  } catch (error) {
    return {
      changed: false,
      error: error instanceof EmbedError ? error : new EmbedError(String(error), 'bad-response'),
    };
  }
  const hasVectors = index.embeddingRows() > 0;
  const recorded = index.getMeta('embedding_probe');
  let changed = hasVectors;
  if (hasVectors && recorded !== undefined) {
    try {
      const before = JSON.parse(recorded) as { model: string; vector: number[] };
      changed =
        before.model !== embedder.model ||
        before.vector.length !== probe.length ||
        dot(normalize(Float32Array.from(before.vector)), normalize(probe)) < SAME_MODEL_COSINE;
    } catch {
      changed = true;
    }
  }
  index.setMeta(
    'embedding_probe',
    JSON.stringify({ model: embedder.model, vector: Array.from(probe, (v) => Math.round(v * 1e6) / 1e6) }),
  );
  return { changed };
}

/** Concepts lacking a vector for `model` at their current hash, in path order. */
export function conceptsToEmbed(index: WikiIndex, model: string): { path: string; hash: string }[] {
  return index.conceptsToEmbed(model);
}

/** Embeds every concept that needs it; reports progress after each batch. Never throws for embedder failures. */
export function embedIndex(index: WikiIndex, embedder: Embedder, options: EmbedRunOptions = {}): Promise<EmbedReport> {
  return embedRun(index, embedder, options, false);
}

async function embedRun(
  index: WikiIndex,
  embedder: Embedder,
  options: EmbedRunOptions,
  restarted: boolean,
): Promise<EmbedReport> {
  const { onProgress, shouldStop = () => false } = options;
  const currentNow = () => index.conceptCount() - index.conceptsToEmbed(embedder.model).length;
  if (!restarted) {
    if (shouldStop()) return { embedded: 0, current: currentNow(), stopped: true };
    const probe = await probeModel(index, embedder);
    if (probe.error) return { embedded: 0, current: currentNow(), error: probe.error };
    if (probe.changed) {
      // Same name, different model (pulled anew, or swapped behind the name): every stored vector is incomparable,
      // and so is the calibrated gate (another model, another similarity scale).
      index.deleteEmbeddings();
      index.clearVectorCalibrations();
      return embedRun(index, embedder, options, true);
    }
  }
  // A vector of another model must never be compared with this model's queries. Dropped only now that this
  // model has answered: trying a model that is not pulled, or an Ollama that is down, keeps the old vectors.
  index.deleteEmbeddings(embedder.model);
  // Named before the first vector is stored: a run stopped or saved part-way holds this model's vectors.
  index.setMeta('embedding_model', embedder.model);
  const todo = index.conceptsToEmbed(embedder.model);
  const total = index.conceptCount();
  const current = total - todo.length;
  let embedded = 0;
  for (let i = 0; i < todo.length; i += EMBED_BATCH) {
    // Concepts may be edited or deleted while a batch is out (the plugin embeds in the background): embed only
    // those still at the hash listed, and store a vector only if the concept has not changed meanwhile.
    const live = todo
      .slice(i, i + EMBED_BATCH)
      .map((t) => ({ t, fields: index.documentFields(t.path, t.hash) }))
      .filter((x) => x.fields !== undefined);
    if (live.length === 0) continue;
    if (shouldStop()) return { embedded, current, stopped: true };
    let vectors: Float32Array[];
    try {
      vectors = await embedder.embed(
        live.map((x) => documentText(x.fields!)),
        'document',
      );
    } catch (error) {
      return {
        embedded,
        current,
        error: error instanceof EmbedError ? error : new EmbedError(String(error), 'bad-response'),
      };
    }
    const dims = new Set(vectors.map((v) => v.length));
    if (dims.size !== 1) {
      return {
        embedded,
        current,
        error: new EmbedError('The embedder answered with vectors of different lengths in one batch.', 'bad-response'),
      };
    }
    const stored = index.storedDimension();
    if (stored !== undefined && !dims.has(stored)) {
      // The model now answers in another dimension than the stored vectors (it was swapped under the same
      // name): every stored vector is incomparable, so start over with this one.
      if (restarted)
        return {
          embedded,
          current,
          error: new EmbedError('The embedder keeps changing its vector dimension.', 'bad-response'),
        };
      index.deleteEmbeddings();
      return embedRun(index, embedder, options, true);
    }
    index.putEmbeddings(
      embedder.model,
      live.map((x, j) => ({ path: x.t.path, hash: x.t.hash, vector: vectors[j] })),
    );
    embedded += live.length;
    onProgress?.(current + embedded, total);
    await options.afterBatch?.();
  }
  return { embedded, current };
}

/**
 * Copies vectors from a previous index into a rebuilt one where the concept's content hash is unchanged, so
 * a full reindex never re-embeds what did not change (spec §7.4 rebuilds; it does not have to re-embed). The
 * model and its probe go with them, so the next pass does not take the model for a changed one.
 */
export function carryOverEmbeddings(from: WikiIndex, to: WikiIndex): number {
  return restoreEmbeddings(takeEmbeddings(from), to);
}

/** What a rebuild carries over from the previous index: its vectors, their calibrations, the model's meta. */
export interface CarriedEmbeddings {
  readonly rows: readonly EmbeddingRow[];
  readonly calibrations: readonly VectorCalibration[];
  readonly meta: readonly (readonly [string, string])[];
}

/**
 * Takes what carryOverEmbeddings copies out of `from`, so the previous index can be closed before the new one is
 * built (`okf-wiki reindex`: two whole databases at once were most of its peak memory).
 */
export function takeEmbeddings(from: WikiIndex): CarriedEmbeddings {
  const meta: [string, string][] = [];
  for (const key of ['embedding_model', 'embedding_probe']) {
    const value = from.getMeta(key);
    if (value !== undefined) meta.push([key, value]);
  }
  return { rows: from.embeddingRowsForCarry(), calibrations: from.vectorCalibrations(), meta };
}

/** Puts carried vectors (those whose concept is unchanged), calibrations and meta into `to`. Returns how many. */
export function restoreEmbeddings(carried: CarriedEmbeddings, to: WikiIndex): number {
  const copied = to.putCarriedEmbeddings(carried.rows);
  for (const calibration of carried.calibrations) to.setVectorCalibration(calibration);
  for (const [key, value] of carried.meta) to.setMeta(key, value);
  return copied;
}

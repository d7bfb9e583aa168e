// What a session's rebuild takes and reports (WikiSession.rebuilt, rebuild), and the embedding choice a shell hands
// it; re-exported by session.ts, where the shells import them from.
import type { VectorCalibration } from '../embed/calibrate';
import type { EmbedRunOptions } from '../embed/embed-index';
import type { Embedder } from '../embed/types';
import type { GeneratedFile } from '../generate/regenerate';
import type { Progress } from '../index/build';
import type { IndexStats } from '../index/wiki-index';
import type { VectorOff } from '../retrieval/vector-status';

/** The embedding step of a rebuild or an edit: an embedder, or why there is none. */
export interface EmbeddingChoice {
  readonly embedder?: Embedder;
  readonly off?: VectorOff;
}

/** The vector signal after a rebuild: concepts embedded now, already current, or why it is off. */
export interface VectorsReport {
  readonly model?: string;
  readonly embedded: number;
  readonly current: number;
  readonly off?: VectorOff;
  /** Set when `shouldStopEmbedding` ended the embedding early (Ctrl-C): the vectors so far are kept and saved. */
  readonly stopped?: true;
}

/** What a rebuild did. `vectors` is absent when the shell embeds later (the plugin, in the background). */
export interface RebuildReport {
  readonly stats: IndexStats;
  readonly carried: number;
  readonly vectors?: VectorsReport;
  /** The vector gate calibrated for the embedding model on this bundle (issue 11), or why there is none. */
  readonly calibration?: VectorCalibration | { readonly off: string };
  readonly generated: readonly GeneratedFile[];
}

export interface RebuildOptions {
  /** Embed now with this choice; absent: leave embedding to the shell. */
  readonly embedding?: EmbeddingChoice;
  readonly onBuildProgress?: Progress;
  readonly onEmbedProgress?: EmbedRunOptions['onProgress'];
  /** Told when embedding failed (the rebuild goes on with the lexical signals). */
  readonly onEmbedError?: (message: string) => void;
  /** Asked before each embedding request: true stops embedding (not calibrated); the rebuild finishes and saves. */
  readonly shouldStopEmbedding?: () => boolean;
  /** Asked after each embedded batch: true saves wiki.db at once, so a crash later keeps the vectors so far. */
  readonly saveDuringEmbedding?: () => boolean;
}

// Whether the vector signal took part in an answer, and if not, why — as data. Each shell words it for its
// user (the CLI names its flags, the plugin its settings); the core's own wording below names neither, and is
// what JSON readers and evaluation reports see.
import { EmbedError } from '../embed/types';
import type { ThresholdSource } from './thresholds';

/** Why the vector signal did not take part. */
export type VectorOff =
  /** The user chose lexical signals only (CLI `--no-embed`, embeddings off in the plugin settings). */
  | { readonly kind: 'turned-off' }
  /** No embedder was given and the caller said nothing more. */
  | { readonly kind: 'not-configured' }
  /** Switched off on purpose for this query (evaluation, ablation). */
  | { readonly kind: 'disabled-for-query' }
  /** The embedding backend failed (down, timed out, answered badly); `message` is for the person fixing it. */
  | { readonly kind: 'embedder-failed'; readonly cause: EmbedError['kind']; readonly message: string }
  /** The index holds no vectors for the model asked (or only another model's). */
  | { readonly kind: 'no-vectors'; readonly model: string; readonly otherModel?: string }
  /** The model answers in another dimension than the stored vectors. */
  | { readonly kind: 'wrong-dimension'; readonly queryDim: number; readonly indexDim: number }
  /**
   * The index holds vectors of the model but no calibrated gate for it on this bundle (an embedding pass stopped
   * or failed before calibrating) and no gate was set: at an unmeasured gate a vector hit could answer any
   * question alone, so the signal waits for its calibration (QA3 Q4).
   */
  | { readonly kind: 'uncalibrated'; readonly model: string; readonly embedded: number; readonly concepts: number };

/** The vector signal in one answer: used with a model, or off with why (and the model that was tried). */
export type VectorStatus =
  | {
      readonly used: true;
      readonly model: string;
      /**
       * The gate a vector-only candidate had to reach, and where it came from (issue 11: setting, okf-wiki.json,
       * calibration, default).
       */
      readonly threshold?: number;
      readonly thresholdSource?: ThresholdSource;
      /** The vector list's weight in the fusion (the calibration's trust; 1 without one). */
      readonly trust?: number;
    }
  | { readonly used: false; readonly off: VectorOff; readonly reason: string; readonly model?: string };

/** A status for a signal that did not run. */
export function vectorOff(off: VectorOff, model?: string): VectorStatus {
  return { used: false, off, reason: describeVectorOff(off), ...(model !== undefined ? { model } : {}) };
}

/** The core's wording of why the signal is off, naming no shell's flags or settings. */
export function describeVectorOff(off: VectorOff): string {
  switch (off.kind) {
    case 'turned-off':
      return 'the vector signal is turned off: lexical signals only';
    case 'not-configured':
      return 'no embedding backend configured';
    case 'disabled-for-query':
      return 'the vector signal was disabled for this query';
    case 'embedder-failed':
      return off.message;
    case 'no-vectors':
      return off.otherModel !== undefined
        ? `no concept vectors for model "${off.model}" in the index: it holds vectors of "${off.otherModel}"`
        : `no concept vectors for model "${off.model}" in the index yet`;
    case 'wrong-dimension':
      return (
        `the model answers with ${off.queryDim}-dimensional vectors but the ` +
        `index holds ${off.indexDim}-dimensional ones`
      );
    case 'uncalibrated':
      return (
        `the vectors of "${off.model}" (${off.embedded} of ${off.concepts} concepts embedded) have no calibrated ` +
        `gate on this bundle yet, and uncalibrated vectors may answer off-topic questions: not used until calibrated`
      );
  }
}

/** A VectorOff for a failure of the embedder while embedding the question. */
export function embedderFailed(error: unknown): VectorOff {
  return error instanceof EmbedError
    ? { kind: 'embedder-failed', cause: error.kind, message: error.message }
    : { kind: 'embedder-failed', cause: 'bad-response', message: `embedding the question failed: ${String(error)}` };
}

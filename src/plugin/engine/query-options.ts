// The retrieval options a question crosses the engine boundary with: the settings', the bundle's thresholds and
// the vector signal (the embedder's model, or why it is off).
import type { Embedder } from '../../core/embed/types';
import type { BundleThresholds } from '../../core/retrieval/thresholds';
import type { EmbeddingState } from '../embedding-scheduler';
import { contextOptionsFrom, type OkfSettings } from '../settings';
import type { EngineQueryOptions } from './engine';

/** Options for `Engine.answer` and `Engine.evaluate`. */
export function engineQueryOptions(
  settings: OkfSettings,
  bundleThresholds: BundleThresholds,
  embedding: EmbeddingState,
  embedder: Embedder | undefined,
): EngineQueryOptions {
  const base = { ...contextOptionsFrom(settings), bundleThresholds };
  if (!settings.embeddingsEnabled) return { ...base, vectorOff: { kind: 'turned-off' } };
  if (embedding.kind === 'failed')
    return { ...base, vectorOff: { kind: 'embedder-failed', cause: embedding.cause, message: embedding.message } };
  return embedder ? { ...base, embedderModel: embedder.model } : base;
}

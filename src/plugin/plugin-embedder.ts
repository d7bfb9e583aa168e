// The plugin's embedder: Ollama over requestUrl, or, when the configured host is not a usable address (a
// hand-edited data.json, a half-typed host from an older version), an embedder that fails every call with an
// EmbedError saying so. The Ollama client would throw "Invalid URL" while being created, failing every query
// and the background pass; an EmbedError instead turns the vector signal off with that reason, and the lexical
// signals keep answering.
import { createOllamaEmbedder } from '../core/embed/ollama';
import { EmbedError, type Embedder } from '../core/embed/types';
import { requestUrlFetch } from './request-url-fetch';
import { ollamaHostProblem, type OkfSettings } from './settings';

/** The embedder for these settings (never throws while being created). */
export function createPluginEmbedder(settings: OkfSettings, fetchImpl: typeof fetch = requestUrlFetch()): Embedder {
  const problem = ollamaHostProblem(settings.ollamaHost);
  if (problem === null) {
    return createOllamaEmbedder({
      host: settings.ollamaHost,
      model: settings.embeddingModel,
      timeoutMs: settings.ollamaTimeoutMs,
      fetch: fetchImpl,
    });
  }
  const error = `Ollama host: ${problem} Fix it in Settings → OKF Graph Wiki.`;
  return {
    model: settings.embeddingModel,
    embed: () => Promise.reject(new EmbedError(error, 'unreachable')),
  };
}

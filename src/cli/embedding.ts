// The CLI's embedding backend from its flags: Ollama unless --no-embed, with host, model and timeout.
import { createOllamaEmbedder, DEFAULT_EMBED_MODEL, DEFAULT_OLLAMA_HOST, MAX_TIMEOUT_MS } from '../core/embed/ollama';
import type { EmbeddingChoice } from '../core/engine/session';
import { FlagValueError, intFlag, type Flags } from './args';
import { InputError } from './input-error';

export type { EmbeddingChoice } from '../core/engine/session';

/** Seconds to wait for Ollama: a question is one short text, so a hung server should not hold an answer long. */
export const QUERY_TIMEOUT_SECONDS = 10;
export const INDEX_TIMEOUT_SECONDS = 30;

/** `purpose` sets the default timeout (--timeout overrides both): embedding a question, or a batch of concepts. */
export function embeddingFromFlags(flags: Flags, purpose: 'query' | 'index' = 'index'): EmbeddingChoice {
  if (flags['no-embed']) return { off: { kind: 'turned-off' } };
  const host = flags.ollama ?? process.env.OLLAMA_HOST ?? DEFAULT_OLLAMA_HOST;
  if (!/^https?:\/\/[^\s/]+/.test(host)) {
    // The environment's host is named as such: no --ollama was given to blame.
    if (flags.ollama !== undefined) throw new FlagValueError('ollama', host, 'must be an http(s) URL');
    const hint = 'set OLLAMA_HOST to a URL such as http://127.0.0.1:11434, or give --ollama URL';
    throw new InputError(`OLLAMA_HOST must be an http(s) URL, got ${JSON.stringify(host)}`, hint);
  }
  const timeoutMs =
    intFlag('timeout', flags.timeout, purpose === 'query' ? QUERY_TIMEOUT_SECONDS : INDEX_TIMEOUT_SECONDS) * 1000;
  if (timeoutMs > MAX_TIMEOUT_MS) {
    const most = Math.floor(MAX_TIMEOUT_MS / 1000);
    const expected = `must be at most ${most} seconds (about 24 days, the longest timer Node can set)`;
    throw new FlagValueError('timeout', flags.timeout ?? '', expected);
  }
  return { embedder: createOllamaEmbedder({ host, model: flags.model ?? DEFAULT_EMBED_MODEL, timeoutMs }) };
}

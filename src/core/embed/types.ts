// The embedding port: the Ollama client in real use, a deterministic fake in unit tests.

/** nomic-embed-text's task prefixes: `search_query: ` for questions, `search_document: ` for concepts. */
export type EmbedKind = 'query' | 'document';

/** Turns texts into vectors. The dimension comes from the answer, never from a constant. */
export interface Embedder {
  /** Model name stored beside each vector; a different model means re-embedding everything. */
  readonly model: string;
  /** One vector per text, in order. Rejects with an EmbedError saying what went wrong. */
  embed(texts: readonly string[], kind: EmbedKind): Promise<Float32Array[]>;
}

/** A failure of the embedding backend, phrased for the person who has to fix it. */
export class EmbedError extends Error {
  constructor(
    message: string,
    readonly kind: 'unreachable' | 'timeout' | 'model-missing' | 'server-error' | 'bad-response',
  ) {
    super(message);
    this.name = 'EmbedError';
  }
}

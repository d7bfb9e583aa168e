// The Ollama embedder (spec §9.2): the `ollama` package's batched `embed`, with nomic-embed-text's prefixes,
// a timeout, and every failure turned into an EmbedError that says what to do about it.
import { Ollama } from 'ollama/browser';
import { DOCUMENT_PREFIX, QUERY_PREFIX } from './document-text';
import { EmbedError, type EmbedKind, type Embedder } from './types';

export const DEFAULT_OLLAMA_HOST = 'http://127.0.0.1:11434';
export const DEFAULT_EMBED_MODEL = 'nomic-embed-text';
export const DEFAULT_EMBED_TIMEOUT_MS = 30_000;

export interface OllamaEmbedderOptions {
  readonly host?: string;
  readonly model?: string;
  /** Per request; a hung Ollama fails with a timeout instead of hanging the query or the save. */
  readonly timeoutMs?: number;
  /** A fetch to use instead of the global one (the plugin passes one built on Obsidian's requestUrl). */
  readonly fetch?: typeof fetch;
}

/** setTimeout's largest delay: a longer one overflows and fires at once, so every call would time out. */
export const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/**
 * Bytes of answer allowed per text: room for a vector of 8,192 numbers written as 32 characters each, several
 * times what real embedding models send (768 to 4,096 numbers of ~20 characters). A server that sends more is
 * broken or hostile; its body is not read on (a 200 MB answer cost 17.5 s and 2 GB before this cap).
 */
export const MAX_RESPONSE_BYTES_PER_TEXT = 8192 * 32;
/** Added to every cap: the JSON around the vectors, and error bodies. */
const RESPONSE_OVERHEAD_BYTES = 1024 * 1024;

/** The most bytes read from Ollama's answer to a batch of `texts` texts. */
export function responseLimit(texts: number): number {
  return RESPONSE_OVERHEAD_BYTES + texts * MAX_RESPONSE_BYTES_PER_TEXT;
}

/** Creates an Embedder that talks to Ollama over HTTP. */
export function createOllamaEmbedder(options: OllamaEmbedderOptions = {}): Embedder {
  const host = (options.host ?? DEFAULT_OLLAMA_HOST).replace(/\/+$/, '');
  const model = options.model ?? DEFAULT_EMBED_MODEL;
  const timeoutMs = Math.min(options.timeoutMs ?? DEFAULT_EMBED_TIMEOUT_MS, MAX_TIMEOUT_MS);
  const baseFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const timedFetch =
    (limit: number): typeof fetch =>
    async (input, init) => {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), timeoutMs);
      try {
        // Redirects are not followed (the texts must not be sent on to another address), but are named as such.
        const response = await baseFetch(input, { ...init, signal: controller.signal, redirect: 'manual' });
        if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
          const location = response.headers.get('location');
          controller.abort();
          throw new EmbedError(
            `Ollama at ${host} answered with a redirect ` +
              `(HTTP ${response.status || 'redirect'}${location ? ` to ${location}` : ''}), ` +
              `which is not followed; set the Ollama address ` +
              `to ${location ? 'where it points' : 'the server itself'}. The vector ` +
              `signal is off.`,
            'server-error',
          );
        }
        // The body is read under the same timer: a server that sends headers and then stalls times out too,
        // instead of hanging the query or the save forever.
        const body = await readCapped(response, limit, () => controller.abort(), host);
        return await asJsonError(
          new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers }),
          host,
        );
      } finally {
        clearTimeout(timer);
      }
    };

  return {
    model,
    async embed(texts: readonly string[], kind: EmbedKind): Promise<Float32Array[]> {
      if (texts.length === 0) return [];
      const client = new Ollama({ host, fetch: timedFetch(responseLimit(texts.length)) });
      const prefix = kind === 'query' ? QUERY_PREFIX : DOCUMENT_PREFIX;
      const request = { model, input: texts.map((t) => prefix + t), truncate: true };
      let response: unknown;
      try {
        response = await client.embed(request);
      } catch (error) {
        // A kept-alive connection that Ollama closed (it restarted) fails once before any answer; embedding is
        // idempotent, so one retry on a fresh connection tells a restart from a server that is really down.
        if (!isStaleConnection(error)) throw describeFailure(error, host, model, timeoutMs);
        try {
          response = await client.embed(request);
        } catch (retryError) {
          throw describeFailure(retryError, host, model, timeoutMs);
        }
      }
      return validate(response, texts.length, host, model);
    },
  };
}

/** The response body, read chunk by chunk and refused (the request aborted) past `limit` bytes. */
async function readCapped(
  response: Response,
  limit: number,
  abort: () => void,
  host: string,
): Promise<Uint8Array<ArrayBuffer>> {
  const tooLarge = (bytes: number | string) =>
    new EmbedError(
      `Ollama at ${host} sent an answer of ${bytes} bytes, over ` +
        `the ${limit}-byte limit for this many texts ` +
        `(${MAX_RESPONSE_BYTES_PER_TEXT} bytes per text); not read. The vector ` +
        `signal is off.`,
      'bad-response',
    );
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) {
    abort();
    throw tooLarge(declared);
  }
  if (!response.body) {
    // A fetch without streams (the plugin's, over Obsidian's requestUrl) has the whole body already.
    const whole = new Uint8Array(await response.arrayBuffer());
    if (whole.byteLength > limit) throw tooLarge(whole.byteLength);
    return whole;
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      abort();
      await reader.cancel().catch(() => undefined);
      throw tooLarge(`more than ${limit}`);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/** A connection dropped before any answer (no HTTP status): worth one retry. */
function isStaleConnection(error: unknown): boolean {
  const e = error as { status_code?: number; cause?: { code?: string } } | null;
  return typeof e?.status_code !== 'number' && ['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE'].includes(e?.cause?.code ?? '');
}

/** Ollama treats `name` and `name:latest` as the same model. */
function sameModel(a: string, b: string): boolean {
  const withTag = (m: string) => (m.includes(':') ? m : `${m}:latest`);
  return withTag(a) === withTag(b);
}

/** Error bodies as JSON, so the client reads them without logging to the console (it logs for plain text). */
async function asJsonError(response: Response, host: string): Promise<Response> {
  if (response.ok || response.headers.get('content-type')?.includes('application/json')) return response;
  const text = await response.text().catch(() => '');
  // Ollama answers every error in JSON: a bare 404 in text is another server, whatever its words.
  if (response.status === 404) throw notOllama(host);
  return new Response(JSON.stringify({ error: text || `HTTP ${response.status}` }), {
    status: response.status,
    statusText: response.statusText,
    headers: { 'content-type': 'application/json' },
  });
}

/**
 * Checks Ollama's answer: the model asked for, one finite vector per input, all of one dimension, none all zeros or one
 * number repeated.
 */
function validate(response: unknown, expected: number, host: string, model: string): Float32Array[] {
  const answeredModel = (response as { model?: unknown } | null)?.model;
  if (typeof answeredModel === 'string' && answeredModel !== '' && !sameModel(answeredModel, model)) {
    // Vectors of another model are incomparable with the stored ones (spec §7.4): never mix them in.
    throw new EmbedError(
      `Ollama at ${host} answered with model "${answeredModel}", not "${model}"; the vector signal is off.`,
      'bad-response',
    );
  }
  const embeddings = (response as { embeddings?: unknown } | null)?.embeddings;
  if (!Array.isArray(embeddings) || embeddings.length !== expected) {
    throw new EmbedError(
      `Ollama at ${host} answered without ${expected} embeddings; the vector signal is off.`,
      'bad-response',
    );
  }
  const dim = Array.isArray(embeddings[0]) ? embeddings[0].length : 0;
  return embeddings.map((e) => {
    if (
      !Array.isArray(e) ||
      e.length === 0 ||
      e.length !== dim ||
      !e.every((x) => typeof x === 'number' && Number.isFinite(x))
    ) {
      throw new EmbedError(
        `Ollama at ${host} answered with malformed vectors; the vector signal is off.`,
        'bad-response',
      );
    }
    const numbers = e as number[];
    // A vector of zeros has no direction (every cosine 0: a calibration set its gate at 0), and one number repeated
    // is one direction for every text (every cosine 1): no model answers so, so it is refused like a NaN (QA3 Q4).
    if (numbers.every((x) => x === numbers[0]) && (numbers[0] === 0 || numbers.length > 1)) {
      throw new EmbedError(
        `Ollama at ${host} answered with ${numbers[0] === 0 ? 'all-zero' : 'constant'} vectors ` +
          `(every number ${numbers[0]}) for model "${model}": they say nothing about the text; ` +
          `the vector signal is off.`,
        'bad-response',
      );
    }
    return Float32Array.from(numbers);
  });
}

function describeFailure(error: unknown, host: string, model: string, timeoutMs: number): EmbedError {
  // Already said precisely where it was raised (a redirect, an oversized answer).
  if (error instanceof EmbedError) return error;
  const e = error as { name?: string; message?: string; status_code?: number; cause?: { code?: string } };
  const message = e?.message ?? String(error);
  if (e?.name === 'AbortError' || /abort/i.test(message)) {
    return new EmbedError(
      `Ollama at ${host} did not answer within ${timeoutMs / 1000} s; the vector signal is off.`,
      'timeout',
    );
  }
  if (e?.status_code === 404) {
    if (!namesMissingModel(message, model)) return notOllama(host);
    return new EmbedError(
      `Ollama at ${host} does not have the model "${model}"; run \`ollama pull ${model}\`.`,
      'model-missing',
    );
  }
  if (typeof e?.status_code === 'number') {
    return new EmbedError(
      `Ollama at ${host} failed (HTTP ${e.status_code}: ${message.slice(0, 200)}); the vector signal is off.`,
      'server-error',
    );
  }
  if (e?.name === 'SyntaxError' || /json/i.test(message)) {
    return new EmbedError(
      `Ollama at ${host} answered with something that is not JSON; the vector signal is off.`,
      'bad-response',
    );
  }
  return new EmbedError(
    `Ollama is not reachable at ${host} (${e?.cause?.code ?? message}); ` +
      `start it with \`ollama serve\`. The vector signal is off.`,
    'unreachable',
  );
}

/**
 * Ollama's own answer for a model it does not have: a JSON error naming the model, `model "m" not found, try
 * pulling it first` (server/routes.go handleScheduleError) or `model 'm' not found` (its other handlers).
 */
function namesMissingModel(message: string, model: string): boolean {
  return /\bnot found\b/i.test(message) && (message.includes(`"${model}"`) || message.includes(`'${model}'`));
}

/** A 404 that is not Ollama's: a web server on that port, a proxy in front of nothing, or no /api/embed. */
function notOllama(host: string): EmbedError {
  return new EmbedError(
    `The server at ${host} is not Ollama (HTTP 404 on /api/embed); check the Ollama address ` +
      `(--ollama or OLLAMA_HOST). The vector signal is off.`,
    'bad-response',
  );
}

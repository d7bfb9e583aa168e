// A stand-in for Ollama in tests (ARCHITECTURE.md, "Ollama"): a real HTTP server on 127.0.0.1 that answers
// /api/embed and /api/tags the way Ollama does, with fast deterministic vectors, switchable failure modes
// and a record of every request; plus FakeEmbedder, the same vectors in-process for unit tests.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { EmbedKind, Embedder } from '../../src/core/embed/types';

/** Ollama's default embedding model name, as the CLI asks for it. */
export const FAKE_MODEL = 'nomic-embed-text';
/** Dimension of the fake vectors (nomic-embed-text's is 768; small keeps tests fast). */
export const FAKE_DIM = 64;

const PREFIXES = ['search_query: ', 'search_document: '];
/** Function words carry no topic; leaving them out keeps the fake similarities about content. */
const FAKE_STOPWORDS = new Set(
  (
    'a an the of is are was were what who which how why when do does did ' +
    'on in to and or for with it its by as at be'
  ).split(' '),
);

/**
 * Deterministic "embeddings": a hashed bag of words (function words left out), normalized. Texts sharing words get
 * similar vectors,
 * texts sharing none get near-orthogonal ones. `synonyms` maps a word to the word it should embed as, so a
 * test can stage a paraphrase that no lexical signal can see ("automobile" embeds like "car").
 */
export class FakeVectors {
  constructor(
    readonly dim = FAKE_DIM,
    readonly synonyms: Readonly<Record<string, string>> = {},
  ) {}

  /** The vector of one text; a nomic task prefix is ignored, as it carries no topic. */
  vector(text: string): number[] {
    let body = text;
    for (const p of PREFIXES) if (body.startsWith(p)) body = body.slice(p.length);
    const v = new Array<number>(this.dim).fill(0);
    for (const raw of body
      .toLowerCase()
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .match(/[\p{L}\p{N}]+/gu) ?? []) {
      if (FAKE_STOPWORDS.has(raw)) continue;
      const word = this.synonyms[raw] ?? raw;
      const h = fnv1a(word);
      v[h % this.dim] += (h >>> 16) & 1 ? 1 : -1;
    }
    const norm = Math.sqrt(v.reduce((s, x) => s + x * x, 0));
    // An empty text still gets a (fixed) unit vector, as a real model would give one.
    if (norm === 0) return v.map((_, i) => (i === 0 ? 1 : 0));
    return v.map((x) => x / norm);
  }

  /** Cosine similarity of two texts' vectors. */
  similarity(a: string, b: string): number {
    const va = this.vector(a);
    const vb = this.vector(b);
    return va.reduce((s, x, i) => s + x * vb[i], 0);
  }
}

function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** An in-process Embedder with the fake vectors; records each call. */
export class FakeEmbedder implements Embedder {
  readonly calls: { texts: string[]; kind: EmbedKind }[] = [];
  /** When set, every call rejects with it (an EmbedError, typically). */
  failWith: Error | undefined;

  constructor(
    readonly model = FAKE_MODEL,
    readonly vectors = new FakeVectors(),
  ) {}

  async embed(texts: readonly string[], kind: EmbedKind): Promise<Float32Array[]> {
    this.calls.push({ texts: [...texts], kind });
    if (this.failWith) throw this.failWith;
    return texts.map((t) => Float32Array.from(this.vectors.vector(t)));
  }

  /** Every text embedded so far, in order. */
  get texts(): string[] {
    return this.calls.flatMap((c) => c.texts);
  }
}

/**
 * How the fake answers /api/embed:
 * - `ok`: like Ollama;
 * - `refused`: nothing listens on the port (connection refused);
 * - `reset`: the connection is dropped without an answer;
 * - `hang`: the request is accepted and never answered;
 * - `hang-body`: headers are sent, then the body stalls half-way;
 * - `model-missing`: 404 with Ollama's JSON `{"error":"model \"m\" not found, try pulling it first"}` (what
 *   ollama/ollama's server/routes.go sends for /api/embed when the model is not pulled: handleScheduleError);
 * - `not-ollama`: another web server on the port: a bare 404 `Not Found` in text;
 * - `json-404`: another web server answering 404 in JSON that names no model (`{"detail":"Not Found"}`);
 * - `server-error`: 500 with an Ollama-style JSON error;
 * - `malformed`: 200 with a body that is not JSON;
 * - `wrong-dimension`: 200 with vectors of `wrongDim` numbers (the fake's own at that dimension);
 * - `other-model`: 200, but the answer names another model;
 * - `missing-embeddings`: 200 with one embedding fewer than inputs;
 * - `zero-vectors` / `constant-vectors`: 200 with every number 0 / 0.5 (a degenerate embedder);
 * - `huge-body`: 200 and a vector that never ends (up to 200 MB, no content-length), until the client stops reading;
 * - `redirect`: 307 to another address, like a proxy in front of Ollama.
 */
export type FakeMode =
  | 'ok'
  | 'refused'
  | 'reset'
  | 'hang'
  | 'hang-body'
  | 'model-missing'
  | 'not-ollama'
  | 'json-404'
  | 'server-error'
  | 'malformed'
  | 'wrong-dimension'
  | 'other-model'
  | 'missing-embeddings'
  | 'zero-vectors'
  | 'constant-vectors'
  | 'huge-body'
  | 'redirect';

/** Where `redirect` mode sends the client. */
export const FAKE_REDIRECT_TARGET = 'http://127.0.0.1:9/api/embed';

/** One request the fake received. */
export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  /** The parsed JSON body (undefined for GET or unparsable bodies). */
  readonly body: unknown;
}

export interface FakeOllamaOptions {
  /** Models the fake "has pulled"; asking /api/embed for another answers 404 like Ollama. */
  readonly models?: readonly string[];
  readonly vectors?: FakeVectors;
  /** Dimension answered in `wrong-dimension` mode. */
  readonly wrongDim?: number;
}

/** A fake Ollama server; `await FakeOllama.start()`, then point the client at `url`, then `close()`. */
export class FakeOllama {
  readonly requests: RecordedRequest[] = [];
  models: string[];
  readonly vectors: FakeVectors;
  readonly wrongDim: number;
  private modeValue: FakeMode = 'ok';
  /**
   * Called as each /api/embed request arrives (`n` counts them from 1, since the last `clear`), before it is
   * answered: a test can switch the mode for that very request (e.g. hang the fourth, to look at what a run left on
   * disk before it).
   */
  onEmbed: ((n: number) => void) | undefined;
  private embedCount = 0;
  private readonly sockets = new Set<Socket>();
  private server: Server;
  private listening = false;

  private constructor(
    private port: number,
    options: FakeOllamaOptions,
  ) {
    this.models = [...(options.models ?? [FAKE_MODEL])];
    this.vectors = options.vectors ?? new FakeVectors();
    this.wrongDim = options.wrongDim ?? FAKE_DIM / 2;
    this.server = this.createServer();
  }

  static async start(options: FakeOllamaOptions = {}): Promise<FakeOllama> {
    const fake = new FakeOllama(0, options);
    await fake.listen();
    return fake;
  }

  /** The host to give the client (`--ollama`). */
  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get mode(): FakeMode {
    return this.modeValue;
  }

  /** Switches the failure mode; `refused` stops listening, any other mode listens again on the same port. */
  async setMode(mode: FakeMode): Promise<void> {
    this.modeValue = mode;
    if (mode === 'refused' && this.listening) await this.stopListening();
    if (mode !== 'refused' && !this.listening) await this.listen();
  }

  /** The /api/embed requests received. */
  get embedRequests(): { model: string; input: string[] }[] {
    return this.requests
      .filter((r) => r.path === '/api/embed')
      .map((r) => {
        const body = r.body as { model?: unknown; input?: unknown };
        const input = Array.isArray(body?.input)
          ? (body.input as string[])
          : typeof body?.input === 'string'
            ? [body.input]
            : [];
        return { model: String(body?.model), input };
      });
  }

  /** Every text sent to /api/embed, in order. */
  get embeddedTexts(): string[] {
    return this.embedRequests.flatMap((r) => r.input);
  }

  /** Forgets the recorded requests (and restarts `onEmbed`'s count). */
  clear(): void {
    this.requests.length = 0;
    this.embedCount = 0;
  }

  async close(): Promise<void> {
    if (this.listening) await this.stopListening();
  }

  private createServer(): Server {
    const server = createServer((req, res) => void this.handle(req, res));
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    return server;
  }

  private listen(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.port, '127.0.0.1', () => {
        this.server.off('error', reject);
        this.port = (this.server.address() as AddressInfo).port;
        this.listening = true;
        resolve();
      });
    });
  }

  private stopListening(): Promise<void> {
    this.listening = false;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    const server = this.server;
    this.server = this.createServer();
    return new Promise((resolve) => server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    let body: unknown;
    try {
      body = raw === '' ? undefined : JSON.parse(raw);
    } catch {
      body = undefined;
    }
    const path = (req.url ?? '/').split('?')[0];
    this.requests.push({ method: req.method ?? 'GET', path, body });

    if (path === '/api/tags' && req.method === 'GET') return this.json(res, 200, { models: this.models.map(tagEntry) });
    if (path === '/api/version' && req.method === 'GET') return this.json(res, 200, { version: '0.12.0' });
    if (path !== '/api/embed' || req.method !== 'POST') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('404 page not found');
      return;
    }
    this.onEmbed?.(++this.embedCount);
    this.embed(body, res);
  }

  private embed(body: unknown, res: ServerResponse): void {
    const request = (body ?? {}) as { model?: unknown; input?: unknown };
    const model = typeof request.model === 'string' ? request.model : '';
    const input = Array.isArray(request.input)
      ? request.input.map(String)
      : typeof request.input === 'string'
        ? [request.input]
        : [];
    switch (this.modeValue) {
      case 'reset':
        res.socket?.destroy();
        return;
      case 'hang':
        return; // never answered; the socket is destroyed on close()
      case 'hang-body':
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
        res.write(`{"model":${JSON.stringify(model)},"embeddings":[[0.1,`);
        return;
      case 'huge-body':
        return this.streamHugeBody(model, res);
      case 'redirect':
        res.writeHead(307, { location: FAKE_REDIRECT_TARGET, 'content-length': 0 });
        res.end();
        return;
      case 'not-ollama':
        res.writeHead(404, { 'content-type': 'text/plain', 'content-length': 9 });
        res.end('Not Found');
        return;
      case 'json-404':
        return this.json(res, 404, { detail: 'Not Found' });
      case 'server-error':
        return this.json(res, 500, { error: 'llama runner process has terminated: signal: killed' });
      case 'malformed':
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
        res.end('{"model": "nomic-embed-text", "embeddings": [[0.1, 0.2,');
        return;
      default:
        break;
    }
    if (this.modeValue === 'model-missing' || !this.models.some((m) => sameModel(m, model))) {
      return this.json(res, 404, { error: `model "${model}" not found, try pulling it first` });
    }
    let embeddings = input.map((t) => this.vectors.vector(t));
    // The same fake at the other dimension (a slice could be all zeros for a short text, which is refused).
    if (this.modeValue === 'wrong-dimension') {
      const other = new FakeVectors(this.wrongDim, this.vectors.synonyms);
      embeddings = input.map((t) => other.vector(t));
    }
    if (this.modeValue === 'missing-embeddings') embeddings = embeddings.slice(1);
    if (this.modeValue === 'zero-vectors') embeddings = embeddings.map((v) => v.map(() => 0));
    if (this.modeValue === 'constant-vectors') embeddings = embeddings.map((v) => v.map(() => 0.5));
    const answeredModel = this.modeValue === 'other-model' ? 'all-minilm' : model;
    this.json(res, 200, {
      model: answeredModel,
      embeddings,
      total_duration: 1000,
      load_duration: 100,
      prompt_eval_count: input.length,
    });
  }

  /** 200 MB of one vector's numbers, written as fast as the client reads them; stops when it disconnects. */
  private streamHugeBody(model: string, res: ServerResponse): void {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.write(`{"model":${JSON.stringify(model)},"embeddings":[[`);
    const chunk = '0.1234567890123456,'.repeat(3449); // ~64 KiB
    let left = Math.ceil((200 * 1024 * 1024) / chunk.length);
    const pump = (): void => {
      while (left > 0 && !res.destroyed) {
        left--;
        if (!res.write(chunk)) {
          res.once('drain', pump);
          return;
        }
      }
      if (!res.destroyed) res.end('0]]}');
    };
    res.on('close', () => (left = 0));
    pump();
  }

  private json(res: ServerResponse, status: number, value: unknown): void {
    const text = JSON.stringify(value);
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(text),
    });
    res.end(text);
  }
}

/** Ollama treats `name` and `name:latest` as one model. */
function sameModel(a: string, b: string): boolean {
  const norm = (m: string) => (m.includes(':') ? m : `${m}:latest`);
  return norm(a) === norm(b);
}

function tagEntry(name: string) {
  const full = name.includes(':') ? name : `${name}:latest`;
  return {
    name: full,
    model: full,
    modified_at: '2026-01-01T00:00:00Z',
    size: 274302450,
    digest: '0a109f422b47e3a30ba2b10eca18548e944e8a23073ee3f3e947efcf3c45e59f',
    details: {
      parent_model: '',
      format: 'gguf',
      family: 'nomic-bert',
      families: ['nomic-bert'],
      parameter_size: '137M',
      quantization_level: 'F16',
    },
  };
}

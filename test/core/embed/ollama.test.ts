// The Ollama embedder over real HTTP against the fake server: prefixes, batching, and every failure mode
// turned into an EmbedError that says what happened and what to do (issue 3, item 8).
import { EmbedError } from '../../../src/core/embed/types';
import { createOllamaEmbedder, MAX_TIMEOUT_MS, responseLimit } from '../../../src/core/embed/ollama';
import { FAKE_DIM, FAKE_REDIRECT_TARGET, FakeOllama, type FakeMode } from '../../support/fake-ollama';

let fake: FakeOllama;
beforeAll(async () => {
  fake = await FakeOllama.start({ models: ['nomic-embed-text', 'mxbai-embed-large:latest'] });
});
afterAll(() => fake.close());
beforeEach(async () => {
  await fake.setMode('ok');
  fake.clear();
});

const embedder = (options: { model?: string; timeoutMs?: number } = {}) =>
  createOllamaEmbedder({
    host: fake.url,
    timeoutMs: options.timeoutMs ?? 2000,
    ...(options.model ? { model: options.model } : {}),
  });

/** The EmbedError an embed call rejects with; fails the test if it resolves or hangs past `withinMs`. */
async function failure(call: Promise<unknown>, withinMs = 15_000): Promise<EmbedError> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`still waiting after ${withinMs} ms`)), withinMs);
  });
  try {
    await Promise.race([call, hung]);
  } catch (error) {
    expect(error).toBeInstanceOf(EmbedError);
    return error as EmbedError;
  } finally {
    clearTimeout(timer);
  }
  throw new Error('expected the embed call to fail');
}

describe('createOllamaEmbedder against a working server', () => {
  test('documents are sent in one batch with the search_document prefix', async () => {
    const vectors = await embedder().embed(['Alan Turing', 'Kurt Gödel'], 'document');
    expect(vectors).toHaveLength(2);
    expect(vectors[0]).toBeInstanceOf(Float32Array);
    expect(vectors[0]).toHaveLength(FAKE_DIM);
    expect(fake.embedRequests).toEqual([
      { model: 'nomic-embed-text', input: ['search_document: Alan Turing', 'search_document: Kurt Gödel'] },
    ]);
  });

  test('questions get the search_query prefix', async () => {
    await embedder().embed(['Who was Kurt Gödel?'], 'query');
    expect(fake.embeddedTexts).toEqual(['search_query: Who was Kurt Gödel?']);
  });

  test('the answer is the fake’s deterministic vector, whichever prefix', async () => {
    const [q] = await embedder().embed(['kurt godel logic'], 'query');
    const [d] = await embedder().embed(['kurt godel logic'], 'document');
    expect(Array.from(q)).toEqual(Array.from(d));
    expect(Array.from(q)).toEqual(fake.vectors.vector('kurt godel logic').map((x) => Math.fround(x)));
  });

  test('no texts, no request', async () => {
    expect(await embedder().embed([], 'document')).toEqual([]);
    expect(fake.requests).toEqual([]);
  });

  test('another pulled model is asked for by name', async () => {
    await embedder({ model: 'mxbai-embed-large' }).embed(['x'], 'document');
    expect(fake.embedRequests[0].model).toBe('mxbai-embed-large');
  });

  test('/api/tags lists the pulled models like Ollama', async () => {
    const tags = (await (await fetch(`${fake.url}/api/tags`)).json()) as { models: { name: string }[] };
    expect(tags.models.map((m) => m.name)).toEqual(['nomic-embed-text:latest', 'mxbai-embed-large:latest']);
  });
});

describe('createOllamaEmbedder failure modes', () => {
  let logs: jest.SpyInstance[];
  beforeEach(() => {
    logs = (['log', 'warn', 'error'] as const).map((m) => jest.spyOn(console, m).mockImplementation(() => undefined));
  });
  afterEach(() => {
    // The client must not chatter on the console: the CLI and the plugin report the failure themselves.
    for (const spy of logs) {
      expect(spy).not.toHaveBeenCalled();
      spy.mockRestore();
    }
  });

  test('refused: says Ollama is not reachable and how to start it', async () => {
    await fake.setMode('refused');
    const error = await failure(embedder().embed(['x'], 'query'));
    expect(error.kind).toBe('unreachable');
    expect(error.message).toBe(
      `Ollama is not reachable at ${fake.url} (ECONNREFUSED); start it with ` +
        `\`ollama serve\`. The vector signal is off.`,
    );
  });

  test('reset: the connection dropped is reported as unreachable', async () => {
    await fake.setMode('reset');
    const error = await failure(embedder().embed(['x'], 'query'));
    expect(error.kind).toBe('unreachable');
    expect(error.message).toContain(`Ollama is not reachable at ${fake.url}`);
  });

  test('hang: no answer within the timeout', async () => {
    await fake.setMode('hang');
    const error = await failure(embedder({ timeoutMs: 300 }).embed(['x'], 'query'));
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe(`Ollama at ${fake.url} did not answer within 0.3 s; the vector signal is off.`);
  });

  test('hang-body: headers arrive, the body never completes — still a timeout, not a hang', async () => {
    await fake.setMode('hang-body');
    const error = await failure(embedder({ timeoutMs: 300 }).embed(['x'], 'query'));
    expect(error.kind).toBe('timeout');
  });

  test('huge-body: an answer past the cap for this many texts is refused and not read on, and says so', async () => {
    await fake.setMode('huge-body');
    const error = await failure(embedder({ timeoutMs: 60_000 }).embed(['x', 'y'], 'document'));
    expect(error.kind).toBe('bad-response');
    expect(error.message).toBe(
      `Ollama at ${fake.url} sent an answer of more than ${responseLimit(2)} ` +
        `bytes, over the ${responseLimit(2)}-byte limit for this many texts ` +
        `(262144 bytes per text); not read. The vector signal is off.`,
    );
  });

  test('the cap is a generous multiple of real vectors: 64 texts of 4,096 numbers each still pass', () => {
    const realistic = JSON.stringify({
      model: 'm',
      embeddings: Array.from({ length: 64 }, () => Array.from({ length: 4096 }, () => -0.012345678901234567)),
    });
    expect(responseLimit(64)).toBeGreaterThan(realistic.length * 3);
  });

  test('redirect: says it was a redirect and to where, not that Ollama is unreachable', async () => {
    await fake.setMode('redirect');
    const error = await failure(embedder().embed(['x'], 'query'));
    expect(error.kind).toBe('server-error');
    expect(error.message).toBe(
      `Ollama at ${fake.url} answered with a redirect (HTTP 307 ` +
        `to ${FAKE_REDIRECT_TARGET}), which is not followed; set the Ollama ` +
        `address to where it points. The vector signal is off.`,
    );
    expect(fake.requests.map((r) => r.path)).toEqual(['/api/embed']);
  });

  test("a timeout beyond setTimeout's range is clamped, not an instant timeout", async () => {
    const vectors = await createOllamaEmbedder({ host: fake.url, timeoutMs: 3_000_000_000 }).embed(['x'], 'query');
    expect(vectors).toHaveLength(1);
    expect(MAX_TIMEOUT_MS).toBe(2147483647);
  });

  test('404 model not found: says to pull it', async () => {
    await fake.setMode('model-missing');
    const error = await failure(embedder().embed(['x'], 'document'));
    expect(error.kind).toBe('model-missing');
    expect(error.message).toBe(
      `Ollama at ${fake.url} does not have the model "nomic-embed-text"; run \`ollama pull nomic-embed-text\`.`,
    );
  });

  test('a model that was never pulled gets the same advice, naming that model', async () => {
    const error = await failure(embedder({ model: 'nomic-embed-text:v1.5' }).embed(['x'], 'document'));
    expect(error.kind).toBe('model-missing');
    expect(error.message).toContain('`ollama pull nomic-embed-text:v1.5`');
  });

  test('500: a server error with Ollama’s message', async () => {
    await fake.setMode('server-error');
    const error = await failure(embedder().embed(['x'], 'document'));
    expect(error.kind).toBe('server-error');
    expect(error.message).toBe(
      `Ollama at ${fake.url} failed (HTTP 500: llama runner process has ` +
        `terminated: signal: killed); the vector signal is off.`,
    );
  });

  test('malformed JSON: a bad response', async () => {
    await fake.setMode('malformed');
    const error = await failure(embedder().embed(['x'], 'document'));
    expect(error.kind).toBe('bad-response');
    expect(error.message).toBe(
      `Ollama at ${fake.url} answered with something that is not JSON; the vector signal is off.`,
    );
  });

  test.each([
    ['zero-vectors', 'all-zero', 0],
    ['constant-vectors', 'constant', 0.5],
  ] as const)('%s are refused like NaN ones, naming the server and the model', async (mode, what, number) => {
    await fake.setMode(mode);
    const error = await failure(embedder().embed(['x', 'y'], 'document'));
    expect(error.kind).toBe('bad-response');
    expect(error.message).toBe(
      `Ollama at ${fake.url} answered with ${what} vectors (every number ${number}) for model ` +
        `"nomic-embed-text": they say nothing about the text; the vector signal is off.`,
    );
  });

  test('fewer embeddings than inputs: a bad response', async () => {
    await fake.setMode('missing-embeddings');
    const error = await failure(embedder().embed(['x', 'y'], 'document'));
    expect(error.kind).toBe('bad-response');
    expect(error.message).toContain('without 2 embeddings');
  });

  test('an answer from another model than the one asked for: a bad response', async () => {
    await fake.setMode('other-model');
    const error = await failure(embedder().embed(['x'], 'document'));
    expect(error.kind).toBe('bad-response');
    expect(error.message).toBe(
      `Ollama at ${fake.url} answered with model "all-minilm", not "nomic-embed-text"; the vector signal is off.`,
    );
  });

  // Only Ollama's JSON error naming the model is "model missing": any other 404 was told to `ollama pull` into an
  // Ollama that is not there (QA review, finding 11).
  test.each<[string, FakeMode | 'path']>([
    ['a bare 404 "Not Found" in text', 'not-ollama'],
    ['a 404 in JSON that names no model', 'json-404'],
    ['a 404 page of a server without /api/embed', 'path'],
  ])('%s is "not Ollama", not "model missing"', async (_, mode) => {
    const host = mode === 'path' ? `${fake.url}/not-ollama` : fake.url;
    if (mode !== 'path') await fake.setMode(mode);
    const error = await failure(createOllamaEmbedder({ host, timeoutMs: 2000 }).embed(['x'], 'document'));
    expect(error.kind).toBe('bad-response');
    expect(error.message).toBe(
      `The server at ${host} is not Ollama (HTTP 404 on /api/embed); check the Ollama address ` +
        `(--ollama or OLLAMA_HOST). The vector signal is off.`,
    );
  });

  test.each<FakeMode>(['refused', 'hang', 'model-missing', 'server-error', 'malformed'])(
    '%s: the server works again once it recovers',
    async (mode) => {
      await fake.setMode(mode);
      await failure(embedder({ timeoutMs: 200 }).embed(['x'], 'query'));
      await fake.setMode('ok');
      expect(await embedder().embed(['x'], 'query')).toHaveLength(1);
    },
  );
});

// Fault: Ollama misbehaving (issue 7, "Faults"): refused, reset, hanging past the timeout, 404 for the model,
// 500, malformed JSON, too few vectors, vectors of another dimension than stored, a model swapped between runs.
// Each time `reindex` and `context` still succeed on the lexical signals, say on stderr what happened, keep
// wiki.db readable, and take the vector signal back once Ollama answers again.
import { readFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import { run } from '../../src/cli/main';
import { rawDatabase, WikiIndex, isLoadProblem } from '../../src/core/index/wiki-index';
import { conceptFile, rel } from '../support/builders';
import { FAKE_DIM, FakeOllama, type FakeMode } from '../support/fake-ollama';
import { makeTempDir, removeTempDir, writeTree } from '../support/temp-dir';
import { bufferIo } from '../support/cli-io';

const FILES = {
  '/entities/ada-lovelace.md': conceptFile(
    { type: 'Person', title: 'Ada Lovelace', relations: [rel('collaborated_with', '/entities/charles-babbage.md')] },
    'Ada Lovelace wrote the first published algorithm.\n',
  ),
  '/entities/charles-babbage.md': conceptFile(
    { type: 'Person', title: 'Charles Babbage' },
    'Charles Babbage designed the Analytical Engine.\n',
  ),
  '/entities/grace-hopper.md': conceptFile(
    { type: 'Person', title: 'Grace Hopper' },
    'Grace Hopper wrote the first compiler.\n',
  ),
};

let ollama: FakeOllama;
let dir: string;

beforeAll(async () => {
  ollama = await FakeOllama.start({ models: ['nomic-embed-text', 'all-minilm'] });
});

afterAll(async () => {
  await ollama.close();
});

beforeEach(async () => {
  await ollama.setMode('ok');
  ollama.clear();
  dir = makeTempDir('okf-ollama-');
  writeTree(dir, FILES);
});

afterEach(() => removeTempDir(dir));

async function cli(args: string[], model = 'nomic-embed-text') {
  const io = bufferIo(dir);
  const timeout = ollama.mode === 'ok' ? '30' : '1';
  const started = Date.now();
  const code = await run(
    // A 1 s timeout only where a fault is staged: on a slow machine a healthy fake must not read as a hung one.
    [...args, '--bundle', dir, '--ollama', ollama.url, '--model', model, '--timeout', timeout, '--json'],
    io,
  );
  return { code, out: io.stdout(), err: io.stderr(), ms: Date.now() - started };
}

/** The stored vectors: how many, of which model and dimension. */
async function storedVectors(): Promise<{ model: string; dim: number; n: number }[]> {
  const loaded = await WikiIndex.load(new Uint8Array(readFileSync(nodePath.join(dir, 'wiki.db'))));
  if (isLoadProblem(loaded)) throw new Error(loaded.reason);
  try {
    return rawDatabase(loaded).all(
      'select model, dim, count(*) as n from embeddings group by model, dim order by model',
    );
  } finally {
    loaded.close();
  }
}

async function expectLexicalAnswer(model = 'nomic-embed-text') {
  const result = await cli(['context', 'Who was Ada Lovelace?'], model);
  expect(result.code).toBe(0);
  const answer = JSON.parse(result.out) as {
    confident: boolean;
    text: string;
    vector: { used: boolean; reason?: string };
  };
  expect(answer.confident).toBe(true);
  expect(answer.text).toContain('Charles Babbage');
  return { ...result, answer };
}

const FAULTS: readonly [FakeMode, RegExp][] = [
  ['refused', /Ollama is not reachable at http:\/\/127\.0\.0\.1:\d+ .*ollama serve/],
  ['reset', /Ollama is not reachable|did not answer|failed/],
  ['hang', /did not answer within 1 s/],
  ['hang-body', /did not answer within 1 s/],
  ['model-missing', /does not have the model "nomic-embed-text"; run `ollama pull nomic-embed-text`/],
  ['server-error', /failed \(HTTP 500: .*llama runner process has terminated/],
  ['malformed', /not JSON/],
  ['missing-embeddings', /answered without \d+ embeddings/],
  ['other-model', /answered with model "all-minilm", not "nomic-embed-text"/],
];

test.each(FAULTS)(
  'Ollama %s: reindex and context succeed on the lexical signals and say what happened',
  async (mode, said) => {
    await ollama.setMode(mode);
    const reindex = await cli(['reindex']);
    expect(reindex.code).toBe(0);
    const summary = JSON.parse(reindex.out) as {
      concepts: number;
      vectors: { off?: { message?: string }; embedded: number };
    };
    expect(summary.concepts).toBe(3);
    expect(summary.vectors.embedded).toBe(0);
    expect(summary.vectors.off?.message).toMatch(said);
    expect(reindex.err).toMatch(said);

    const { answer, err } = await expectLexicalAnswer();
    expect(answer.vector.used).toBe(false);
    expect(err).toMatch(/vector signal (is )?off/);
    expect(await storedVectors()).toEqual([]);

    // Ollama back: the next reindex embeds everything and the vector signal is on again.
    await ollama.setMode('ok');
    const again = await cli(['reindex']);
    expect(JSON.parse(again.out)).toMatchObject({ vectors: { embedded: 3 } });
    expect((await expectLexicalAnswer()).answer.vector.used).toBe(true);
  },
);

test(
  'Ollama fails in the middle of a question after a good reindex: the ' + 'stored vectors stay, the answer is lexical',
  async () => {
    expect((await cli(['reindex'])).code).toBe(0);
    expect(await storedVectors()).toEqual([{ model: 'nomic-embed-text', dim: FAKE_DIM, n: 3 }]);
    for (const mode of ['refused', 'hang', 'server-error', 'malformed'] as const) {
      await ollama.setMode(mode);
      const { answer, err } = await expectLexicalAnswer();
      expect(answer.vector).toMatchObject({ used: false });
      expect(err).toMatch(/vector signal (is )?off/);
      expect(await storedVectors()).toEqual([{ model: 'nomic-embed-text', dim: FAKE_DIM, n: 3 }]);
    }
  },
);

test(
  'vectors of another dimension than stored (model swapped under the ' + 'same name): never compared, the note says so',
  async () => {
    expect((await cli(['reindex'])).code).toBe(0);
    await ollama.setMode('wrong-dimension');
    const { answer, err } = await expectLexicalAnswer();
    expect(answer.vector.used).toBe(false);
    expect(answer.vector.reason).toMatch(new RegExp(`${ollama.wrongDim}-dimensional .* ${FAKE_DIM}-dimensional`));
    expect(err).toMatch(new RegExp(`${ollama.wrongDim}-dimensional .* ${FAKE_DIM}-dimensional.*run reindex`));
  },
);

// Found here and fixed in src/core/embed/embed-index.ts (a probe text embedded first): reindex used to carry the
// old vectors over by content hash and never notice the new dimension, so the vector signal stayed off for good.
test('a model that changed dimension under the same name: reindex re-embeds, as the note advises', async () => {
  expect((await cli(['reindex'])).code).toBe(0);
  await ollama.setMode('wrong-dimension');
  expect((await cli(['reindex'])).code).toBe(0);
  expect(await storedVectors()).toEqual([{ model: 'nomic-embed-text', dim: ollama.wrongDim, n: 3 }]);
  expect((await expectLexicalAnswer()).answer.vector.used).toBe(true);
});

test(
  'a model swapped between runs (--model): old vectors are never used ' +
    'for the new model, and are replaced on reindex',
  async () => {
    expect((await cli(['reindex'])).code).toBe(0);
    const swapped = await expectLexicalAnswer('all-minilm');
    expect(swapped.answer.vector.used).toBe(false);
    expect(swapped.answer.vector.reason).toMatch(/no concept vectors for model "all-minilm"/);

    ollama.clear();
    expect((await cli(['reindex'], 'all-minilm')).code).toBe(0);
    expect(ollama.embedRequests.every((r) => r.model === 'all-minilm')).toBe(true);
    expect(await storedVectors()).toEqual([{ model: 'all-minilm', dim: FAKE_DIM, n: 3 }]);
    expect((await expectLexicalAnswer('all-minilm')).answer.vector.used).toBe(true);
    // And back: the first model's vectors are gone, so it re-embeds rather than trusting them.
    expect((await expectLexicalAnswer('nomic-embed-text')).answer.vector.used).toBe(false);
  },
);

test('a hung Ollama cannot hang a reindex of many concepts: it gives up at the first timeout', async () => {
  writeTree(
    dir,
    Object.fromEntries(
      Array.from({ length: 40 }, (_, i) => [`/entities/c${i}.md`, conceptFile({ title: `Concept ${i}` })]),
    ),
  );
  await ollama.setMode('hang');
  const reindex = await cli(['reindex']);
  expect(reindex.code).toBe(0);
  expect(ollama.embedRequests.length).toBe(1);
});

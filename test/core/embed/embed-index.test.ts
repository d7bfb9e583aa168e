// Embedding the index (spec §6.1, §7.4, §9.2): batched, keyed by model and content hash, so an unchanged
// concept is never sent twice and a model change re-embeds everything.
import {
  carryOverEmbeddings,
  conceptsToEmbed,
  EMBED_BATCH,
  embedIndex,
  PROBE_TEXT,
} from '../../../src/core/embed/embed-index';
import { DOCUMENT_PREFIX, documentText, MAX_DOCUMENT_CHARS, QUERY_PREFIX } from '../../../src/core/embed/document-text';
import { EmbedError } from '../../../src/core/embed/types';
import { decodeVector, dot, encodeVector, normalize } from '../../../src/core/embed/vectors';
import { buildIndex } from '../../../src/core/index/build';
import { readConcept } from '../../../src/core/okf/read-concept';
import { specFile, MemoryBundle } from '../../support/retrieval-bundle';
import { FakeEmbedder, FakeVectors } from '../../support/fake-ollama';
import { rawDatabase } from '../../../src/core/index/wiki-index';

function files(n: number): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < n; i++)
    out[`/entities/c${String(i).padStart(2, '0')}.md`] = specFile({
      title: `Concept ${i}`,
      tags: ['t'],
      body: `Body of concept ${i}.`,
    });
  return out;
}

describe('embedIndex', () => {
  test('embeds every concept in batches of EMBED_BATCH, as documents, reporting progress', async () => {
    const index = await buildIndex(new MemoryBundle(files(EMBED_BATCH * 2 + 3)));
    const embedder = new FakeEmbedder();
    const progress: [number, number][] = [];
    const report = await embedIndex(index, embedder, { onProgress: (done, total) => progress.push([done, total]) });
    expect(report).toEqual({ embedded: EMBED_BATCH * 2 + 3, current: 0 });
    expect(embedder.calls.map((c) => [c.texts.length, c.kind])).toEqual([
      [1, 'document'], // the model probe (PROBE_TEXT), then the concepts
      [EMBED_BATCH, 'document'],
      [EMBED_BATCH, 'document'],
      [3, 'document'],
    ]);
    expect(progress).toEqual([
      [16, 35],
      [32, 35],
      [35, 35],
    ]);
    expect(index.getMeta('embedding_model')).toBe('nomic-embed-text');
    expect(index.stats().embeddings).toBe(35);
    index.close();
  });

  test('a second run sends no concept (only the model probe); an edited concept alone is re-embedded', async () => {
    const fs = files(5);
    const index = await buildIndex(new MemoryBundle(fs));
    const embedder = new FakeEmbedder();
    await embedIndex(index, embedder);
    embedder.calls.length = 0;
    expect(await embedIndex(index, embedder)).toEqual({ embedded: 0, current: 5 });
    expect(embedder.calls).toEqual([{ texts: [PROBE_TEXT], kind: 'document' }]);

    index.applyFile(readConcept('/entities/c02.md', specFile({ title: 'Concept 2', body: 'Rewritten body.' })));
    expect(conceptsToEmbed(index, embedder.model).map((c) => c.path)).toEqual(['/entities/c02.md']);
    expect(await embedIndex(index, embedder)).toEqual({ embedded: 1, current: 4 });
    expect(embedder.texts.filter((t) => t !== PROBE_TEXT)).toEqual([
      documentText({ title: 'Concept 2', tags: [], body: 'Rewritten body.' }),
    ]);
    index.close();
  });

  test('another model re-embeds everything and drops the old model’s vectors', async () => {
    const index = await buildIndex(new MemoryBundle(files(4)));
    await embedIndex(index, new FakeEmbedder('nomic-embed-text'));
    const other = new FakeEmbedder('mxbai-embed-large');
    expect(await embedIndex(index, other)).toEqual({ embedded: 4, current: 0 });
    expect(rawDatabase(index).all('select distinct model from embeddings')).toEqual([{ model: 'mxbai-embed-large' }]);
    expect(index.getMeta('embedding_model')).toBe('mxbai-embed-large');
    index.close();
  });

  test('a model that cannot answer (not pulled, Ollama down) does not cost the old model’s vectors', async () => {
    const index = await buildIndex(new MemoryBundle(files(4)));
    const nomic = new FakeEmbedder('nomic-embed-text');
    await embedIndex(index, nomic);
    const missing = new FakeEmbedder('not-pulled');
    missing.failWith = new EmbedError(
      'Ollama does not have the model "not-pulled"; run `ollama pull not-pulled`.',
      'model-missing',
    );
    expect((await embedIndex(index, missing)).error?.kind).toBe('model-missing');
    expect(index.stats().embeddings).toBe(4);
    nomic.calls.length = 0;
    expect(await embedIndex(index, nomic)).toEqual({ embedded: 0, current: 4 });
    index.close();
  });

  test(
    'the same name now answering other vectors (same dimension) is caught ' + 'by the probe and re-embedded',
    async () => {
      const index = await buildIndex(new MemoryBundle(files(3)));
      await embedIndex(index, new FakeEmbedder('m', new FakeVectors(64)));
      const swapped = {
        model: 'm',
        embed: async (texts: readonly string[]) =>
          texts.map((_, i) => Float32Array.from({ length: 64 }, (__, j) => ((i + j) % 5) - 2)),
      };
      expect(await embedIndex(index, swapped)).toEqual({ embedded: 3, current: 0 });
      index.close();
    },
  );

  test('a model that changed dimension under the same name starts over', async () => {
    const index = await buildIndex(new MemoryBundle(files(4)));
    await embedIndex(index, new FakeEmbedder('m', new FakeVectors(64)));
    index.applyFile(readConcept('/entities/c00.md', specFile({ title: 'Concept 0', body: 'Changed.' })));
    const resized = new FakeEmbedder('m', new FakeVectors(32));
    expect(await embedIndex(index, resized)).toEqual({ embedded: 4, current: 0 });
    expect(rawDatabase(index).all('select distinct dim from embeddings')).toEqual([{ dim: 32 }]);
    index.close();
  });

  test('a failing embedder stops the run, keeps earlier batches and returns the error', async () => {
    const index = await buildIndex(new MemoryBundle(files(EMBED_BATCH + 2)));
    const embedder = new FakeEmbedder();
    let calls = 0;
    const flaky = {
      model: embedder.model,
      embed: async (texts: readonly string[], kind: 'query' | 'document') => {
        if (++calls === 3) throw new EmbedError('Ollama went away', 'unreachable'); // probe, batch 1, then this
        return embedder.embed(texts, kind);
      },
    };
    const report = await embedIndex(index, flaky);
    expect(report.embedded).toBe(EMBED_BATCH);
    expect(report.error?.kind).toBe('unreachable');
    expect(index.stats().embeddings).toBe(EMBED_BATCH);
    // The next run picks up where it stopped.
    expect(await embedIndex(index, embedder)).toEqual({ embedded: 2, current: EMBED_BATCH });
    index.close();
  });

  test('shouldStop ends the run between batches, not as a failure; the next run finishes the rest', async () => {
    const index = await buildIndex(new MemoryBundle(files(EMBED_BATCH + 2)));
    const embedder = new FakeEmbedder();
    let batches = 0;
    const report = await embedIndex(index, embedder, { onProgress: () => batches++, shouldStop: () => batches >= 1 });
    expect(report).toEqual({ embedded: EMBED_BATCH, current: 0, stopped: true });
    expect(index.stats().embeddings).toBe(EMBED_BATCH);
    expect(await embedIndex(index, embedder)).toEqual({ embedded: 2, current: EMBED_BATCH });
    index.close();
  });

  test('a non-EmbedError failure is wrapped, never thrown', async () => {
    const index = await buildIndex(new MemoryBundle(files(1)));
    const report = await embedIndex(index, { model: 'm', embed: async () => Promise.reject(new TypeError('boom')) });
    expect(report.error).toBeInstanceOf(EmbedError);
    expect(report.error?.message).toContain('boom');
    index.close();
  });
});

describe('carryOverEmbeddings', () => {
  test('copies vectors of unchanged concepts into a rebuilt index, not of changed ones', async () => {
    const fs = files(3);
    const before = await buildIndex(new MemoryBundle(fs));
    await embedIndex(before, new FakeEmbedder());
    const after = await buildIndex(
      new MemoryBundle({ ...fs, '/entities/c01.md': specFile({ title: 'Concept 1', body: 'New.' }) }),
    );
    expect(carryOverEmbeddings(before, after)).toBe(2);
    expect(conceptsToEmbed(after, 'nomic-embed-text').map((c) => c.path)).toEqual(['/entities/c01.md']);
    expect(after.getMeta('embedding_model')).toBe('nomic-embed-text');
    before.close();
    after.close();
  });
});

describe('document text and vectors', () => {
  test('title, description, tags, then body with whitespace collapsed, trimmed to MAX_DOCUMENT_CHARS', () => {
    expect(documentText({ title: 'T', description: 'D', tags: ['a', 'b'], body: 'x\n\n  y' })).toBe(
      'T\nD\nTags: a, b\nx y',
    );
    expect(documentText({ title: 'T', tags: [], body: 'z'.repeat(20000) })).toHaveLength(MAX_DOCUMENT_CHARS);
  });

  test('the nomic prefixes', () => {
    expect(DOCUMENT_PREFIX).toBe('search_document: ');
    expect(QUERY_PREFIX).toBe('search_query: ');
  });

  test('vectors round-trip through blobs; normalize makes dot a cosine', () => {
    const v = Float32Array.from([3, 4, 0.5, -1e-7]);
    expect(Array.from(decodeVector(encodeVector(v)))).toEqual(Array.from(v));
    expect(dot(normalize(Float32Array.from([3, 4])), normalize(Float32Array.from([6, 8])))).toBeCloseTo(1, 6);
    expect(Array.from(normalize(new Float32Array(3)))).toEqual([0, 0, 0]);
    // A blob sliced from a larger buffer at an odd offset still decodes.
    const big = new Uint8Array(3 + 8);
    big.set(encodeVector(Float32Array.from([1, 2])), 3);
    expect(Array.from(decodeVector(big.subarray(3)))).toEqual([1, 2]);
  });
});

test('a concept deleted or edited while its batch is being embedded is skipped, not crashed on', async () => {
  const index = await buildIndex(new MemoryBundle(files(EMBED_BATCH + 2)));
  const inner = new FakeEmbedder();
  let batches = 0;
  const meddling = {
    model: inner.model,
    embed: async (texts: readonly string[], kind: 'query' | 'document') => {
      // After the probe, while the first batch is out: delete one concept and edit another.
      if (texts.length > 1 && ++batches === 1) {
        index.removeFile('/entities/c00.md');
        index.applyFile(readConcept('/entities/c01.md', specFile({ title: 'Concept 1', body: 'Edited meanwhile.' })));
      }
      return inner.embed(texts, kind);
    },
  };
  const report = await embedIndex(index, meddling);
  expect(report.error).toBeUndefined();
  // c00 is gone and c01's new text was never embedded: neither has a vector; a second run embeds c01 only.
  expect(
    rawDatabase(index).all("select path from embeddings where path in ('/entities/c00.md', '/entities/c01.md')"),
  ).toEqual([]);
  expect(conceptsToEmbed(index, inner.model).map((c) => c.path)).toEqual(['/entities/c01.md']);
  index.close();
});

/** @jest-environment jsdom */
// A long embedding pass is saved part-way (review item 5): each batch of vectors stored marks the index dirty, so
// a pass that never gives way (no save queues behind it) is still written once the longest wait (10 minutes) is
// over (as pieces, the copy a start reads: persist-pieces-first.test.ts), and a crash then recomputes only the
// vectors since that write. Ollama is a FakeEmbedder answering each
// batch after 50 s (fake time, under the minute of quiet, so only the longest wait can end it); the engine is the
// real one, in-process, over a vault of 250 generated concepts (16 batches, 800 s).
import { createTestApp } from '../obsidian-double/harness';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as nodePath from 'node:path';
import type { Embedder } from '../../src/core/embed/types';
import { WikiIndex, isLoadProblem } from '../../src/core/index/wiki-index';
import { DEFAULT_SETTINGS, type OkfSettings } from '../../src/plugin/settings';
import { WikiService } from '../../src/plugin/wiki-service';
import { NodeFsStore } from '../obsidian-double/node-fs-store';
import { clearNotices } from '../obsidian-double/ui';
import { FakeEmbedder } from '../support/fake-ollama';
import { piecesBytes } from './support/index-on-disk';

const CONCEPTS = 250;
const BATCH_MS = 50_000;
let dir: string;

beforeEach(() => {
  jest.useFakeTimers({ advanceTimers: true });
  dir = mkdtempSync(nodePath.join(tmpdir(), 'okf-embed-persist-'));
  mkdirSync(nodePath.join(dir, 'wiki', 'entities'), { recursive: true });
  for (let i = 0; i < CONCEPTS; i++) {
    const text = `---\ntype: Thing\ntitle: Thing ${i}\ndescription: Generated thing number ${i}.\n---\nThing ${i}.\n`;
    writeFileSync(nodePath.join(dir, 'wiki', 'entities', `thing-${i}.md`), text);
  }
});

afterEach(() => {
  jest.useRealTimers();
  clearNotices();
  rmSync(dir, { recursive: true, force: true });
});

/** The number of concepts with a vector in the index on disk (its pieces, which a start reads). */
async function vectorsOnDisk(): Promise<number> {
  const index = await WikiIndex.load(piecesBytes(nodePath.join(dir, 'wiki', 'wiki.db')));
  if (isLoadProblem(index)) throw new Error(index.reason);
  try {
    return index.stats().embeddings;
  } finally {
    index.close();
  }
}

test('a pass longer than the longest wait has its vectors so far written while it runs', async () => {
  const app = await createTestApp(new NodeFsStore(dir));
  let settings: OkfSettings = { ...DEFAULT_SETTINGS, bundleFolder: 'wiki', embeddingsEnabled: false };
  const fake = new FakeEmbedder('slow-model');
  const slow: Embedder = {
    model: fake.model,
    embed: async (texts, kind) => {
      // Concept batches are slow; the gate's calibration questions (queries, from 64 vectors on) are not timed here.
      if (kind === 'document') await new Promise((r) => setTimeout(r, BATCH_MS));
      return fake.embed(texts, kind);
    },
  };
  const s = new WikiService({
    vault: app.vault as never,
    settings: () => settings,
    notify: () => undefined,
    createEmbedder: () => slow,
  });
  try {
    await s.start();
    await s.persistNow();
    expect(await vectorsOnDisk()).toBe(0);

    // Embeddings turned on: one long pass, with nothing else queued to make it give way.
    const before = settings;
    settings = { ...settings, embeddingsEnabled: true, embeddingModel: fake.model };
    await s.reconfigure(before, settings);
    await jest.advanceTimersByTimeAsync(600_000 + 2 * BATCH_MS);
    await app.settle();
    // The write the longest wait started moves its bytes in real time (the disk's), not in the timers' time.
    await (s as unknown as { persister: { written(): Promise<void> } }).persister.written();
    expect(s.embeddingState.kind).toBe('running');
    const written = await vectorsOnDisk();
    expect(written).toBeGreaterThanOrEqual(16 * 10);
    expect(written).toBeLessThan(CONCEPTS);

    await jest.advanceTimersByTimeAsync(CONCEPTS * BATCH_MS);
    await s.whenIdle();
  } finally {
    await s.close();
    app.destroy();
  }
});

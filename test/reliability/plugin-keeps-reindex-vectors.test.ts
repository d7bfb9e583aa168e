/** @jest-environment jsdom */
// A CLI `reindex` embeds every concept (minutes of Ollama calls at 10,000 concepts) and writes wiki.db while
// Obsidian runs. The plugin's next whole write of wiki.db (unload, Rebuild, every 30 minutes) replaced that file with
// its own index: with embedding off in the plugin every vector was lost; with it on, the plugin embedded them all
// again. It now keeps the vectors of concepts unchanged since (same content hash, the same model) before that write,
// as it keeps the ctimes (core/index/adopt-ctimes.ts). The plugin is the real one over the Obsidian double on a real
// folder; the reindex runs in-process as the CLI runs it, Ollama doubled.
import '../obsidian-double/node-globals';
import { readFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import { WikiSession } from '../../src/core/engine/session';
import { isLoadProblem, WikiIndex } from '../../src/core/index/wiki-index';
import { systemClock } from '../../src/core/types';
import { FsBundle } from '../../src/node/fs-bundle';
import { fsSessionEnv } from '../../src/node/index-store';
import { launch, quit, settle, tempVault, type TempVault } from '../plugin/support/plugin-harness';
import { FAKE_MODEL, FakeEmbedder } from '../support/fake-ollama';

let vault: TempVault;
let wiki: string;

beforeEach(async () => {
  vault = tempVault('small-vault', { bundleFolder: 'wiki', embeddingsEnabled: false });
  wiki = nodePath.join(vault.dir, 'wiki');
  await quit(await launch(vault.dir));
});
afterEach(() => vault.remove());

/** `okf-wiki reindex` with Ollama (its write lock left out: jsdom's timers; the plugin takes no lock). */
async function reindexWithVectors(): Promise<number> {
  const env = fsSessionEnv(new FsBundle(wiki), systemClock, 'okf-wiki reindex');
  const { session, report } = await WikiSession.rebuilt(env, { embedding: { embedder: new FakeEmbedder() } });
  await session.close();
  return report.vectors!.embedded;
}

async function onDisk(): Promise<{ vectors: number; model: string | undefined; calibrated: number }> {
  const loaded = await WikiIndex.load(new Uint8Array(readFileSync(nodePath.join(wiki, 'wiki.db'))));
  if (isLoadProblem(loaded)) throw new Error(loaded.reason);
  try {
    const model = loaded.getMeta('embedding_model');
    return { vectors: loaded.vectorCount(FAKE_MODEL), model, calibrated: loaded.vectorCalibrations().length };
  } finally {
    loaded.close();
  }
}

test("the plugin's whole write keeps a reindex's vectors of the concepts unchanged since", async () => {
  const running = await launch(vault.dir);
  const embedded = await reindexWithVectors();
  expect(embedded).toBeGreaterThan(2);
  const reindexed = await onDisk();
  // One note edited in Obsidian, then the plugin's whole write (as at unload).
  const ada = running.app.vault.getFileByPath('wiki/entities/ada-lovelace.md')!;
  await running.app.vault.modify(ada, (await running.app.vault.read(ada)) + '\nShe met Babbage in 1833.\n');
  await settle(running);
  await quit(running);
  // Every vector but the edited note's (its text changed), with the model and calibration the reindex recorded.
  expect(await onDisk()).toEqual({ ...reindexed, vectors: embedded - 1 });
});

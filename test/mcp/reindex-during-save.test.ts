// A CLI `reindex` that renames its wiki.db into place while the MCP server is writing its own: the server's write
// must not land over it. Session 11 made the server load a wiki.db another program wrote before its save began
// (reindex-while-serving.test.ts); a reindex landing during the save itself (the export, under a second at 10,000
// concepts) was overwritten by the server's older index, and every vector the reindex computed was lost. The
// server now writes wiki.db holding the bundle's write lock, which a reindex holds for its whole run.
import { appendFileSync, readFileSync, utimesSync } from 'node:fs';
import * as path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { WikiSession } from '../../src/core/engine/session';
import { isLoadProblem, WikiIndex } from '../../src/core/index/wiki-index';
import { systemClock } from '../../src/core/types';
import { FsBundle } from '../../src/node/fs-bundle';
import { fsSessionEnv } from '../../src/node/index-store';
import { withBundleLock } from '../../src/node/bundle-lock';
import { WIKI_DB } from '../../src/node/paths';
import { underWriteLock } from '../../src/node/write-session';
import { bufferIo, type BufferIo } from '../support/cli-io';
import { FakeEmbedder } from '../support/fake-ollama';
import { startLiveServer } from '../support/live-server';
import { eventually } from '../support/wait-for';

let dir: string;
let cleanup: () => void;
let client: Client;
let io: BufferIo;

afterEach(async () => {
  jest.restoreAllMocks();
  await client.close();
  cleanup();
});

const ask = () => client.callTool({ name: 'context_for', arguments: { question: 'Who created Unix?' } });

async function vectorsInWikiDb(): Promise<number> {
  const loaded = await WikiIndex.load(readFileSync(path.join(dir, WIKI_DB)));
  if (isLoadProblem(loaded)) throw new Error(loaded.reason);
  const vectors = loaded.embeddingRows();
  loaded.close();
  return vectors;
}

/** `okf-wiki reindex` with Ollama: a rebuild embedding every concept, run as the CLI runs it, under the lock. */
async function reindexWithVectors(notes: BufferIo): Promise<number> {
  const bundle = new FsBundle(dir);
  return underWriteLock(bundle, notes, 'okf-wiki reindex', systemClock, async () => {
    const env = fsSessionEnv(bundle, systemClock, 'okf-wiki reindex');
    const { session, report } = await WikiSession.rebuilt(env, { embedding: { embedder: new FakeEmbedder() } });
    await session.close();
    return report.vectors!.embedded;
  });
}

test("a reindex renaming its wiki.db in during the server's own write keeps its vectors", async () => {
  ({ dir, cleanup, client, io } = await startLiveServer({ follow: false }));
  await ask();
  // An edit the server's next call catches up and saves.
  const go = path.join(dir, 'entities', 'go.md');
  appendFileSync(go, '\nMore text.\n');
  const later = new Date(Date.now() + 60_000);
  utimesSync(go, later, later);

  // The server's write of wiki.db is held once it has begun (past any check before it) ...
  const write = FsBundle.prototype.write;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let serverWriting = false;
  jest.spyOn(FsBundle.prototype, 'write').mockImplementation(async function (this: FsBundle, p, data, expected) {
    if (p === WIKI_DB && !serverWriting) {
      serverWriting = true;
      await held;
    }
    return write.call(this, p, data, expected);
  });
  const asked = ask();
  await eventually(() => serverWriting, "the server's write begun");

  // ... while a reindex runs: it either waits for the lock (said on its stderr) or finishes; then the write goes on.
  const reindexIo = bufferIo();
  let reindexed = false;
  const reindex = reindexWithVectors(reindexIo).finally(() => (reindexed = true));
  await eventually(() => reindexed || reindexIo.stderr().includes('waiting for it'), 'the reindex done or waiting');
  release();
  const [embedded] = await Promise.all([reindex, asked]);
  expect(embedded).toBeGreaterThan(30);

  expect(await vectorsInWikiDb()).toBe(embedded);
  // The server goes on from the reindex's file: its next call loads it, and saving keeps the vectors.
  await ask();
  expect(await vectorsInWikiDb()).toBe(embedded);
  expect(io.stderr()).not.toContain('could not write');
});

test('while another writer holds the lock the save waits for a later call, unsaid and not a failure', async () => {
  ({ dir, cleanup, client, io } = await startLiveServer({ follow: false }));
  await ask();
  const wikiDb = path.join(dir, WIKI_DB);
  const before = readFileSync(wikiDb);
  const go = path.join(dir, 'entities', 'go.md');
  appendFileSync(go, '\nMore text.\n');
  const later = new Date(Date.now() + 60_000);
  utimesSync(go, later, later);
  let unlock!: () => void;
  const unlocked = new Promise<void>((resolve) => (unlock = resolve));
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const holder = withBundleLock(new FsBundle(dir).root, 'okf-wiki relate', () => (locked(), unlocked));
  await isLocked;
  // The call answers at once (the lock is not waited for), and wiki.db is left to the lock's holder.
  await ask();
  expect(readFileSync(wikiDb).equals(before)).toBe(true);
  unlock();
  await holder;
  await ask();
  expect(readFileSync(wikiDb).equals(before)).toBe(false);
  expect(io.stderr()).not.toMatch(/could not write|not written/);
});

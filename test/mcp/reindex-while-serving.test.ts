// A CLI `reindex` run while the MCP server serves writes a newer wiki.db (with the vectors it computed). The server,
// whose index in memory was loaded before, must not write that over it at its next save (review rv-qa 1: after a
// note edit the server's save put an index with no vectors over the reindex's, and every vector was lost). It loads
// the newer wiki.db instead and catches up by stat, as a CLI command opening does.
import { appendFileSync, readFileSync, utimesSync } from 'node:fs';
import * as path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { WikiSession } from '../../src/core/engine/session';
import { isLoadProblem, WikiIndex } from '../../src/core/index/wiki-index';
import { systemClock } from '../../src/core/types';
import { FsBundle } from '../../src/node/fs-bundle';
import { fsSessionEnv } from '../../src/node/index-store';
import type { BufferIo } from '../support/cli-io';
import { FakeEmbedder } from '../support/fake-ollama';
import { startLiveServer } from '../support/live-server';
import { eventually } from '../support/wait-for';

const GO = '/entities/go.md';
let dir: string;
let cleanup: () => void;
let client: Client;
let io: BufferIo;

afterEach(async () => {
  await client.close();
  cleanup();
});

const ask = () => client.callTool({ name: 'context_for', arguments: { question: 'Who created Unix?' } });
// Go's own vector goes with its edit (the server does not embed: --no-embed); every other concept keeps its own.

/** What `okf-wiki reindex` with Ollama does: a rebuild that embeds every concept, written under the lock. */
async function reindexWithVectors(): Promise<number> {
  const env = fsSessionEnv(new FsBundle(dir), systemClock, 'okf-wiki reindex');
  const { session, report } = await WikiSession.rebuilt(env, { embedding: { embedder: new FakeEmbedder() } });
  await session.close();
  return report.vectors!.embedded;
}

/** wiki.db on disk: its embedding rows and whether Go's page holds `text`. */
async function persisted(text: string): Promise<{ vectors: number; edited: boolean }> {
  const loaded = await WikiIndex.load(readFileSync(path.join(dir, 'wiki.db')));
  if (isLoadProblem(loaded)) throw new Error(loaded.reason);
  const state = { vectors: loaded.embeddingRows(), edited: loaded.bodies([GO])[0]!.body.includes(text) };
  loaded.close();
  return state;
}

/** Appends `text` to Go's page, its mtime a minute later (a catch-up by stat must see it). */
function editGo(text: string): void {
  const full = path.join(dir, GO);
  appendFileSync(full, `\n${text}\n`);
  const later = new Date(Date.now() + 60_000);
  utimesSync(full, later, later);
}

test.each([false, true])('a reindex that ran meanwhile keeps its vectors (watcher: %s)', async (follow) => {
  ({ dir, cleanup, client, io } = await startLiveServer({ follow }));
  await ask();
  const embedded = await reindexWithVectors();
  expect(embedded).toBeGreaterThan(30);
  editGo('More text after the reindex.');
  if (follow) await eventually(async () => (await persisted('More text')).edited, 'the watched edit saved');
  else await ask();
  expect(await persisted('More text')).toEqual({ vectors: embedded - 1, edited: true });
  expect(io.stderr()).toContain('wiki.db was written by another program');
  // Later edits go on being saved over the file the server loaded, vectors kept.
  editGo('And more.');
  await ask();
  if (follow) await eventually(async () => (await persisted('And more')).edited, 'the second edit saved');
  expect(await persisted('And more')).toEqual({ vectors: embedded - 1, edited: true });
});

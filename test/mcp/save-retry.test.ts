// A wiki.db write of the MCP server that failed (a full disk, a folder made read-only) is tried again by a later
// call or watcher batch once a short pause has passed, and at close; before, new file times (and changes) stayed
// out of wiki.db until something else changed, so every CLI command re-read those files.
import { readFileSync, utimesSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { isLoadProblem, WikiIndex } from '../../src/core/index/wiki-index';
import { FsBundle } from '../../src/node/fs-bundle';
import { WIKI_DB } from '../../src/node/paths';
import { conceptFile } from '../support/builders';
import type { BufferIo } from '../support/cli-io';
import { eventually } from '../support/wait-for';
import { startLiveServer } from '../support/live-server';

const ADA = '/entities/ada-lovelace.md';
let dir: string;
let cleanup: () => void;
let client: Client;
let server: McpServer;
let io: BufferIo;

async function start(follow: boolean): Promise<void> {
  elapsed = 0;
  ({ dir, cleanup, client, server, io } = await startLiveServer({ follow, retryTime: () => elapsed }));
  await ask();
}
afterEach(async () => {
  jest.restoreAllMocks();
  await client.close();
  cleanup();
});

const ask = () => client.callTool({ name: 'context_for', arguments: { question: 'Who created Unix?' } });
/** The server's retry pauses run on this stepped time, so a slow machine cannot make a pause pass early or late. */
let elapsed = 0;
const pause = (ms: number) => {
  elapsed += ms;
};

/** wiki.db's writes fail (as on a full disk) while `failing.on`; every attempt is counted. */
function failWikiDbWrites(): { on: boolean; attempts: number } {
  const failing = { on: true, attempts: 0 };
  const write = FsBundle.prototype.write;
  jest.spyOn(FsBundle.prototype, 'write').mockImplementation(function (this: FsBundle, p, data, expected) {
    if (p !== WIKI_DB) return write.call(this, p, data, expected);
    failing.attempts++;
    if (failing.on) return Promise.reject(new Error('ENOSPC: no space left on device'));
    return write.call(this, p, data, expected);
  });
  return failing;
}

/** What wiki.db on disk holds: Ada's recorded mtime and the concept titles. */
async function persisted(): Promise<{ adaMtime: number | null | undefined; titles: string[] }> {
  const loaded = await WikiIndex.load(readFileSync(path.join(dir, 'wiki.db')));
  if (isLoadProblem(loaded)) throw new Error(loaded.reason);
  const state = {
    adaMtime: loaded.fileStates().get(ADA)?.mtime,
    titles: loaded.conceptTitles().map((c) => c.title),
  };
  loaded.close();
  return state;
}

/** Touches Ada's page a minute later without changing it; returns its new mtime as the bundle reports it. */
async function touchAda(): Promise<number> {
  const later = new Date(Date.now() + 60_000);
  utimesSync(path.join(dir, ADA), later, later);
  return (await new FsBundle(dir).stat(ADA))!.mtime;
}

test('new times whose save failed reach wiki.db at a later call with nothing changed', async () => {
  await start(true);
  const failing = failWikiDbWrites();
  const mtime = await touchAda();
  // The note follows the failed write once the bundle's write lock is released (file I/O): waited for, not assumed.
  await eventually(() => io.stderr().includes('could not write'), "the watcher's batch failing to save");
  expect(failing.attempts).toBe(1);
  expect(io.stderr()).toContain('could not write /wiki.db (ENOSPC: no space left on device); answering from memory');
  failing.on = false;
  // Within the pause nothing is tried again, so a failing disk is not hammered call after call.
  await ask();
  expect(failing.attempts).toBe(1);
  pause(1_100);
  await ask();
  expect(failing.attempts).toBe(2);
  expect((await persisted()).adaMtime).toBe(mtime);
  // Saved: the next call writes nothing.
  await ask();
  expect(failing.attempts).toBe(2);
});

test('without the watcher, a new concept whose save failed is kept and written by a later call', async () => {
  await start(false);
  const failing = failWikiDbWrites();
  writeFileSync(
    path.join(dir, 'entities', 'konrad-zuse.md'),
    conceptFile({ type: 'Person', title: 'Konrad Zuse', description: 'Built the Z3.' }, 'He built the Z3.\n'),
  );
  await ask();
  pause(1_100);
  await ask();
  expect(failing.attempts).toBe(2);
  // Still failing: one note, the pause doubled (2 s), so a call a second later does not try.
  expect(io.stderr().match(/could not write/g)).toHaveLength(1);
  pause(1_100);
  await ask();
  expect(failing.attempts).toBe(2);
  failing.on = false;
  pause(1_000);
  await ask();
  expect(failing.attempts).toBe(3);
  expect((await persisted()).titles).toContain('Konrad Zuse');
});

test('closing with a failed save owed tries it once more', async () => {
  await start(false);
  const failing = failWikiDbWrites();
  const mtime = await touchAda();
  await ask();
  expect(failing.attempts).toBe(1);
  failing.on = false;
  await server.close();
  expect(failing.attempts).toBe(2);
  expect((await persisted()).adaMtime).toBe(mtime);
});

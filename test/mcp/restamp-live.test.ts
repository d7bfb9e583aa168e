// The MCP server's catch-ups (by its watcher, or by stat when it has none) save wiki.db when they record new times
// of files whose content is unchanged (a checkout, a restore, a save of identical bytes), as opening does:
// otherwise every later CLI command would re-read those files. Times recorded again unchanged save nothing.
import { readFileSync, utimesSync } from 'node:fs';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { buildIndex } from '../../src/core/index/build';
import { isLoadProblem, WikiIndex } from '../../src/core/index/wiki-index';
import { FsBundle } from '../../src/node/fs-bundle';
import { WIKI_DB } from '../../src/node/paths';
import { conceptFile } from '../support/builders';
import { MemoryBundle } from '../support/memory-bundle';
import { eventually } from '../support/wait-for';
import { startLiveServer } from '../support/live-server';

const ADA = '/entities/ada-lovelace.md';
let dir: string;
let cleanup: () => void;
let client: Client;

async function start(follow: boolean): Promise<void> {
  ({ dir, cleanup, client } = await startLiveServer({ follow }));
  await ask();
}
afterEach(async () => {
  jest.restoreAllMocks();
  await client.close();
  cleanup();
});

const ask = () => client.callTool({ name: 'context_for', arguments: { question: 'Who created Unix?' } });

/** The mtime wiki.db holds for Ada Lovelace's page. */
async function persistedMtime(): Promise<number | null | undefined> {
  const loaded = await WikiIndex.load(readFileSync(path.join(dir, 'wiki.db')));
  if (isLoadProblem(loaded)) throw new Error(loaded.reason);
  const mtime = loaded.fileStates().get(ADA)?.mtime;
  loaded.close();
  return mtime;
}

/** Touches Ada's page a minute later without changing it; returns its new mtime as the bundle reports it. */
async function touchAda(): Promise<number> {
  const later = new Date(Date.now() + 60_000);
  utimesSync(path.join(dir, ADA), later, later);
  return (await new FsBundle(dir).stat(ADA))!.mtime;
}

test('a file touched without a change, seen by the watcher, has its new time written to wiki.db', async () => {
  await start(true);
  const mtime = await touchAda();
  expect(await persistedMtime()).not.toBe(mtime);
  await eventually(async () => (await persistedMtime()) === mtime, 'the new time in wiki.db');
});

test('without the watcher, the catch-up by stat before a call writes the new time too', async () => {
  await start(false);
  const mtime = await touchAda();
  await ask();
  expect(await persistedMtime()).toBe(mtime);
  // Nothing touched since: the next catch-up writes nothing.
  const write = jest.spyOn(FsBundle.prototype, 'write');
  await ask();
  expect(write.mock.calls.filter(([p]) => p === WIKI_DB)).toEqual([]);
});

test('recording the times a file already has counts as no new time', async () => {
  const index = await buildIndex(new MemoryBundle({ '/c/a.md': conceptFile({ title: 'A' }, 'a\n') }));
  const stat = { mtime: 1000, size: 10, ctime: 2000 };
  index.setFileStat('/c/a.md', stat);
  expect(index.fileStatsRecorded).toBe(1);
  index.setFileStat('/c/a.md', stat);
  expect(index.fileStatsRecorded).toBe(1);
  index.setFileStat('/c/a.md', { ...stat, ctime: 2001 });
  expect(index.fileStatsRecorded).toBe(2);
  index.close();
});

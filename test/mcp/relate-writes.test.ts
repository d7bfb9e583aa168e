// One MCP write call writes wiki.db once: the catch-up before the edit's refresh (the watcher's batch holding the
// files the edit just wrote, or the stat catch-up without a watcher) used to write it, then the refresh again.
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { isLoadProblem, rawDatabase, WikiIndex } from '../../src/core/index/wiki-index';
import { FsBundle } from '../../src/node/fs-bundle';
import { WIKI_DB } from '../../src/node/paths';
import { startLiveServer } from '../support/live-server';

let dir: string;
let cleanup: () => void;
let client: Client;

async function start(follow: boolean): Promise<void> {
  ({ dir, cleanup, client } = await startLiveServer({ follow }, (copy) =>
    writeFileSync(path.join(copy, 'okf-wiki.json'), JSON.stringify({ inverses: [['worked_at', 'employed']] })),
  ));
}
afterEach(async () => {
  jest.restoreAllMocks();
  await client.close();
  cleanup();
});

const ask = () => client.callTool({ name: 'context_for', arguments: { question: 'Who created Unix?' } });
const relate = () =>
  client.callTool({
    name: 'relate',
    arguments: { subject: 'entities/ken-thompson', predicate: 'worked_at', object: 'entities/lucent-bell-labs' },
  });

describe.each([
  ['with the watcher', true],
  ['without the watcher (stat catch-up)', false],
])('%s', (_, follow) => {
  test('relate writes wiki.db once, and it holds both new facts', async () => {
    await start(follow);
    await ask();
    const write = jest.spyOn(FsBundle.prototype, 'write');
    const wikiDbWrites = () => write.mock.calls.filter(([p]) => p === WIKI_DB).length;
    expect((await relate()).isError).toBeFalsy();
    expect(wikiDbWrites()).toBe(1);
    // The watcher's report of what the edit wrote (or the next stat catch-up) writes nothing more.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await ask();
    expect(wikiDbWrites()).toBe(1);

    const loaded = await WikiIndex.load(readFileSync(path.join(dir, 'wiki.db')));
    if (isLoadProblem(loaded)) throw new Error(loaded.reason);
    expect(
      rawDatabase(loaded).all(
        "select subject_path, predicate, object_path from edges where predicate in ('worked_at', 'employed') " +
          "and '/entities/lucent-bell-labs.md' in (subject_path, object_path) " +
          "and '/entities/ken-thompson.md' in (subject_path, object_path) order by predicate",
      ),
    ).toEqual([
      {
        subject_path: '/entities/lucent-bell-labs.md',
        predicate: 'employed',
        object_path: '/entities/ken-thompson.md',
      },
      {
        subject_path: '/entities/ken-thompson.md',
        predicate: 'worked_at',
        object_path: '/entities/lucent-bell-labs.md',
      },
    ]);
    loaded.close();
  });

  test('relate as the first call opens and writes wiki.db once', async () => {
    await start(follow);
    // The bundle has no wiki.db yet: opening builds the index, which alone would write it.
    const write = jest.spyOn(FsBundle.prototype, 'write');
    expect((await relate()).isError).toBeFalsy();
    expect(write.mock.calls.filter(([p]) => p === WIKI_DB)).toHaveLength(1);
  });
});

// A one-shot read command (`context`, `evaluate`) writes wiki.db back after its catch-up. Until session 13 that save
// took no lock, while `reindex` holds the bundle's write lock for its whole run: a reindex renaming its wiki.db in
// (with the vectors it spent minutes computing) between the question's load and its save was overwritten by the
// question's older index, every vector lost. The save now goes through the MCP server's guarded store: the lock is
// not waited for (busy: nothing written), and a wiki.db another program wrote since the load is left as it is.
import { appendFileSync, existsSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import { WikiSession } from '../../src/core/engine/session';
import { systemClock } from '../../src/core/types';
import { withBundleLock } from '../../src/node/bundle-lock';
import { FsBundle } from '../../src/node/fs-bundle';
import { fsSessionEnv } from '../../src/node/index-store';
import { WIKI_DB } from '../../src/node/paths';
import { FakeEmbedder } from '../support/fake-ollama';
import { runCli } from '../support/run-cli';
import { copyWritable, makeTempDir, removeTempDir, REPO_ROOT } from '../support/temp-dir';
import { vectorsOnDisk } from '../support/wiki-db-read-hook';

const DEMO = nodePath.join(REPO_ROOT, 'examples', 'computing-history');
let tmp: string;
let bundle: string;

beforeEach(async () => {
  tmp = makeTempDir('okf-catch-up-lock-');
  bundle = copyWritable(DEMO, tmp);
  // wiki.db without vectors, then an edit the next command's catch-up reads and saves.
  const { session } = await WikiSession.rebuilt(fsSessionEnv(new FsBundle(bundle), systemClock, 'setup'));
  await session.close();
  const go = nodePath.join(bundle, 'entities', 'go.md');
  appendFileSync(go, '\nMore text.\n');
  const later = new Date(Date.now() + 60_000);
  utimesSync(go, later, later);
});
afterEach(() => {
  jest.restoreAllMocks();
  removeTempDir(tmp);
});

/** `okf-wiki reindex` with Ollama, as the CLI runs it, under the lock: kept until `until` once wiki.db is written. */
function reindexWithVectors(until = Promise.resolve(), written = () => {}): Promise<void> {
  const fs = new FsBundle(bundle);
  return withBundleLock(fs.root, 'okf-wiki reindex', async () => {
    const env = fsSessionEnv(fs, systemClock, 'okf-wiki reindex');
    const { session } = await WikiSession.rebuilt(env, { embedding: { embedder: new FakeEmbedder() } });
    await session.close();
    written();
    await until;
  });
}

/** Runs `meanwhile` when the command's catch-up save begins (after its load), then lets the save go on. */
function beforeTheSave(meanwhile: () => Promise<void>): void {
  const save = WikiSession.prototype.save;
  let first = true;
  jest.spyOn(WikiSession.prototype, 'save').mockImplementation(async function (this: WikiSession) {
    if (first) {
      first = false;
      await meanwhile();
    }
    return save.call(this);
  });
}

/** The command's arguments: `evaluate` over a set of one question (the bundle's own takes seconds). */
function args(command: 'context' | 'evaluate'): string[] {
  if (command === 'context') return ['context', 'Who created Go?'];
  const set = nodePath.join(tmp, 'one.json');
  const question = { id: 'go', question: 'Who created Go?', expect_seeds: ['/entities/go.md'] };
  writeFileSync(set, JSON.stringify({ version: 1, questions: [question] }));
  return ['evaluate', '--set', set];
}
const cli = (command: 'context' | 'evaluate') =>
  runCli([...args(command), '--bundle', bundle, '--no-embed', '--today', '2026-12-01'], tmp);

test.each(['context', 'evaluate'] as const)(
  '%s saving while a reindex holds the lock leaves it wiki.db',
  async (command) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let reindex: Promise<void> | undefined;
    beforeTheSave(async () => {
      // The reindex renames its wiki.db in, and still holds the lock as the command saves.
      let written!: () => void;
      const renamedIn = new Promise<void>((resolve) => (written = resolve));
      reindex = reindexWithVectors(held, written);
      await Promise.race([renamedIn, reindex]);
    });
    const { stderr } = await cli(command);
    release();
    await reindex;
    expect(reindex).toBeDefined();
    expect(await vectorsOnDisk(bundle, tmp)).toBe(36);
    // Not written, and nothing said: the reindex's file holds the edit too, and a next open would catch it up anyway.
    expect(stderr).not.toMatch(/could not write|not written|wiki\.db/);
  },
);

test('a reindex that wrote wiki.db after the question loaded it keeps it: the question does not save', async () => {
  beforeTheSave(() => reindexWithVectors());
  const { code, stderr } = await cli('context');
  expect(code).toBe(0);
  expect(await vectorsOnDisk(bundle, tmp)).toBe(36);
  expect(stderr).not.toMatch(/could not write|not written|wiki\.db/);
});

test('with nobody else writing, the catch-up is saved and the lock released', async () => {
  const before = readFileSync(nodePath.join(bundle, WIKI_DB));
  const { code } = await cli('context');
  expect(code).toBe(0);
  expect(readFileSync(nodePath.join(bundle, WIKI_DB)).equals(before)).toBe(false);
  expect(existsSync(nodePath.join(bundle, '.okf-wiki', 'lock'))).toBe(false);
  const again = await WikiSession.open(fsSessionEnv(new FsBundle(bundle), systemClock, 'check'));
  expect(again.openChangedIndex).toBe(false);
  await again.close();
});

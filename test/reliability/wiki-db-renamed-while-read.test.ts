// Our own writers (the plugin, the MCP server, another CLI) save wiki.db by writing a temporary file and renaming it
// over. A reader holding the old file keeps its bytes, but Linux moves that inode's ctime when its link goes: the
// reader took this for "changed while read" and a cold question threw its checked wiki.db away (rebuilt without
// vectors and saved over the other writer's file), failed its first write, or a reindex carried no vector.
// Review of the in-place load (session 11); each case failed before src/node/file-reader.ts accepted a dropped link.
import { appendFileSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import { WikiSession } from '../../src/core/engine/session';
import { systemClock, type FileStat } from '../../src/core/types';
import { FsBundle } from '../../src/node/fs-bundle';
import { fsSessionEnv } from '../../src/node/index-store';
import { openSession } from '../../src/node/open-session';
import { bufferIo } from '../support/cli-io';
import { FAKE_MODEL, FakeEmbedder } from '../support/fake-ollama';
import { HookedWikiDbReads, vectorsOnDisk } from '../support/wiki-db-read-hook';
import { copyWritable, makeTempDir, removeTempDir, REPO_ROOT } from '../support/temp-dir';

const DEMO = nodePath.join(REPO_ROOT, 'examples', 'computing-history');
let tmp: string;
let bundle: string;

beforeEach(async () => {
  tmp = makeTempDir('okf-renamed-');
  bundle = copyWritable(DEMO, tmp);
  const env = fsSessionEnv(new FsBundle(bundle), systemClock, 'setup');
  const { session } = await WikiSession.rebuilt(env, { embedding: { embedder: new FakeEmbedder() } });
  await session.save();
  expect(session.index.vectorCount(FAKE_MODEL)).toBe(36);
  await session.close();
});
afterEach(() => removeTempDir(tmp));

/** Another writer's save: the same bytes written to a temporary file renamed over wiki.db. */
function otherWriterSaves(): void {
  const db = nodePath.join(bundle, 'wiki.db');
  writeFileSync(db + '.other', readFileSync(db));
  renameSync(db + '.other', db);
}

test('a save landing during a cold question checksum pass: wiki.db is kept, with its vectors', async () => {
  const io = bufferIo(tmp);
  const racing = new HookedWikiDbReads(bundle, (bytes, at) => at === 0 && bytes > 4096, otherWriterSaves);
  const session = await openSession(racing, io, undefined, 'okf-wiki', true);
  expect(session.opened.kind).toBe('loaded');
  await session.close();
  expect(await vectorsOnDisk(bundle, tmp)).toBe(36);
});

test('a save landing while a cold question catches up an edited note: the question opens and writes', async () => {
  appendFileSync(nodePath.join(bundle, 'entities', 'alan-turing.md'), '\nEdited.\n');
  class EditedThenSaved extends FsBundle {
    private saved = false;
    override async readWithStat(path: string): Promise<{ text: string; stat: FileStat }> {
      if (!this.saved) [this.saved] = [true, otherWriterSaves()];
      return super.readWithStat(path);
    }
  }
  const session = await openSession(new EditedThenSaved(bundle), bufferIo(tmp), undefined, 'okf-wiki', true);
  expect(session.opened.kind).toBe('loaded');
  await session.close();
  // The edited note's vector is out of date, so dropped until it is embedded again; every other one is kept.
  expect(await vectorsOnDisk(bundle, tmp)).toBe(35);
});

test('a save landing during a reindex carry: every vector is carried', async () => {
  const racing = new HookedWikiDbReads(bundle, (bytes, at) => at > 0 && bytes <= 65536, otherWriterSaves);
  const env = fsSessionEnv(racing, systemClock, 'reindex');
  const { session, report } = await WikiSession.rebuilt(env, { embedding: { embedder: new FakeEmbedder() } });
  await session.close();
  expect(report.carried).toBe(36);
});

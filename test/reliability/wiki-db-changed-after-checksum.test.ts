// A cold question reads wiki.db in place: its checksum is checked in one pass, then SQLite reads the pages it needs.
// Another program writing the file in place after that pass (an SQL tool, `cp backup wiki.db`, `rsync --inplace`)
// was found at the next read, and the question then rebuilt from the notes without vectors and saved that over the
// file (found in the schema checks) or failed (found at the catch-up's first write). The load is now tried once more,
// over the file as it now is, with all its checks: its vectors kept.
import { appendFileSync, closeSync, openSync, readFileSync, writeSync } from 'node:fs';
import * as nodePath from 'node:path';
import { WikiSession } from '../../src/core/engine/session';
import { systemClock, type FileStat } from '../../src/core/types';
import { FsBundle } from '../../src/node/fs-bundle';
import { fsSessionEnv } from '../../src/node/index-store';
import { openSession } from '../../src/node/open-session';
import { bufferIo } from '../support/cli-io';
import { FakeEmbedder } from '../support/fake-ollama';
import { HookedWikiDbReads, vectorsOnDisk } from '../support/wiki-db-read-hook';
import { copyWritable, makeTempDir, removeTempDir, REPO_ROOT } from '../support/temp-dir';

const DEMO = nodePath.join(REPO_ROOT, 'examples', 'computing-history');
let tmp: string;
let bundle: string;

beforeEach(async () => {
  tmp = makeTempDir('okf-changed-after-');
  bundle = copyWritable(DEMO, tmp);
  const env = fsSessionEnv(new FsBundle(bundle), systemClock, 'setup');
  const { session } = await WikiSession.rebuilt(env, { embedding: { embedder: new FakeEmbedder() } });
  await session.save();
  await session.close();
});
afterEach(() => removeTempDir(tmp));

/** Another program writes wiki.db in place: the same bytes again where they are (its mtime moves). */
function writtenInPlace(): void {
  const file = nodePath.join(bundle, 'wiki.db');
  const fd = openSync(file, 'r+');
  writeSync(fd, readFileSync(file), 0, 4096, 0);
  closeSync(fd);
}

test('written in place as SQLite reads its schema: loaded again, vectors kept', async () => {
  const io = bufferIo(tmp);
  // SQLite's first page read (the checksum pass reads 512 KiB at a time, the header check 100 bytes).
  const racing = new HookedWikiDbReads(
    bundle,
    (bytes, at) => at === 0 && bytes > 100 && bytes <= 65536,
    writtenInPlace,
  );
  const session = await openSession(racing, io, undefined, 'okf-wiki', true);
  expect(session.opened.kind).toBe('loaded');
  await session.close();
  expect(io.stderr()).not.toContain('rebuilt');
  expect(await vectorsOnDisk(bundle, tmp)).toBe(36);
});

test("written in place before the catch-up's first write: loaded again, the edit caught up", async () => {
  appendFileSync(nodePath.join(bundle, 'entities', 'alan-turing.md'), '\nEdited.\n');
  class EditedThenWritten extends FsBundle {
    private written = false;
    override async readWithStat(path: string): Promise<{ text: string; stat: FileStat }> {
      if (!this.written) [this.written] = [true, writtenInPlace()];
      return super.readWithStat(path);
    }
  }
  const session = await openSession(new EditedThenWritten(bundle), bufferIo(tmp), undefined, 'okf-wiki', true);
  expect(session.opened.kind).toBe('loaded');
  await session.close();
  // The edited note's vector is out of date, so dropped until it is embedded again; every other one is kept.
  expect(await vectorsOnDisk(bundle, tmp)).toBe(35);
});

// A cold question reads wiki.db where it lies (PersistedFile.readInPlace): SQLite reads the pages it needs after the
// checksum pass. A read failing then (an I/O error of the drive, a file cut short) or a page read after another
// program wrote the file in place failed the question with SQLite's bare "disk I/O error", naming neither wiki.db nor
// the problem. The error now says which file and what went wrong.
import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';
import * as nodePath from 'node:path';
import type { FileReader, PersistedFile } from '../../src/core/index/snapshot';
import { FsBundle } from '../../src/node/fs-bundle';
import { openSession } from '../../src/node/open-session';
import { bufferIo } from '../support/cli-io';
import { copyWritable, makeTempDir, removeTempDir, REPO_ROOT } from '../support/temp-dir';

const DEMO = nodePath.join(REPO_ROOT, 'examples', 'computing-history');
let tmp: string;
let bundle: string;

beforeEach(async () => {
  tmp = makeTempDir('okf-read-fails-');
  bundle = copyWritable(DEMO, tmp);
  // Built and saved once: the questions below load it in place.
  await (await openSession(new FsBundle(bundle), bufferIo(tmp))).close();
});
afterEach(() => removeTempDir(tmp));

/** A bundle whose wiki.db reads fail with `error` once `failing.on` (a drive's I/O error, after the load). */
class FailingReads extends FsBundle {
  readonly failing = { on: false };

  constructor(
    dir: string,
    private readonly error: () => Error,
  ) {
    super(dir);
  }

  override async openBytes(path: string): Promise<PersistedFile | undefined> {
    const file = await super.openBytes(path);
    if (!file?.openReader || !path.endsWith('wiki.db')) return file;
    const open = file.openReader;
    return {
      ...file,
      openReader: (): FileReader => {
        const reader = open();
        return {
          ...reader,
          readAt: (target, at) => {
            if (this.failing.on) throw this.error();
            reader.readAt(target, at);
          },
        };
      },
    };
  }
}

async function askInPlace(fs: FsBundle, afterLoad: () => void): Promise<string> {
  const session = await openSession(fs, bufferIo(tmp), undefined, 'okf-wiki', true);
  try {
    afterLoad();
    await session.answer('Who created Unix? Tell me about Ken Thompson and the C programming language.');
    return 'answered';
  } catch (error) {
    return (error as Error).message;
  } finally {
    await session.close().catch(() => undefined);
  }
}

test('a read error of the drive names wiki.db and the error', async () => {
  const fs = new FailingReads(bundle, () => Object.assign(new Error('EIO: i/o error, read'), { code: 'EIO' }));
  const message = await askInPlace(fs, () => (fs.failing.on = true));
  expect(message).toContain(nodePath.join(fs.root, 'wiki.db'));
  expect(message).toContain('EIO: i/o error, read');
});

test('wiki.db written in place by another program after its checksum pass is named, and why', async () => {
  const fs = new FsBundle(bundle);
  const file = nodePath.join(fs.root, 'wiki.db');
  const message = await askInPlace(fs, () => {
    // The same bytes written again where they are: the file's mtime moves, as any write in place moves it.
    const fd = openSync(file, 'r+');
    writeSync(fd, readFileSync(file), 0, 4096, 0);
    closeSync(fd);
  });
  expect(message).toContain(file);
  expect(message).toMatch(/changed while it was read/);
});

// A bundle whose wiki.db reader runs something once, right after the first read a predicate accepts: another
// program's write landing while a cold question reads wiki.db in place (reliability tests of the in-place load).
import type { FileReader, PersistedFile } from '../../src/core/index/snapshot';
import { FsBundle } from '../../src/node/fs-bundle';
import { openSession } from '../../src/node/open-session';
import { bufferIo } from './cli-io';
import { FAKE_MODEL } from './fake-ollama';

/** Runs `then` once, after the first read of wiki.db (`bytes` at offset `at`) that `when` accepts. */
export class HookedWikiDbReads extends FsBundle {
  constructor(
    dir: string,
    private readonly when: (bytes: number, at: number) => boolean,
    private readonly then: () => void,
  ) {
    super(dir);
  }

  override async openBytes(path: string): Promise<PersistedFile | undefined> {
    const file = await super.openBytes(path);
    if (!file?.openReader || !path.endsWith('wiki.db')) return file;
    const open = file.openReader;
    let done = false;
    return {
      ...file,
      openReader: (): FileReader => {
        const reader = open();
        return {
          ...reader,
          readAt: (target, at) => {
            reader.readAt(target, at);
            if (!done && this.when(target.byteLength, at)) {
              done = true;
              this.then();
            }
          },
        };
      },
    };
  }
}

/** The fake model's vectors in the bundle's wiki.db, as the next session opens it. */
export async function vectorsOnDisk(bundle: string, tmp: string): Promise<number> {
  const session = await openSession(new FsBundle(bundle), bufferIo(tmp));
  try {
    return session.index.vectorCount(FAKE_MODEL);
  } finally {
    await session.close();
  }
}

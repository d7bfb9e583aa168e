// A wiki.db a shell reads in another thread (PersistedFile.readIntoLater, the Node shells): openIndex lists and stats
// the bundle while it is read (the catch-up's survey), and the load is checked exactly as a synchronous read is.
import { buildIndex } from '../../../src/core/index/build';
import { dumpIndex } from '../../../src/core/index/dump';
import { loadDatabase } from '../../../src/core/index/load';
import { openIndex } from '../../../src/core/index/open';
import type { PersistedFile } from '../../../src/core/index/snapshot';
import { Database } from '../../../src/core/index/sqlite';
import type { BundleSource, FileStat } from '../../../src/core/types';
import { conceptFile } from '../../support/builders';
import { MemoryBundle } from '../../support/memory-bundle';
import { sampleFiles } from '../../support/sample-bundle';

let bytes: Uint8Array;

beforeAll(async () => {
  const index = await buildIndex(new MemoryBundle(sampleFiles()));
  bytes = index.export();
  index.close();
});

/** What happened, in order: the read's start and end, the listing, each stat. */
type Log = string[];

/** `data` read "in another thread": the bytes land, then the promise settles, a macrotask later. */
function laterFile(data: Uint8Array, log: Log, options: { fail?: Error; afterFill?: () => void } = {}): PersistedFile {
  return {
    byteLength: data.byteLength,
    readInto: () => {
      throw new Error('the synchronous read was used');
    },
    readIntoLater: (target) => {
      log.push('read started');
      return new Promise((resolve, reject) =>
        setTimeout(() => {
          log.push('read done');
          if (options.fail) return reject(options.fail);
          target.set(data);
          options.afterFill?.();
          resolve();
        }, 5),
      );
    },
  };
}

/** A MemoryBundle with stats (mtime and size from a version counter per path) that logs its listing and stats. */
class StatBundle extends MemoryBundle implements BundleSource {
  readonly versions = new Map<string, number>();
  constructor(
    files: Record<string, string>,
    private readonly log: Log,
    private readonly failList = false,
  ) {
    super(files);
  }
  override async list(): Promise<string[]> {
    this.log.push('list');
    if (this.failList) throw new Error('EIO: the folder could not be listed');
    return super.list();
  }
  async stat(path: string): Promise<FileStat | undefined> {
    this.log.push('stat');
    const text = this.files.get(path);
    return text === undefined ? undefined : { mtime: this.versions.get(path) ?? 1, size: text.length };
  }
  edit(path: string, text: string): void {
    this.set(path, text);
    this.versions.set(path, (this.versions.get(path) ?? 1) + 1);
  }
}

describe('a wiki.db read in another thread', () => {
  test('loads the same tables as one read at once, and runs `meanwhile` while it is read', async () => {
    const log: Log = [];
    const db = await loadDatabase(laterFile(bytes, log), () => log.push('meanwhile'));
    expect(db).toBeInstanceOf(Database);
    expect(log).toEqual(['read started', 'meanwhile', 'read done']);
    const same = await loadDatabase(bytes);
    const tables = (d: Database) => d.all('select name, sql from sqlite_schema order by name');
    expect(tables(db as Database)).toEqual(tables(same as Database));
    expect((db as Database).all('select path, hash from files order by path')).toEqual(
      (same as Database).all('select path, hash from files order by path'),
    );
    (db as Database).close();
    (same as Database).close();
  });

  test('a read that fails is a problem naming the failure: the caller rebuilds', async () => {
    const log: Log = [];
    const failed = await loadDatabase(laterFile(bytes, log, { fail: new Error('wiki.db could not be read (EIO)') }));
    expect(failed).toEqual({ reason: 'wiki.db could not be read (EIO)' });
  });

  test('`meanwhile` failing waits for the read to settle: the memory it fills is not freed under it', async () => {
    const log: Log = [];
    const loaded = await loadDatabase(laterFile(bytes, log), () => {
      throw new Error('the survey could not start');
    });
    log.push('returned');
    expect(loaded).toEqual({ reason: 'the survey could not start' });
    expect(log).toEqual(['read started', 'read done', 'returned']);
  });

  test('damaged bytes are refused by their checksum, as when read at once', async () => {
    const damaged = bytes.slice();
    damaged[Math.floor(damaged.length / 2)] ^= 0x40;
    const loaded = await loadDatabase(laterFile(damaged, []));
    expect(loaded).toEqual({ reason: expect.stringMatching(/checksum does not match/) });
  });

  test("the engine's memory growing before the read settles does not lose the bytes read", async () => {
    const other = await Database.open();
    const grow = () => void other.get('select length(randomblob(?)) as n', [64 * 1024 * 1024]);
    const db = await loadDatabase(laterFile(bytes, [], { afterFill: grow }));
    expect(db).toBeInstanceOf(Database);
    (db as Database).close();
    other.close();
  });
});

describe('openIndex with a wiki.db read in another thread', () => {
  test('lists and stats while it is read, then catches up with changed, added and removed files', async () => {
    const log: Log = [];
    const bundle = new StatBundle(sampleFiles(), log);
    const saved = await openIndex(bundle, bytes);
    const recorded = saved.index.export();
    saved.index.close();
    bundle.edit('/entities/ada-lovelace.md', conceptFile({ type: 'Person', title: 'Augusta Ada King' }));
    bundle.edit('/entities/zuse.md', conceptFile({ type: 'Person', title: 'Konrad Zuse' }));
    bundle.delete('/entities/eniac.md');

    const { index, outcome } = await openIndex(bundle, laterFile(recorded, log));
    expect(outcome).toEqual({
      kind: 'loaded',
      sync: { updated: ['/entities/ada-lovelace.md', '/entities/zuse.md'], removed: ['/entities/eniac.md'] },
    });
    // The listing and every stat came between the read's start and its end.
    const started = log.lastIndexOf('read started');
    expect(log.slice(started, started + 2)).toEqual(['read started', 'list']);
    expect(log.indexOf('read done', started)).toBeGreaterThan(log.lastIndexOf('stat'));
    const fresh = await buildIndex(bundle);
    expect(dumpIndex(index)).toEqual(dumpIndex(fresh));
    fresh.close();
    index.close();
  });

  test('a listing that fails while wiki.db is read fails the open, as it does after a read at once', async () => {
    const bundle = new StatBundle(sampleFiles(), [], true);
    await expect(openIndex(bundle, laterFile(bytes, []))).rejects.toThrow(/could not be listed/);
  });

  test('a read that fails rebuilds from the files, its survey dropped (no unhandled rejection)', async () => {
    const bundle = new StatBundle(sampleFiles(), []);
    const { index, outcome } = await openIndex(bundle, laterFile(bytes, [], { fail: new Error('EIO') }));
    expect(outcome).toEqual({ kind: 'built', reason: 'wiki.db was not used (EIO); rebuilt from the concept files' });
    index.close();
  });

  test(
    'a read and a survey that both fail: the rebuild fails the open, ' + 'the survey is not left unhandled',
    async () => {
      const unhandled: unknown[] = [];
      const onUnhandled = (reason: unknown) => void unhandled.push(reason);
      process.on('unhandledRejection', onUnhandled);
      try {
        const bundle = new StatBundle(sampleFiles(), [], true);
        await expect(openIndex(bundle, laterFile(bytes, [], { fail: new Error('EIO') }))).rejects.toThrow(
          /could not be listed/,
        );
        // A rejection is reported unhandled after the microtasks of its turn: give it a macrotask.
        await new Promise((resolve) => setTimeout(resolve, 10));
        expect(unhandled).toEqual([]);
      } finally {
        process.off('unhandledRejection', onUnhandled);
      }
    },
  );
});

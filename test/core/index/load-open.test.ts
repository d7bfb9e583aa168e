// wiki.db persistence: export and load round trip; a wiki.db that cannot be trusted (unreadable, not ours,
// another schema version) is a problem value, never an exception, and openIndex rebuilds from the files.
import { buildIndex, syncIndex } from '../../../src/core/index/build';
import { dumpIndex } from '../../../src/core/index/dump';
import { openIndex } from '../../../src/core/index/open';
import { SCHEMA_VERSION } from '../../../src/core/index/schema';
import { readSnapshot } from '../../../src/core/index/snapshot';
import { Database } from '../../../src/core/index/sqlite';
import { rawDatabase, isLoadProblem, WikiIndex, type LoadProblem } from '../../../src/core/index/wiki-index';
import { conceptFile } from '../../support/builders';
import { MemoryBundle } from '../../support/memory-bundle';
import { sampleFiles } from '../../support/sample-bundle';

let bytes: Uint8Array;
let reference: Record<string, string[]>;

beforeAll(async () => {
  const index = await buildIndex(new MemoryBundle(sampleFiles()));
  bytes = index.export();
  reference = dumpIndex(index);
  index.close();
});

/** The page size written in the header of the sample wiki.db. */
const pageSize = () => new DataView(bytes.buffer, bytes.byteOffset).getUint16(16);

async function loadIndex(data: Uint8Array): Promise<WikiIndex> {
  const loaded = await WikiIndex.load(data);
  if (isLoadProblem(loaded)) throw new Error(`expected an index, got: ${loaded.reason}`);
  return loaded;
}

async function loadProblem(data: Uint8Array): Promise<LoadProblem> {
  const loaded = await WikiIndex.load(data);
  if (!isLoadProblem(loaded)) {
    loaded.close();
    throw new Error('expected a load problem, got an index');
  }
  return loaded;
}

/** A wiki.db built from the sample bundle, changed by `change` before export. */
async function variant(change: (index: WikiIndex) => void): Promise<Uint8Array> {
  const index = await buildIndex(new MemoryBundle(sampleFiles()));
  change(index);
  const out = index.export();
  index.close();
  return out;
}

/** The same, changed the way another SQLite tool would leave it: plain database bytes, no checksum trailer. */
async function foreign(change: (index: WikiIndex) => void): Promise<Uint8Array> {
  return readSnapshot(await variant(change)).database;
}

/** The database bytes of the sample wiki.db without its trailer (as an older version wrote it). */
const plain = () => readSnapshot(bytes).database;

describe('export and load', () => {
  test('the bytes are a SQLite database file', () => {
    expect(new TextDecoder().decode(bytes.subarray(0, 16))).toBe('SQLite format 3\0');
  });

  test('load gives back every table unchanged', async () => {
    const loaded = await loadIndex(bytes);
    expect(dumpIndex(loaded)).toEqual(reference);
    expect(loaded.getMeta('schema_version')).toBe(String(SCHEMA_VERSION));
    loaded.close();
  });

  test('a loaded index can be searched and updated like a built one', async () => {
    const bundle = new MemoryBundle(sampleFiles());
    const loaded = await loadIndex(bytes);
    expect(rawDatabase(loaded).all("select path from concepts_fts where concepts_fts match 'godel'")).toEqual([
      { path: '/entities/kurt-godel.md' },
    ]);
    bundle.set('/entities/new.md', conceptFile({ type: 'Person', title: 'Grace Hopper' }));
    bundle.delete('/entities/kurt-godel.md');
    const sync = await syncIndex(loaded, bundle);
    expect(sync).toEqual({ updated: ['/entities/new.md'], removed: ['/entities/kurt-godel.md'] });
    const fresh = await buildIndex(bundle);
    expect(dumpIndex(loaded)).toEqual(dumpIndex(fresh));
    expect(() =>
      rawDatabase(loaded).run("insert into concepts_fts (concepts_fts) values ('integrity-check')"),
    ).not.toThrow();
    fresh.close();
    loaded.close();
  });

  test('export of a loaded, unchanged index gives the same tables again', async () => {
    const loaded = await loadIndex(bytes);
    const again = await loadIndex(loaded.export());
    expect(dumpIndex(again)).toEqual(reference);
    loaded.close();
    again.close();
  });

  test('load accepts a Node Buffer and a Uint8Array that views part of a larger buffer', async () => {
    const fromBuffer = await loadIndex(Buffer.from(bytes));
    expect(dumpIndex(fromBuffer)).toEqual(reference);
    fromBuffer.close();
    const padded = new Uint8Array(bytes.length + 24);
    padded.set(bytes, 8);
    const fromView = await loadIndex(padded.subarray(8, 8 + bytes.length));
    expect(dumpIndex(fromView)).toEqual(reference);
    fromView.close();
  });

  test("load does not keep a reference to the caller's bytes", async () => {
    const copy = bytes.slice();
    const loaded = await loadIndex(copy);
    copy.fill(0);
    expect(dumpIndex(loaded)).toEqual(reference);
    loaded.close();
  });
});

describe('a wiki.db that cannot be trusted is a problem, not an exception', () => {
  const random = (n: number) => {
    let seed = 7;
    return Uint8Array.from({ length: n }, () => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed >>> 24;
    });
  };
  const withHeader = (n: number) => {
    const out = random(n);
    out.set(new TextEncoder().encode('SQLite format 3\0'));
    return out;
  };

  test.each<[string, () => Uint8Array | Promise<Uint8Array>, RegExp]>([
    ['empty bytes', () => new Uint8Array(0), /not a readable SQLite database: empty file/],
    ['random bytes', () => random(8192), /^not a readable SQLite database: no SQLite header$/],
    ['a SQLite header followed by noise', () => withHeader(8192), /not a readable SQLite database/],
    [
      'the first 100 bytes',
      () => bytes.slice(0, 100),
      /^not a readable SQLite database: truncated: 100 bytes is not a whole number of \d+-byte pages$/,
    ],
    [
      'the first page only',
      () => bytes.slice(0, pageSize()),
      /^not a readable SQLite database: truncated: the header says \d+ pages of \d+ bytes, the file holds 1$/,
    ],
    ['half of the file', () => bytes.slice(0, Math.floor(bytes.length / 2)), /not a readable SQLite database/],
    [
      'all but the last byte',
      () => bytes.slice(0, bytes.length - 1),
      /: truncated: \d+ bytes is not a whole number of \d+-byte pages$/,
    ],
    [
      'all but the last 100 bytes',
      () => bytes.slice(0, bytes.length - 100),
      /: truncated: \d+ bytes is not a whole number/,
    ],
    [
      'all but the last page',
      () => plain().slice(0, plain().length - pageSize()),
      /: truncated: the header says \d+ pages/,
    ],
    [
      'a page zeroed in the middle (no checksum: SQLite finds it)',
      () => {
        const out = plain().slice();
        const page = Math.floor(out.length / pageSize() / 2) * pageSize();
        out.fill(0, page, page + pageSize());
        return out;
      },
      /not a readable SQLite database/,
    ],
    [
      'a page zeroed in the middle (the checksum finds it)',
      () => {
        const out = bytes.slice();
        const page = Math.floor(out.length / pageSize() / 2) * pageSize();
        out.fill(0, page, page + pageSize());
        return out;
      },
      /^its checksum does not match its bytes: changed or damaged since it was written$/,
    ],
    [
      'a SQLite database that is not ours',
      async () => {
        const db = await Database.open();
        db.exec("create table notes (id integer primary key, text text); insert into notes (text) values ('hello')");
        const out = db.export();
        db.close();
        return out;
      },
      /no such table: meta|not an OKF Graph Wiki index/,
    ],
    [
      'a meta table that is not ours',
      async () => {
        const db = await Database.open();
        db.exec(
          "create table meta (key text primary key, value text); insert into meta values ('schema_version', '1')",
        );
        const out = db.export();
        db.close();
        return out;
      },
      /^not an OKF Graph Wiki index$/,
    ],
    [
      'an older schema version',
      () => variant((i) => i.setMeta('schema_version', String(SCHEMA_VERSION - 1))),
      new RegExp(`^schema version ${SCHEMA_VERSION - 1}, expected ${SCHEMA_VERSION}$`),
    ],
    [
      'a schema version that is not a number',
      () => variant((i) => i.setMeta('schema_version', 'banana')),
      /^schema version banana, expected/,
    ],
    [
      'a newer schema version',
      () => variant((i) => i.setMeta('schema_version', String(SCHEMA_VERSION + 1))),
      new RegExp(
        `^written by a newer version \\(schema ${SCHEMA_VERSION + 1}, this version reads ${SCHEMA_VERSION}\\)$`,
      ),
    ],
    [
      'a table missing',
      () => variant((i) => rawDatabase(i).exec('drop table links')),
      /^not the exact schema this version writes \(index idx_links_target is missing, table links is missing\)$/,
    ],
  ])('%s', async (_case, make, reason) => {
    const data = await make();
    const problem = await loadProblem(data);
    expect(problem.reason).toMatch(reason);
    expect(problem.reason).not.toMatch(/^SQLITE_/);
  });

  test('a load problem is not an index', async () => {
    const problem = await WikiIndex.load(new Uint8Array(0));
    expect(isLoadProblem(problem)).toBe(true);
  });
});

describe('openIndex', () => {
  test('without a wiki.db, builds from the concept files', async () => {
    const { index, outcome } = await openIndex(new MemoryBundle(sampleFiles()), undefined);
    expect(outcome).toEqual({ kind: 'built', reason: 'no wiki.db yet; built from the concept files' });
    expect(dumpIndex(index)).toEqual(reference);
    index.close();
  });

  test('with a current wiki.db, loads it and catches up with the bundle', async () => {
    const bundle = new MemoryBundle(sampleFiles());
    bundle.set('/entities/eniac.md', conceptFile({ type: 'Product', title: 'ENIAC (1945)' }));
    const { index, outcome } = await openIndex(bundle, bytes);
    expect(outcome).toEqual({ kind: 'loaded', sync: { updated: ['/entities/eniac.md'], removed: [] } });
    const fresh = await buildIndex(bundle);
    expect(dumpIndex(index)).toEqual(dumpIndex(fresh));
    fresh.close();
    index.close();
  });

  test.each<[string, () => Promise<Uint8Array> | Uint8Array, RegExp]>([
    [
      'truncated',
      () => bytes.slice(0, Math.floor(bytes.length / 2)),
      /^wiki\.db was not used \(not a readable SQLite database: .+\); rebuilt from the concept files$/,
    ],
    [
      'random',
      () => Uint8Array.from({ length: 5000 }, (_, i) => (i * 37) & 0xff),
      /^wiki\.db was not used \(not a readable SQLite database: .+\); rebuilt/,
    ],
    [
      'empty',
      () => new Uint8Array(0),
      /^wiki\.db was not used \(not a readable SQLite database: empty file\); rebuilt/,
    ],
    [
      'another schema version',
      () => variant((i) => i.setMeta('schema_version', '0')),
      new RegExp(`^wiki\\.db was not used \\(schema version 0, expected ${SCHEMA_VERSION}\\); rebuilt`),
    ],
    [
      'a newer schema version',
      () => variant((i) => i.setMeta('schema_version', String(SCHEMA_VERSION + 5))),
      /^wiki\.db was not used \(written by a newer version .+\); rebuilt/,
    ],
  ])('with a %s wiki.db, rebuilds and says why', async (_case, make, reason) => {
    const { index, outcome } = await openIndex(new MemoryBundle(sampleFiles()), await make());
    expect(outcome.kind).toBe('built');
    expect(outcome.kind === 'built' && outcome.reason).toMatch(reason);
    expect(dumpIndex(index)).toEqual(reference);
    index.close();
  });

  test('a wiki.db whose FTS index disagrees with its concepts is rebuilt', async () => {
    const damaged = await foreign((i) =>
      rawDatabase(i).run("update concepts set title = 'Wrong' where path = '/entities/kurt-godel.md'"),
    );
    const { index, outcome } = await openIndex(new MemoryBundle(sampleFiles()), damaged);
    expect(outcome.kind).toBe('built');
    expect(dumpIndex(index)).toEqual(reference);
    index.close();
  });

  test('a stale wiki.db whose content lies is corrected, not trusted', async () => {
    // The persisted index says kurt-godel has another hash: the catch-up must re-read it. (Editing an indexed
    // column such as the title behind FTS5's back is damage, caught by the integrity check: see below.)
    const lying = await variant((i) => {
      rawDatabase(i).run("update concepts set hash = 'x' where path = '/entities/kurt-godel.md'");
      rawDatabase(i).run("update files set hash = 'x' where path = '/entities/kurt-godel.md'");
    });
    const bundle = new MemoryBundle(sampleFiles());
    const { index, outcome } = await openIndex(bundle, lying);
    expect(outcome).toEqual({ kind: 'loaded', sync: { updated: ['/entities/kurt-godel.md'], removed: [] } });
    const fresh = await buildIndex(bundle);
    expect(dumpIndex(index)).toEqual(dumpIndex(fresh));
    fresh.close();
    index.close();
  });
});

describe('syncIndex re-reads only what changed', () => {
  test('reports updated and removed files, and the result equals a rebuild', async () => {
    const bundle = new MemoryBundle(sampleFiles());
    const index = await buildIndex(bundle.clone());
    expect(await syncIndex(index, bundle)).toEqual({ updated: [], removed: [] });

    bundle.set('/entities/ada-lovelace.md', conceptFile({ type: 'Person', title: 'Ada, Countess of Lovelace' }));
    bundle.set('/entities/zuse.md', conceptFile({ type: 'Person', title: 'Konrad Zuse' }));
    bundle.set('/entities/broken.md', conceptFile({ type: 'Person', title: 'Repaired' }));
    bundle.set('/notes/plain.md', '# still no frontmatter, but different\n');
    bundle.delete('/entities/eniac.md');
    bundle.delete('/references/notes.md');
    bundle.set('/index.md', '# a reserved file changed: not our business\n');
    bundle.set('/.obsidian/new.md', conceptFile({ type: 'Person' }));

    expect(await syncIndex(index, bundle)).toEqual({
      updated: ['/entities/ada-lovelace.md', '/entities/broken.md', '/entities/zuse.md', '/notes/plain.md'],
      removed: ['/entities/eniac.md', '/references/notes.md'],
    });
    const fresh = await buildIndex(bundle);
    expect(dumpIndex(index)).toEqual(dumpIndex(fresh));
    expect(await syncIndex(index, bundle)).toEqual({ updated: [], removed: [] });
    fresh.close();
    index.close();
  });

  test(
    'a file that cannot be read becomes an unreadable diagnostic naming ' + 'it, and recovers when readable',
    async () => {
      const files = sampleFiles();
      let failing = true;
      const source = {
        list: async () => Object.keys(files).sort(),
        read: async (path: string) => {
          if (failing && path === '/entities/eniac.md') throw new Error('EACCES: permission denied');
          return files[path];
        },
      };
      const index = await buildIndex(source);
      expect(index.diagnostics().filter((d) => d.path === '/entities/eniac.md')).toEqual([
        {
          path: '/entities/eniac.md',
          severity: 'error',
          code: 'unreadable',
          message: 'Could not read the file: EACCES: permission denied',
        },
      ]);
      expect(rawDatabase(index).get('select status from files where path = ?', ['/entities/eniac.md'])).toEqual({
        status: 'invalid',
      });
      expect(await syncIndex(index, source)).toEqual({ updated: [], removed: [] });
      failing = false;
      expect(await syncIndex(index, source)).toEqual({ updated: ['/entities/eniac.md'], removed: [] });
      expect(dumpIndex(index)).toEqual(reference);
      index.close();
    },
  );

  test('progress is reported up to the total', async () => {
    const seen: Array<[number, number]> = [];
    const index = await buildIndex(new MemoryBundle(sampleFiles()), (done, total) => seen.push([done, total]));
    expect(seen).toEqual([[9, 9]]);
    index.close();
  });
});

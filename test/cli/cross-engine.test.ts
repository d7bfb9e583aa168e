// The wiki.db that `reindex` writes is a plain SQLite file: another SQLite (better-sqlite3, a native build)
// opens it, searches it with FTS5 MATCH and queries the JSON columns with json_each (spec §3, §5).
import { readFileSync, writeFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import { buildIndex, readBundleFile } from '../../src/core/index/build';
import { isLoadProblem, WikiIndex } from '../../src/core/index/wiki-index';
import { MemoryBundle } from '../support/memory-bundle';
import { conceptFile, rel } from '../support/builders';
import { makeTempDir, removeTempDir, writeTree } from '../support/temp-dir';
import { runCli } from '../support/run-cli';

/** The little of better-sqlite3's API used here (it ships no types; @types/better-sqlite3 is not needed for this). */
interface NativeDatabase {
  prepare(sql: string): {
    all(...params: unknown[]): Array<Record<string, unknown>>;
    get(...params: unknown[]): Record<string, unknown> | undefined;
    run(...params: unknown[]): unknown;
  };
  exec(sql: string): void;
  close(): void;
}
type NativeDatabaseConstructor = new (
  path: string,
  options?: { readonly?: boolean; fileMustExist?: boolean },
) => NativeDatabase;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const BetterSqlite3 = require('better-sqlite3') as NativeDatabaseConstructor;

let tmp: string;
let wikiDb: string;

beforeAll(async () => {
  tmp = makeTempDir('okf-cross-engine-');
  writeTree(tmp, {
    '/entities/ada-lovelace.md': conceptFile(
      {
        type: 'Person',
        title: 'Ada Lovelace',
        tags: ['mathematician'],
        sources: [{ id: 'notes', resource: 'references/notes.md' }],
        relations: [
          rel('collaborated_with', '/entities/charles-babbage.md', { date: '1843', source: 'notes' }),
          rel('born_on', '1815-12-10'),
        ],
      },
      'Ada wrote notes on the Analytical Engine: x marks the spot.\n',
    ),
    '/entities/charles-babbage.md': conceptFile(
      {
        type: 'Person',
        title: 'Charles Babbage',
        relations: [rel('collaborated_with', '/entities/ada-lovelace.md', { date: '1843' })],
      },
      'Inventor.\n',
    ),
    '/entities/kurt-godel.md': conceptFile({ type: 'Person', title: 'Kurt Gödel' }, 'Logician.\n'),
  });
  const { code, stderr } = await runCli(['reindex', '--bundle', tmp, '--no-embed', '--json'], tmp);
  if (code !== 0) throw new Error(`reindex failed (${code}): ${stderr}`);
  wikiDb = nodePath.join(tmp, 'wiki.db');
});

afterAll(() => removeTempDir(tmp));

function withNative<T>(path: string, fn: (db: NativeDatabase) => T, readonly = true): T {
  const db = new BetterSqlite3(path, { readonly, fileMustExist: true });
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

test('better-sqlite3 opens wiki.db and finds its integrity intact', () => {
  withNative(wikiDb, (db) => {
    expect(db.prepare('pragma integrity_check').all()).toEqual([{ integrity_check: 'ok' }]);
    expect(db.prepare('select count(*) as n from concepts').get()).toEqual({ n: 3 });
  });
});

test('wiki.db, written as it is exported piece by piece, is byte for byte the whole export of its index', async () => {
  const file = readFileSync(wikiDb);
  const loaded = await WikiIndex.load(file);
  if (isLoadProblem(loaded)) throw new Error(loaded.reason);
  expect(file.equals(loaded.export())).toBe(true);
  loaded.close();
});

test("select path from concepts_fts where concepts_fts match 'x' works there", () => {
  withNative(wikiDb, (db) => {
    expect(db.prepare("select path from concepts_fts where concepts_fts match 'x'").all()).toEqual([
      { path: '/entities/ada-lovelace.md' },
    ]);
    expect(db.prepare('select path from concepts_fts where concepts_fts match ? order by rank').all('godel')).toEqual([
      { path: '/entities/kurt-godel.md' },
    ]);
    expect(db.prepare("select path from concepts_fts where concepts_fts match 'title:babbage'").all()).toEqual([
      { path: '/entities/charles-babbage.md' },
    ]);
  });
});

test('json_each over concepts.relations works there', () => {
  withNative(wikiDb, (db) => {
    expect(
      db
        .prepare(
          `select c.path, json_extract(r.value, '$.predicate') as predicate, ` +
            `json_extract(r.value, '$.object') as object, json_extract(r.value, ` +
            `'$.date') as date
             from concepts c, ` +
            `json_each(c.relations) r order by c.path, r.key`,
        )
        .all(),
    ).toEqual([
      {
        path: '/entities/ada-lovelace.md',
        predicate: 'collaborated_with',
        object: '/entities/charles-babbage.md',
        date: '1843',
      },
      { path: '/entities/ada-lovelace.md', predicate: 'born_on', object: '1815-12-10', date: null },
      {
        path: '/entities/charles-babbage.md',
        predicate: 'collaborated_with',
        object: '/entities/ada-lovelace.md',
        date: '1843',
      },
    ]);
  });
});

test('the FTS index stays right after another engine runs VACUUM on an incrementally updated wiki.db', async () => {
  // Edits leave gaps in the concepts rowids that key the FTS index; VACUUM must not renumber them.
  const bundle = new MemoryBundle({
    '/a.md': conceptFile({ title: 'Alpha' }, 'apple\n'),
    '/b.md': conceptFile({ title: 'Beta' }, 'banana\n'),
    '/c.md': conceptFile({ title: 'Gamma' }, 'cherry\n'),
  });
  const index = await buildIndex(bundle);
  for (const [path, text] of [
    ['/a.md', conceptFile({ title: 'Alpha' }, 'apricot\n')],
    ['/d.md', conceptFile({ title: 'Delta' }, 'date\n')],
    ['/b.md', conceptFile({ title: 'Beta' }, 'blueberry\n')],
  ]) {
    bundle.set(path, text);
    index.applyFile(await readBundleFile(bundle, path));
  }
  index.removeFile('/c.md');
  const file = nodePath.join(tmp, 'incremental.db');
  writeFileSync(file, index.export());
  index.close();
  withNative(file, (db) => db.exec('vacuum'), false);
  withNative(file, (db) => {
    for (const [word, path] of [
      ['apricot', '/a.md'],
      ['blueberry', '/b.md'],
      ['date', '/d.md'],
    ]) {
      expect(db.prepare('select path from concepts_fts where concepts_fts match ?').all(word)).toEqual([{ path }]);
    }
    expect(
      db.prepare("select path from concepts_fts where concepts_fts match 'cherry OR apple OR banana'").all(),
    ).toEqual([]);
  });
  withNative(
    file,
    (db) =>
      expect(() =>
        db.prepare("insert into concepts_fts (concepts_fts) values ('integrity-check')").run(),
      ).not.toThrow(),
    false,
  );
});

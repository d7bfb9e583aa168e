// Fault: a bad or unusable wiki.db (issue 7, "Faults"). Missing, empty, truncated, random bytes, not ours, another
// or a newer schema version, a table gone, another bundle's index, a folder or a link where the file should be,
// an unwritable location: each time the CLI still answers from the concept files, says what happened, and never
// answers from the bad file.
import fs from 'node:fs';
import { promises as fsPromises } from 'node:fs';
import {
  mkdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
  chmodSync,
  existsSync,
  lstatSync,
  readdirSync,
  realpathSync,
  statSync,
  utimesSync,
} from 'node:fs';
import * as nodePath from 'node:path';
import { run } from '../../src/cli/main';
import { rawDatabase, WikiIndex, isLoadProblem } from '../../src/core/index/wiki-index';
import { conceptFile, rel } from '../support/builders';
import { makeTempDir, removeTempDir, writeTree } from '../support/temp-dir';
import { fileFingerprint } from './support/hostile-bundle';
import { bufferIo } from '../support/cli-io';

const originalReadFile = fsPromises.readFile;
const originalOpenSync = fs.openSync;

const FILES = {
  '/entities/ada-lovelace.md': conceptFile(
    { type: 'Person', title: 'Ada Lovelace', relations: [rel('collaborated_with', '/entities/charles-babbage.md')] },
    'Ada Lovelace wrote the first published algorithm.\n',
  ),
  '/entities/charles-babbage.md': conceptFile(
    { type: 'Person', title: 'Charles Babbage' },
    'Charles Babbage designed the Analytical Engine.\n',
  ),
};

/** A concept that only a stale or foreign wiki.db knows: answering with it would be a wrong answer. */
const GHOST = conceptFile({ type: 'Person', title: 'Ghost Person' }, 'Ghost Person exists only in an old wiki.db.\n');

let parent: string;
let dir: string;
let wikiDb: string;

beforeEach(() => {
  parent = makeTempDir('okf-wikidb-');
  dir = nodePath.join(parent, 'bundle');
  mkdirSync(dir);
  writeTree(dir, FILES);
  wikiDb = nodePath.join(dir, 'wiki.db');
});

afterEach(() => {
  chmodSync(dir, 0o755);
  removeTempDir(parent);
});

async function cli(...args: string[]) {
  const io = bufferIo(parent);
  const code = await run([...args, '--bundle', dir, '--no-embed'], io);
  return { code, out: io.stdout(), err: io.stderr() };
}

/** Asks a question the concept files answer, and one only the ghost answers. */
async function expectTrueAnswers() {
  const ada = await cli('context', 'Who was Ada Lovelace?', '--json');
  expect(ada.code).toBe(0);
  const answer = JSON.parse(ada.out) as { confident: boolean; text: string };
  expect(answer.confident).toBe(true);
  expect(answer.text).toContain('Charles Babbage');
  const ghost = await cli('context', 'Who was Ghost Person?', '--json');
  expect(ghost.code).toBe(0);
  expect(JSON.parse(ghost.out)).toMatchObject({ confident: false });
  return ada;
}

/** A valid wiki.db of the current schema built from `files`, optionally altered by `sql`. */
async function indexBytes(files: Record<string, string>, sql?: string): Promise<Uint8Array> {
  const other = makeTempDir('okf-wikidb-src-');
  try {
    writeTree(other, files);
    const io = bufferIo(other);
    expect(await run(['reindex', '--bundle', other, '--no-embed'], io)).toBe(0);
    const bytes = new Uint8Array(readFileSync(nodePath.join(other, 'wiki.db')));
    if (!sql) return bytes;
    const loaded = await WikiIndex.load(bytes);
    if (isLoadProblem(loaded)) throw new Error(loaded.reason);
    rawDatabase(loaded).exec(sql);
    const altered = loaded.export();
    loaded.close();
    return altered;
  } finally {
    removeTempDir(other);
  }
}

/** Deterministic pseudo-random bytes. */
function randomBytes(n: number, seed: number): Uint8Array {
  const out = new Uint8Array(n);
  let x = seed;
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    out[i] = x >>> 16;
  }
  return out;
}

test('wiki.db missing: built from the concept files and written', async () => {
  await expectTrueAnswers();
  const loaded = await WikiIndex.load(new Uint8Array(readFileSync(wikiDb)));
  expect(isLoadProblem(loaded)).toBe(false);
  if (!isLoadProblem(loaded)) loaded.close();
});

test.each([
  ['empty (0 bytes)', async () => new Uint8Array(0), /empty file/],
  ['truncated to half', async () => (await indexBytes(FILES)).slice(0, 6000), /not a readable SQLite database/],
  [
    'truncated to its 100-byte header',
    async () => (await indexBytes(FILES)).slice(0, 100),
    /not a readable SQLite database/,
  ],
  ['random bytes', async () => randomBytes(64 * 1024, 7), /not a readable SQLite database/],
  [
    'a SQLite header followed by garbage',
    async () => {
      const bytes = randomBytes(8192, 11);
      bytes.set(new TextEncoder().encode('SQLite format 3\0'));
      return bytes;
    },
    /not a readable SQLite database/,
  ],
  [
    'a SQLite database that is not an index',
    async () => indexBytes(FILES, "update meta set value = 'something-else' where key = 'format'"),
    /not an OKF Graph Wiki index/,
  ],
  [
    'another (older) schema version',
    async () =>
      indexBytes({ ...FILES, '/entities/ghost.md': GHOST }, "update meta set value = '0' where key = 'schema_version'"),
    /schema version 0/,
  ],
  // Written by a newer version: answered from memory too, but never replaced (wiki-db-versions.test.ts).
  ['a table dropped', async () => indexBytes({ ...FILES, '/entities/ghost.md': GHOST }, 'drop table edges'), /edges/],
])('wiki.db %s: rebuilt from the concept files, with a note saying why', async (_name, bytes, reason) => {
  writeFileSync(wikiDb, await bytes());
  const ada = await expectTrueAnswers();
  expect(ada.err).toMatch(/note: wiki\.db was not used \(/);
  expect(ada.err).toMatch(reason);
  // The rebuilt index replaced the bad file.
  const loaded = await WikiIndex.load(new Uint8Array(readFileSync(wikiDb)));
  expect(isLoadProblem(loaded)).toBe(false);
  if (!isLoadProblem(loaded)) loaded.close();
});

test('wiki.db of another bundle (or an old one): concepts that are gone are dropped, edited ones re-read', async () => {
  const stale = {
    ...FILES,
    '/entities/ghost.md': GHOST,
    '/entities/charles-babbage.md': conceptFile({ type: 'Person', title: 'Old Title' }),
  };
  writeFileSync(wikiDb, await indexBytes(stale));
  const ada = await expectTrueAnswers();
  expect(ada.out).not.toContain('Old Title');
});

test('wiki.db with single bytes flipped anywhere: every question still answers, never an exception', async () => {
  const clean = await indexBytes(FILES);
  for (let i = 0; i < 12; i++) {
    const bytes = clean.slice();
    const at = (i * 7919 + 101) % bytes.length;
    bytes[at] ^= 0xff;
    writeFileSync(wikiDb, bytes);
    const { code, out } = await cli('context', 'Who was Ada Lovelace?', '--json');
    expect(code).toBe(0);
    expect(JSON.parse(out)).toHaveProperty('confident');
  }
});

test('wiki.db is a folder (unwritable location, works as root too): answered from memory with a note', async () => {
  mkdirSync(wikiDb);
  writeFileSync(nodePath.join(wikiDb, 'keep'), 'a folder where wiki.db should be');
  const ada = await expectTrueAnswers();
  expect(ada.err).toMatch(/could not write \/wiki\.db .*answering from memory/);
  expect(readFileSync(nodePath.join(wikiDb, 'keep'), 'utf8')).toBe('a folder where wiki.db should be');
});

test('wiki.db is a link to a file outside the bundle: that file is neither read nor written', async () => {
  const outside = nodePath.join(parent, 'outside.db');
  writeFileSync(outside, await indexBytes({ ...FILES, '/entities/ghost.md': GHOST }));
  const before = fileFingerprint(outside);
  symlinkSync(outside, wikiDb);
  const opened: string[] = [];
  const readFile = jest.spyOn(fsPromises, 'readFile').mockImplementation(function (
    this: unknown,
    ...args: Parameters<typeof fsPromises.readFile>
  ) {
    opened.push(realpathSync(String(args[0])));
    return originalReadFile.apply(this, args);
  });
  // FsBundle reads concept files and wiki.db through openSync (issue 14: cheaper than the promise API).
  const openSync = jest.spyOn(fs, 'openSync').mockImplementation((...args: Parameters<typeof fs.openSync>) => {
    opened.push(realpathSync(String(args[0])));
    return originalOpenSync(...args);
  });
  try {
    await expectTrueAnswers();
  } finally {
    readFile.mockRestore();
    openSync.mockRestore();
  }
  expect(opened.length).toBeGreaterThan(0);
  expect(opened.filter((p) => !p.startsWith(realpathSync(dir) + nodePath.sep))).toEqual([]);
  expect(fileFingerprint(outside)).toBe(before);
  // The link was replaced by the bundle's own wiki.db (rename replaces the link, not its target).
  expect(lstatSync(wikiDb).isSymbolicLink()).toBe(false);
});

test(
  'reindex into a location where wiki.db cannot be written: exit 2 ' + 'naming wiki.db, concept files untouched',
  async () => {
    mkdirSync(wikiDb);
    writeFileSync(nodePath.join(wikiDb, 'keep'), 'x');
    const before = fileFingerprint(nodePath.join(dir, 'entities', 'ada-lovelace.md'));
    const result = await cli('reindex');
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/wiki\.db/);
    expect(fileFingerprint(nodePath.join(dir, 'entities', 'ada-lovelace.md'))).toBe(before);
    expect(readdirSync(dir).filter((name) => name.includes('.tmp-'))).toEqual([]);
  },
);

// Found here and fixed in src/cli/main.ts: an I/O failure of `reindex` (EISDIR, EACCES, ENOSPC) used to print a
// Node stack trace; it is one line now (OKF_WIKI_DEBUG=1 adds the stack).
test('reindex that cannot write wiki.db says so in one line, without a stack trace', async () => {
  mkdirSync(wikiDb);
  const result = await cli('reindex');
  expect(result.err).not.toMatch(/\n\s+at /);
});

const isRoot = process.getuid?.() === 0;
// chmod cannot stop root (CI runs as root), so a read-only folder is tested only as an ordinary user; the
// folder-in-the-way test above covers the same path for root.
(isRoot ? test.skip : test)(
  'read-only bundle folder (skipped as root: chmod does not stop root): answered from memory with a note',
  async () => {
    chmodSync(dir, 0o555);
    const ada = await expectTrueAnswers();
    expect(ada.err).toMatch(/could not write \/wiki\.db/);
    expect(existsSync(wikiDb)).toBe(false);
  },
);

test('wiki.db left over from a previous run is reused when current (no note, no rewrite)', async () => {
  await cli('reindex');
  const before = fileFingerprint(wikiDb);
  const ada = await cli('context', 'Who was Ada Lovelace?');
  expect(ada.code).toBe(0);
  expect(ada.err).not.toMatch(/note: wiki\.db/);
  expect(fileFingerprint(wikiDb)).toBe(before);
  rmSync(wikiDb);
});

describe('an edit that keeps the file size and modification time (cp -p, rsync -t, a restored backup)', () => {
  async function editKeepingStat() {
    await cli('reindex');
    const file = nodePath.join(dir, 'entities', 'charles-babbage.md');
    const stat = statSync(file);
    const text = readFileSync(file, 'utf8');
    const edited = text.replace('Charles Babbage', 'Charles Bubbage');
    expect(edited.length).toBe(text.length);
    writeFileSync(file, edited);
    utimesSync(file, stat.atimeMs / 1000, stat.mtimeMs / 1000);
    expect(Math.floor(statSync(file).mtimeMs)).toBe(Math.floor(stat.mtimeMs));
  }

  test('reindex always re-reads every file, so it sees the edit', async () => {
    await editKeepingStat();
    expect((await cli('reindex')).code).toBe(0);
    expect((await cli('context', 'Who was Charles Bubbage?', '--json')).out).toContain('"confident": true');
  });

  // The catch-up before a query skips files whose recorded stat matches (11 s → 3 s on 10k files); FsBundle
  // reports the later of mtime and ctime, and ctime cannot be set back, so such an edit is still seen.
  test('issue 7: context sees an edit that kept size and mtime without a reindex', async () => {
    await editKeepingStat();
    expect((await cli('context', 'Who was Charles Bubbage?', '--json')).out).toContain('"confident": true');
  });
});

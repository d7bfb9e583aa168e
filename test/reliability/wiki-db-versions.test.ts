// F17 (QA review 2): a wiki.db of another schema version. Its vectors are kept when its embeddings table is as this
// version's (a version bump that changed another table threw every vector away, and the first read-only question
// after an upgrade overwrote wiki.db with a vector-less one); a file written by a NEWER version is never replaced.
import { readFileSync, writeFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import { run } from '../../src/cli/main';
import { embedIndex } from '../../src/core/embed/embed-index';
import type { VectorCalibration } from '../../src/core/embed/calibrate';
import { SCHEMA_VERSION } from '../../src/core/index/schema';
import { checksum, trailer, TRAILER_ROOM } from '../../src/core/index/snapshot';
import { isLoadProblem, rawDatabase, WikiIndex } from '../../src/core/index/wiki-index';
import { conceptFile, rel } from '../support/builders';
import { bufferIo } from '../support/cli-io';
import { FakeEmbedder, FAKE_MODEL } from '../support/fake-ollama';
import { makeTempDir, removeTempDir, writeTree } from '../support/temp-dir';

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

const CALIBRATION = { model: FAKE_MODEL, dim: 8, concepts: 2, gate: 0.4, trust: 0.5 } as VectorCalibration;

let dir: string;
let wikiDb: string;

beforeEach(() => {
  dir = makeTempDir('okf-versions-');
  writeTree(dir, FILES);
  wikiDb = nodePath.join(dir, 'wiki.db');
});

afterEach(() => removeTempDir(dir));

async function cli(...args: string[]) {
  const io = bufferIo(dir);
  const code = await run([...args, '--bundle', dir, '--no-embed'], io);
  return { code, out: io.stdout(), err: io.stderr() };
}

/** wiki.db of this bundle, embedded and calibrated, then turned into another version's file by `sql`. */
async function writeVersion(sql: string): Promise<Buffer> {
  expect((await cli('reindex')).code).toBe(0);
  const index = await WikiIndex.load(new Uint8Array(readFileSync(wikiDb)));
  if (isLoadProblem(index)) throw new Error(index.reason);
  await embedIndex(index, new FakeEmbedder());
  index.setVectorCalibration(CALIBRATION);
  const db = rawDatabase(index);
  db.exec(sql);
  // Sealed as an older version sealed it (its database, no catalog section): this version's export reads files.ctime.
  const database = db.export();
  const sealed = new Uint8Array(database.length + TRAILER_ROOM);
  sealed.set(database);
  sealed.set(trailer(checksum(database), 0), database.length);
  writeFileSync(wikiDb, sealed);
  index.close();
  return readFileSync(wikiDb);
}

/** The vectors and calibration the wiki.db on disk holds, loaded by this version. */
async function onDisk(): Promise<{ vectors: number; calibrated: boolean }> {
  const index = await WikiIndex.load(new Uint8Array(readFileSync(wikiDb)));
  if (isLoadProblem(index)) throw new Error(index.reason);
  const found = {
    vectors: index.vectorCount(FAKE_MODEL),
    calibrated: index.vectorCalibration(FAKE_MODEL) !== undefined,
  };
  index.close();
  return found;
}

// The previous schema (5) had no files.ctime; its embeddings and calibration tables were as today's.
const version = (n: number) => `update meta set value = '${n}' where key = 'schema_version'`;
const OLDER = `alter table files drop column ctime; ${version(SCHEMA_VERSION - 1)}`;
const NEWER = `alter table files add column seen integer; ${version(SCHEMA_VERSION + 1)}`;

test('an older wiki.db: the first question rebuilds it keeping every vector and the calibration', async () => {
  await writeVersion(OLDER);
  const asked = await cli('context', 'Who was Ada Lovelace?');
  expect(asked.code).toBe(0);
  expect(asked.err).toMatch(`schema version ${SCHEMA_VERSION - 1}, expected ${SCHEMA_VERSION}`);
  expect(asked.err).toMatch('2 vectors kept from it');
  expect(await onDisk()).toEqual({ vectors: 2, calibrated: true });
});

test('an older wiki.db: reindex carries its vectors too', async () => {
  await writeVersion(OLDER);
  const reindexed = await cli('reindex', '--json');
  expect(reindexed.code).toBe(0);
  expect(await onDisk()).toEqual({ vectors: 2, calibrated: true });
});

test('an older wiki.db whose embeddings table changed shape: nothing carried from it', async () => {
  await writeVersion(`${OLDER}; alter table embeddings add column norm real`);
  expect((await cli('context', 'Who was Ada Lovelace?')).err).not.toMatch('kept from it');
  expect(await onDisk()).toEqual({ vectors: 0, calibrated: false });
});

test('a newer wiki.db is never replaced: answered from memory with its vectors, said once', async () => {
  const before = await writeVersion(NEWER);
  const asked = await cli('context', 'Who was Ada Lovelace?');
  expect(asked.code).toBe(0);
  expect(asked.out).toContain('Charles Babbage');
  expect(asked.err.match(/written by a newer okf-wiki/g)).toHaveLength(1);
  expect(asked.err).toMatch('2 vectors kept from it');
  expect((await cli('lint')).code).not.toBe(2);
  const reindexed = await cli('reindex');
  expect(reindexed.code).toBe(0);
  expect(reindexed.out).toMatch(/Left .*wiki\.db as it is: written by a newer okf-wiki/);
  expect(reindexed.out).not.toMatch(/Wrote /);
  expect(readFileSync(wikiDb).equals(before)).toBe(true);
});

// A rebuild carrying vectors from the previous wiki.db read in place (carry.ts over reader-vfs.ts): the same tables as
// the whole-file carry, nothing carried from a damaged or foreign file, and the file read only through the reader.
import { writeFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import { embedIndex, restoreEmbeddings, takeEmbeddings } from '../../../src/core/embed/embed-index';
import type { VectorCalibration } from '../../../src/core/embed/calibrate';
import { buildIndex } from '../../../src/core/index/build';
import { carryInPlace, openInPlace } from '../../../src/core/index/carry';
import { dumpIndex } from '../../../src/core/index/dump';
import { checksum, trailer, TRAILER_ROOM, type FileReader, type PersistedFile } from '../../../src/core/index/snapshot';
import { isLoadProblem, rawDatabase, WikiIndex } from '../../../src/core/index/wiki-index';
import { FsBundle } from '../../../src/node/fs-bundle';
import { FakeEmbedder } from '../../support/fake-ollama';
import { specFile, MemoryBundle } from '../../support/retrieval-bundle';
import { makeTempDir, removeTempDir } from '../../support/temp-dir';

function files(n: number): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < n; i++)
    out[`/entities/c${String(i).padStart(2, '0')}.md`] = specFile({
      title: `Concept ${i}`,
      tags: ['t'],
      body: `Body of concept ${i}.`,
    });
  return out;
}

const CALIBRATION = { model: 'nomic-embed-text', dim: 8, concepts: 3, gate: 0.4, trust: 0.5 } as VectorCalibration;

/** The wiki.db bytes of an embedded, calibrated index over `source`. */
async function previousWikiDb(source: Record<string, string>): Promise<Uint8Array> {
  const index = await buildIndex(new MemoryBundle(source));
  await embedIndex(index, new FakeEmbedder());
  index.setVectorCalibration(CALIBRATION);
  const bytes = index.export();
  index.close();
  return bytes;
}

/** A persisted file over `bytes` whose reader records what it read and whether it was closed. */
function trackedFile(bytes: Uint8Array): PersistedFile & { reads: number[]; closed: number } {
  const file = {
    byteLength: bytes.byteLength,
    reads: [] as number[],
    closed: 0,
    readInto: () => {
      throw new Error('read whole');
    },
    openReader: (): FileReader => ({
      readAt: (target, at) => {
        file.reads.push(target.byteLength);
        if (at + target.byteLength > bytes.byteLength) throw new Error('past the end');
        target.set(bytes.subarray(at, at + target.byteLength));
      },
      close: () => void file.closed++,
    }),
  };
  return file;
}

/** The vectors carried in place from `persisted` into a fresh build of `now`, and that index's tables. */
async function carried(persisted: Uint8Array | PersistedFile, now: Record<string, string>) {
  const fresh = await buildIndex(new MemoryBundle(now));
  const opened = openInPlace(persisted);
  const count = typeof opened === 'object' ? await carryInPlace(fresh, opened) : opened;
  const dump = dumpIndex(fresh);
  fresh.close();
  return { count, dump };
}

/** The same carry through the whole-file path (WikiIndex.load, takeEmbeddings, restoreEmbeddings). */
async function carriedWhole(bytes: Uint8Array, now: Record<string, string>) {
  const fresh = await buildIndex(new MemoryBundle(now));
  const previous = await WikiIndex.load(bytes);
  if (isLoadProblem(previous)) throw new Error(previous.reason);
  const count = restoreEmbeddings(takeEmbeddings(previous), fresh);
  previous.close();
  const dump = dumpIndex(fresh);
  fresh.close();
  return { count, dump };
}

/** A column of a dumped row (JSON). */
const field = (row: string, name: string) => (JSON.parse(row) as Record<string, unknown>)[name];

const before = files(3);
const edited = { ...before, '/entities/c01.md': specFile({ title: 'Concept 1', body: 'New.' }) };

test('vectors of unchanged concepts are carried, not of changed ones: the tables of the whole-file carry', async () => {
  const bytes = await previousWikiDb(before);
  const file = trackedFile(bytes);
  const inPlace = await carried(file, edited);
  expect(inPlace.count).toBe(2);
  expect(inPlace.dump).toEqual((await carriedWhole(bytes, edited)).dump);
  expect(inPlace.dump.embeddings.map((row) => field(row, 'path'))).toEqual(['/entities/c00.md', '/entities/c02.md']);
  expect(inPlace.dump.calibration).toHaveLength(1);
  expect(inPlace.dump.meta.map((row) => field(row, 'key'))).toContain('embedding_model');
  // Read through the reader in pieces, never whole in one read, and closed after.
  expect(Math.max(...file.reads)).toBeLessThan(bytes.byteLength);
  expect(file.closed).toBe(1);
  // Bytes a shell holds (the plugin) are read in place the same way.
  expect((await carried(bytes, edited)).dump).toEqual(inPlace.dump);
});

test.each<[string, (bytes: Uint8Array) => Uint8Array]>([
  [
    'a changed byte (checksum mismatch)',
    (b) => {
      const out = b.slice();
      out[Math.floor(out.length / 2)] ^= 0xff;
      return out;
    },
  ],
  [
    'a missing page (header disagrees, checksum recomputed)',
    (b) => resealed(b.slice(0, b.length - 24 - new DataView(b.buffer, b.byteOffset).getUint16(16))),
  ],
  ['another SQLite file (checksum recomputed)', () => resealed(foreignDatabase())],
  ['noise with a trailer', (b) => resealed(new Uint8Array(b.length - 24).fill(7))],
])('%s: nothing is carried and the reader is closed', async (_name, damage) => {
  const file = trackedFile(damage(await previousWikiDb(before)));
  const outcome = await carried(file, before);
  expect(outcome.count).toBe(0);
  expect(outcome.dump.embeddings).toEqual([]);
  expect(outcome.dump.calibration).toEqual([]);
  expect(outcome.dump.meta.map((row) => field(row, 'key'))).not.toContain('embedding_model');
  expect(file.closed).toBe(1);
});

test('a file without a checksum trailer (an older version, another tool) is read whole, as before', async () => {
  const bytes = await previousWikiDb(before);
  expect(openInPlace(bytes.slice(0, bytes.length - 24))).toBe('whole');
  // And a shell that cannot read at positions.
  expect(openInPlace({ byteLength: bytes.length, readInto: (t) => t.set(bytes) })).toBe('whole');
});

test('a file that cannot be opened carries nothing', () => {
  const unopenable: PersistedFile = {
    byteLength: 1 << 20,
    readInto: () => undefined,
    openReader: () => {
      throw new Error('gone');
    },
  };
  expect(openInPlace(unopenable)).toBe('unusable');
});

test('through the Node shell: wiki.db on disk read in place by positional reads', async () => {
  const dir = makeTempDir();
  try {
    const bytes = await previousWikiDb(before);
    writeFileSync(nodePath.join(dir, 'wiki.db'), bytes);
    const persisted = await new FsBundle(dir).openBytes('/wiki.db');
    expect(persisted?.openReader).toBeDefined();
    const outcome = await carried(persisted!, edited);
    expect(outcome.count).toBe(2);
    expect(outcome.dump).toEqual((await carriedWhole(bytes, edited)).dump);
  } finally {
    removeTempDir(dir);
  }
});

/** `b`'s database bytes (without its trailer) with a trailer recomputed over them. */
function resealed(database: Uint8Array): Uint8Array {
  const out = new Uint8Array(database.length + TRAILER_ROOM);
  out.set(database);
  out.set(trailer(checksum(database), 0), database.length);
  return out;
}

/** A small SQLite database that is not an index (made with the engine, exported page by page). */
let foreign: Uint8Array | undefined;
function foreignDatabase(): Uint8Array {
  if (!foreign) throw new Error('beforeAll did not run');
  return foreign;
}
beforeAll(async () => {
  const index = await buildIndex(new MemoryBundle({}));
  const db = rawDatabase(index);
  db.exec('create table other (x)');
  foreign = db.export();
  index.close();
});

// A load in place (PersistedFile.readInPlace, the CLI's one-shot question): wiki.db's checksum checked a piece at a
// time, then SQLite reads only the pages queries need, and the first write reads the file whole. It must read exactly
// what a whole load reads, keep the connection's temp tables across that first write, refuse what a whole load
// refuses, and fail rather than answer from bytes that changed after the checksum vouched for them.
import { buildIndex, syncIndex } from '../../../src/core/index/build';
import { dumpIndex } from '../../../src/core/index/dump';
import type { FileReader, PersistedFile } from '../../../src/core/index/snapshot';
import { isLoadProblem, rawDatabase, WikiIndex } from '../../../src/core/index/wiki-index';
import { conceptFile } from '../../support/builders';
import { MemoryBundle } from '../../support/memory-bundle';
import { sampleFiles } from '../../support/sample-bundle';

let bytes: Uint8Array;

beforeAll(async () => {
  const index = await buildIndex(new MemoryBundle(sampleFiles()));
  bytes = index.export();
  index.close();
});

/** `data` as a shell's file: read at positions; `changed()` says whether it changed since it was opened. */
function fileOf(data: Uint8Array, changed = () => false): PersistedFile & { readonly closed: () => number } {
  let closed = 0;
  const reader = (): FileReader => ({
    readAt: (target, position) => {
      if (position + target.byteLength > data.byteLength) throw new Error('read past the end');
      target.set(data.subarray(position, position + target.byteLength));
    },
    unchanged: () => !changed(),
    close: () => void closed++,
  });
  return {
    byteLength: data.byteLength,
    readInto: (target) => target.set(data),
    openReader: reader,
    readInPlace: true,
    closed: () => closed,
  };
}

async function loaded(file: PersistedFile): Promise<WikiIndex> {
  const index = await WikiIndex.load(file);
  if (isLoadProblem(index)) throw new Error(`expected an index, got: ${index.reason}`);
  return index;
}

test('reads what a whole load reads, without reading the database into memory', async () => {
  const whole = await loaded({ ...fileOf(bytes), readInPlace: false });
  const inPlace = await loaded(fileOf(bytes));
  expect(dumpIndex(inPlace)).toEqual(dumpIndex(whole));
  expect(rawDatabase(inPlace).readInPlace).toBe(true);
  expect(rawDatabase(whole).readInPlace).toBe(false);
  whole.close();
  inPlace.close();
});

test('the first write reads it whole: temp tables kept, the write and a catch-up as on a whole load', async () => {
  const file = fileOf(bytes);
  const index = await loaded(file);
  const db = rawDatabase(index);
  db.exec('create temp table kept (x)');
  db.run('insert into temp.kept values (1)');
  expect(db.readInPlace).toBe(true);
  index.setMeta('written', 'yes');
  expect(db.readInPlace).toBe(false);
  expect(file.closed()).toBe(1);
  expect(index.getMeta('written')).toBe('yes');
  expect(db.all('select x from temp.kept')).toEqual([{ x: 1 }]);

  // A catch-up that writes in a transaction (the first write there) leaves what it leaves on a whole load.
  const files = { ...sampleFiles(), '/concepts/added.md': conceptFile({ title: 'Added Later' }) };
  const whole = await loaded({ ...fileOf(bytes), readInPlace: false });
  const again = await loaded(fileOf(bytes));
  await syncIndex(whole, new MemoryBundle(files));
  await syncIndex(again, new MemoryBundle(files));
  expect(rawDatabase(again).readInPlace).toBe(false);
  expect(dumpIndex(again)).toEqual(dumpIndex(whole));
  for (const i of [index, whole, again]) i.close();
});

test('a damaged byte is refused as a whole load refuses it, and the file is closed', async () => {
  const damaged = bytes.slice();
  damaged[Math.floor(bytes.byteLength / 2)] ^= 0x40;
  const file = fileOf(damaged);
  const inPlace = await WikiIndex.load(file);
  const whole = await WikiIndex.load({ ...fileOf(damaged), readInPlace: false });
  expect(isLoadProblem(inPlace) && inPlace.reason).toMatch(/checksum does not match/);
  expect(inPlace).toEqual(whole);
  expect(file.closed()).toBe(1);
});

test('pages read after the file changed fail the query instead of answering from other bytes', async () => {
  let changed = false;
  const index = await loaded(fileOf(bytes, () => changed));
  changed = true;
  // Named, and why: SQLite's own error says only "disk I/O error".
  expect(() => dumpIndex(index)).toThrow(/^wiki\.db changed while it was read: another program wrote it in place/);
  expect(() => index.setMeta('written', 'yes')).toThrow(/changed while it was read/);
  index.close();
});

/** `data` as a shell's file whose reads are recorded ([position, length]); `changed` as in fileOf. */
function recorded(data: Uint8Array, changed = () => false): ReturnType<typeof fileOf> & { reads: [number, number][] } {
  const reads: [number, number][] = [];
  const file = fileOf(data, changed);
  const openReader = file.openReader!;
  return {
    ...file,
    openReader: () => {
      const reader = openReader();
      return { ...reader, readAt: (t, at) => (reads.push([at, t.byteLength]), reader.readAt(t, at)) };
    },
    reads,
  };
}

test('the checksum pass comes first: nothing of a damaged file is read by SQLite', async () => {
  const damaged = bytes.slice();
  damaged[Math.floor(bytes.byteLength / 2)] ^= 0x40;
  const file = recorded(damaged);
  expect(isLoadProblem(await WikiIndex.load(file))).toBe(true);
  // The trailer, then the checksum's pieces in order from byte 0, and nothing after the mismatch.
  const [trailer, ...pieces] = file.reads;
  expect(trailer[0] + trailer[1]).toBe(damaged.byteLength);
  let at = 0;
  for (const [position, length] of pieces) {
    expect(position).toBe(at);
    at += length;
  }
  expect(at).toBeLessThan(damaged.byteLength);
});

test('a file changed during the checksum pass is not opened by SQLite: the current file is loaded whole', async () => {
  const file = recorded(bytes, () => file.reads.some(([position]) => position === 0));
  let meanwhile = 0;
  const index = await WikiIndex.load(file, () => void meanwhile++);
  if (isLoadProblem(index)) throw new Error(`expected an index, got: ${index.reason}`);
  expect(rawDatabase(index).readInPlace).toBe(false);
  const whole = await loaded({ ...fileOf(bytes), readInPlace: false });
  expect(dumpIndex(index)).toEqual(dumpIndex(whole));
  expect(meanwhile).toBe(1);
  expect(file.closed()).toBe(1);
  // Read in place: the trailer, the checksum's one piece, the header and section; no page read by SQLite.
  expect(file.reads).toHaveLength(4);
  for (const i of [index, whole]) i.close();
});

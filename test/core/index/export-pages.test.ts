// wiki.db is exported page by page from `sqlite_dbpage` (no copy of the whole database inside the engine): the
// bytes must be exactly those SQLite's own sqlite3_serialize gives, for a fresh build, after edits and removals
// (free pages), with vectors (overflow pages), and load back with their checksum.
import { buildIndex, listConceptFiles, readBundleFile } from '../../../src/core/index/build';
import { dumpIndex } from '../../../src/core/index/dump';
import { readSnapshot, checksum, Checksum, TRAILER_ROOM } from '../../../src/core/index/snapshot';
import { isLoadProblem, rawDatabase, WikiIndex } from '../../../src/core/index/wiki-index';
import { MemoryBundle } from '../../support/memory-bundle';
import { sampleFiles } from '../../support/sample-bundle';

const same = (a: Uint8Array, b: Uint8Array) => a.byteLength === b.byteLength && Buffer.compare(a, b) === 0;

test('the page-by-page export equals sqlite3_serialize, before and after edits, removals and vectors', async () => {
  const files = sampleFiles();
  const bundle = new MemoryBundle(files);
  const index = await buildIndex(bundle);
  const db = rawDatabase(index);
  expect(same(db.export(), db.serialize())).toBe(true);

  const paths = (await listConceptFiles(bundle)).filter((p) => files[p].startsWith('---\ntype:'));
  // Vectors of 3 KB each spill into overflow pages; a removal leaves free pages behind.
  index.putEmbeddings(
    'm',
    paths.map((path, i) => ({
      path,
      hash: index.fileHash(path)!,
      vector: Float32Array.from({ length: 768 }, (_, k) => Math.sin(i + k)),
    })),
  );
  bundle.files.set(paths[0], files[paths[0]] + '\nEdited body words.\n');
  const edited = await readBundleFile(bundle, paths[0]);
  expect(edited.kind === 'concept' && edited.concept.body).toContain('Edited body words.');
  index.applyFile(edited);
  index.removeFile(paths[1]);
  const exported = db.export(5);
  const serialized = db.serialize();
  expect(exported.byteLength).toBe(serialized.byteLength + 5);
  expect(same(exported.subarray(0, serialized.byteLength), serialized)).toBe(true);
  expect([...exported.subarray(serialized.byteLength)]).toEqual([0, 0, 0, 0, 0]);

  // WikiIndex.export seals its checksum after those bytes, and the file loads back as the same index.
  const file = index.export();
  const snapshot = readSnapshot(file);
  expect(same(snapshot.database, serialized)).toBe(true);
  // The checksum covers the database and the catalog section after it (catalog-rows.ts).
  expect(same(snapshot.checked!.subarray(0, serialized.byteLength), serialized)).toBe(true);
  expect(snapshot.recorded).toBe(checksum(snapshot.checked!));
  const loaded = await WikiIndex.load(file);
  if (isLoadProblem(loaded)) throw new Error(loaded.reason);
  expect(dumpIndex(loaded)).toEqual(dumpIndex(index));
});

/** The pieces a sink is given, copied (each is valid only during the call), and their sizes. */
function collect(exportTo: (sink: (piece: Uint8Array) => void) => void): { bytes: Uint8Array; sizes: number[] } {
  const pieces: Uint8Array[] = [];
  exportTo((piece) => pieces.push(piece.slice()));
  return { bytes: Buffer.concat(pieces), sizes: pieces.map((p) => p.byteLength) };
}

test('the export in pieces gives the bytes of the whole export, in pieces of whole pages, trailer last', async () => {
  const bundle = new MemoryBundle(sampleFiles());
  const index = await buildIndex(bundle);
  const db = rawDatabase(index);
  const whole = db.export();
  const pageSize = Number(db.get<{ page_size: number }>('pragma page_size')!.page_size);
  expect(db.byteLength()).toBe(whole.byteLength);
  for (const pieceBytes of [1, pageSize, 3 * pageSize + 1, 1 << 30]) {
    const { bytes, sizes } = collect((sink) => db.exportTo(sink, pieceBytes));
    expect(same(bytes, whole)).toBe(true);
    const most = Math.max(pageSize, Math.floor(pieceBytes / pageSize) * pageSize);
    expect(sizes.every((n) => n % pageSize === 0 && n <= most)).toBe(true);
  }
  const { bytes, sizes } = collect((sink) => index.exportTo(sink));
  expect(same(bytes, index.export())).toBe(true);
  // The catalog section, then the trailer.
  expect(sizes.slice(-2)).toEqual([readSnapshot(bytes).section!.byteLength, TRAILER_ROOM]);
  const loaded = await WikiIndex.load(bytes);
  if (isLoadProblem(loaded)) throw new Error(loaded.reason);
  expect(dumpIndex(loaded)).toEqual(dumpIndex(index));
});

test('the checksum taken piece by piece equals the checksum of the whole, whatever the pieces', () => {
  const bytes = Uint8Array.from({ length: 70_002 }, (_, i) => (i * 2654435761 + 12345) >>> 24);
  for (const length of [0, 4, 8, 13, 64, 4096, 70_000, 70_001]) {
    const whole = checksum(bytes.subarray(0, length));
    for (const step of [8, 16, 4096, 65_536]) {
      const sum = new Checksum(length);
      // Pieces of `step` bytes (a multiple of 8), then whatever is left; at an odd offset too.
      for (let at = 0; at < length; at += step) sum.update(bytes.subarray(at, Math.min(length, at + step)));
      expect(sum.digest()).toBe(whole);
    }
    expect(new Checksum(length).update(bytes.slice(1, length + 1).subarray(0, length)).digest()).toBe(
      checksum(bytes.slice(1, length + 1).subarray(0, length)),
    );
  }
  // Values of the checksum as wiki.db files and pieces already on disk carry them: it must never change.
  expect(checksum(new Uint8Array(0))).toBe('54e1ce7fd10efc51');
  expect(checksum(bytes.subarray(0, 4099))).toBe('7300b88c9f5db2fc');
  expect(checksum(bytes.subarray(1, 4100))).toBe('537c4727adec018a');
  expect(checksum(bytes.subarray(0, 24581))).toBe('3bf66d48903761ef');
  expect(() => new Checksum(16).update(bytes.subarray(0, 12)).update(bytes.subarray(0, 4))).toThrow('after the last');
  expect(() => new Checksum(8).update(bytes.subarray(0, 16))).toThrow('more bytes');
  expect(() => new Checksum(16).update(bytes.subarray(0, 8)).digest()).toThrow('8 of 16');
});

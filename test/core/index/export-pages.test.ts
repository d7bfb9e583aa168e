// wiki.db is exported page by page from `sqlite_dbpage` (no copy of the whole database inside the engine): the
// bytes must be exactly those SQLite's own sqlite3_serialize gives, for a fresh build, after edits and removals
// (free pages), with vectors (overflow pages), and load back with their checksum.
import { buildIndex, listConceptFiles, readBundleFile } from '../../../src/core/index/build';
import { dumpIndex } from '../../../src/core/index/dump';
import { readSnapshot, checksum } from '../../../src/core/index/snapshot';
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
  expect(snapshot.recorded).toBe(checksum(serialized));
  const loaded = await WikiIndex.load(file);
  if (isLoadProblem(loaded)) throw new Error(loaded.reason);
  expect(dumpIndex(loaded)).toEqual(dumpIndex(index));
});

// A full build runs in one transaction without a rollback journal (insertNewFiles). Out of memory is an error on
// which SQLite rolls that whole transaction back, which without a journal damages the half-built database: the
// build must fail saying what happened, not with what the next statements meet there ("database disk image is
// malformed"). In its own file: SQLite's heap limit, which stands for an engine that cannot grow, can be lowered by
// SQL but never lifted again, and each test file has its own engine.
import type { Sqlite3Static } from '@sqlite.org/sqlite-wasm';
import { listConceptFiles, readBundleFile } from '../../../src/core/index/build';
import type { FileBatch } from '../../../src/core/index/file-rows';
import { Database } from '../../../src/core/index/sqlite';
import { WikiIndex } from '../../../src/core/index/wiki-index';
import { conceptFile } from '../../support/builders';
import { MemoryBundle } from '../../support/memory-bundle';

test("a build that runs out of engine memory fails with SQLite's out-of-memory error, not a later one", async () => {
  const probe = await Database.open();
  const { capi, wasm } = (probe as unknown as { sqlite3: Sqlite3Static }).sqlite3;
  /** The bytes SQLite has allocated (its heap limit counts these). */
  const memoryUsed = () => {
    const pointers = wasm.alloc(8);
    capi.sqlite3_status(capi.SQLITE_STATUS_MEMORY_USED, pointers, pointers + 4, 0);
    const used = wasm.peek32(pointers) as number;
    wasm.dealloc(pointers);
    return used;
  };
  const files: Record<string, string> = {};
  for (let i = 0; i < 60; i++)
    files[`/c/n${String(i).padStart(2, '0')}.md`] = conceptFile({}, `word${i} `.repeat(2000));
  const bundle = new MemoryBundle(files);
  const paths = await listConceptFiles(bundle);
  async function* batches(): AsyncIterable<FileBatch> {
    for (let i = 0; i < paths.length; i += 20) {
      const batch = await Promise.all(paths.slice(i, i + 20).map((p) => readBundleFile(bundle, p)));
      // Once the first batch is in: 256 KiB more for SQLite, where the next 20 files need more.
      if (i === 20) probe.get(`pragma hard_heap_limit = ${memoryUsed() + 256 * 1024}`);
      yield [batch, new Map()];
    }
  }
  await expect(WikiIndex.build(batches(), paths.length)).rejects.toThrow(/^SQLITE_NOMEM\b/);
});

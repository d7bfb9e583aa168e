// A full build fills the FTS index in one pass after all rows (WikiIndex.build): the result must be the index
// that file-by-file application gives, stay consistent under later edits and removals (whose FTS 'delete'
// replays the text the one pass indexed), and answer the same searches.
import { buildIndex, listConceptFiles, readBundleFile } from '../../../src/core/index/build';
import { dumpIndex } from '../../../src/core/index/dump';
import type { FileBatch } from '../../../src/core/index/file-rows';
import { rawDatabase, WikiIndex } from '../../../src/core/index/wiki-index';
import type { ReadResult } from '../../../src/core/types';
import { MemoryBundle } from '../../support/memory-bundle';
import { conceptFile } from '../../support/builders';
import { oddFiles } from '../../support/odd-bundle';
import { sampleFiles } from '../../support/sample-bundle';

const integrityCheck = (index: WikiIndex) =>
  rawDatabase(index).run("insert into concepts_fts (concepts_fts, rank) values ('integrity-check', 1)");

async function fileByFile(bundle: MemoryBundle): Promise<WikiIndex> {
  const index = await WikiIndex.create();
  for (const path of await listConceptFiles(bundle)) index.applyFile(await readBundleFile(bundle, path));
  return index;
}

test(
  'the one-pass FTS build equals file-by-file application, term by term, ' + 'and passes the FTS integrity check',
  async () => {
    const bundle = new MemoryBundle(sampleFiles());
    const built = await buildIndex(bundle);
    const applied = await fileByFile(bundle);
    expect(() => integrityCheck(built)).not.toThrow();
    expect(dumpIndex(built)).toEqual(dumpIndex(applied));
    expect(built.bm25Rows('"engine"', 10, [0, 10, 5, 3, 2, 1]).map((r) => r.path)).toEqual(
      applied.bm25Rows('"engine"', 10, [0, 10, 5, 3, 2, 1]).map((r) => r.path),
    );
  },
);

test('edits and removals after a one-pass build keep the FTS index consistent', async () => {
  const files = sampleFiles();
  const bundle = new MemoryBundle(files);
  const index = await buildIndex(bundle);
  const concepts = await listConceptFiles(bundle);
  const [first, second] = concepts.filter((p) => files[p].startsWith('---\ntype:'));
  bundle.set(first, `${files[first]}\nA brand-new zyxwordq sentence.\n`);
  index.applyFile(await readBundleFile(bundle, first));
  index.removeFile(second);
  bundle.delete(second);
  expect(() => integrityCheck(index)).not.toThrow();
  expect(index.bm25Rows('"zyxwordq"', 5, [0, 10, 5, 3, 2, 1]).map((r) => r.path)).toEqual([first]);
  expect(dumpIndex(index)).toEqual(dumpIndex(await fileByFile(bundle)));
});

test('a failing batch source closes the half-built index and rethrows', async () => {
  async function* failing(): AsyncIterable<FileBatch> {
    yield [[] as ReadResult[], new Map()];
    throw new Error('disk gone');
  }
  await expect(WikiIndex.build(failing())).rejects.toThrow('disk gone');
});

test('a listing that repeats a path builds each file once', async () => {
  const bundle = new MemoryBundle(sampleFiles());
  const list = bundle.list.bind(bundle);
  bundle.list = async () => [...(await list()), ...(await list())];
  const index = await buildIndex(bundle);
  expect(dumpIndex(index)).toEqual(dumpIndex(await fileByFile(new MemoryBundle(sampleFiles()))));
});

test(
  'with duplicate titles, unicode, invalid files and diagnostics the build equals file-by-file application; ' +
    'its indexes, FTS config and journal end as a fresh index has them',
  async () => {
    const bundle = new MemoryBundle(oddFiles());
    const built = await buildIndex(bundle);
    const applied = await fileByFile(bundle);
    expect(built.conceptCount()).toBeGreaterThan(applied.conceptCount() - 1);
    expect(built.diagnostics().length).toBeGreaterThan(2);
    expect(() => integrityCheck(built)).not.toThrow();
    expect(dumpIndex(built)).toEqual(dumpIndex(applied));
    const db = rawDatabase(built);
    const schema = (i: WikiIndex) =>
      rawDatabase(i).all('select type, name, tbl_name, sql from sqlite_schema order by type, name');
    expect(schema(built)).toEqual(schema(applied));
    expect(db.all('select * from concepts_fts_config order by k')).toEqual(
      rawDatabase(applied).all('select * from concepts_fts_config order by k'),
    );
    // The secondary indexes answer queries (created after the rows, they hold every row).
    expect(db.all("select count(*) as n from edges indexed by idx_edges_object where object_path > ''")).toEqual(
      rawDatabase(applied).all("select count(*) as n from edges where object_path > ''"),
    );
    // A transaction that fails after the build rolls back (the build's journal is on again).
    const edges = db.get<{ n: number }>('select count(*) as n from edges')!.n;
    expect(edges).toBeGreaterThan(0);
    expect(() =>
      db.transaction(() => {
        db.run('delete from edges');
        throw new Error('interrupted');
      }),
    ).toThrow('interrupted');
    expect(db.get<{ n: number }>('select count(*) as n from edges')!.n).toBe(edges);
  },
);

test('a full build reports its progress every 200 files and at the end', async () => {
  const files: Record<string, string> = {};
  for (let i = 0; i < 450; i++) files[`/c/n${String(i).padStart(3, '0')}.md`] = conceptFile({ title: `N${i}` });
  const reports: [number, number][] = [];
  const index = await buildIndex(new MemoryBundle(files), (done, total) => reports.push([done, total]));
  expect(reports).toEqual([
    [200, 450],
    [400, 450],
    [450, 450],
  ]);
  expect(index.conceptCount()).toBe(450);
});

// The generators' rows (WikiIndex.recordArrays) are read row by row, the JSON columns parsed in JS, instead of as
// one JSON string of every row built by SQLite: the same values, in the same order, on a bundle with odd cases.
import { buildIndex } from '../../../src/core/index/build';
import { rawDatabase } from '../../../src/core/index/wiki-index';
import { conceptRecordsFromIndex } from '../../../src/core/generate/concept-record';
import { MemoryBundle } from '../../support/memory-bundle';
import { oddFiles } from '../../support/odd-bundle';

test('the generators rows equal what one json_group_array string of every row gave', async () => {
  const index = await buildIndex(new MemoryBundle(oddFiles()));
  const columns =
    'path, type, title, description, json(tags), trust, status, superseded_by, json(relations), json(sources)';
  const { j } = rawDatabase(index).get<{ j: string }>(
    `select json_group_array(json_array(${columns})) as j from (select * from concepts order by path)`,
  )!;
  const rows = index.recordArrays();
  expect(rows.length).toBeGreaterThan(8);
  expect(rows).toEqual(JSON.parse(j));
  const records = conceptRecordsFromIndex(index);
  expect(records.some((r) => r.relations.length > 1 && r.title.includes('Tōkyō'))).toBe(true);
  index.close();
});

import { rawDatabase, WikiIndex } from '../../src/core/index/wiki-index';
import { readConcept } from '../../src/core/okf/read-concept';

test('the WASM engine indexes a concept and finds it with FTS5', async () => {
  const index = await WikiIndex.create();
  index.applyFile(readConcept('/entities/kurt-godel.md', '---\ntype: Person\ntitle: Kurt Gödel\n---\nLogician.\n'));
  expect(rawDatabase(index).all("select path from concepts_fts where concepts_fts match 'godel'")).toEqual([
    { path: '/entities/kurt-godel.md' },
  ]);
});

// Review of 73f62b4: a wiki.db cut short at any point around its section and trailer, or another bundle's wiki.db
// copied in (same paths, other titles), must still answer as a fresh reindex of the files does.
import { copyFileSync, cpSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import { readSnapshot } from '../../src/core/index/snapshot';
import { cliOut as cli, contextAnswers } from '../support/catalog-check';
import { makeTempDir, removeTempDir, tempBundle } from '../support/temp-dir';

const QUESTIONS = ['Who was Ada Lovelace?', 'Who was Augusta Byron King?', 'Bell Labs'];

jest.setTimeout(300_000);

test('a truncated wiki.db, or another bundle copy of it, answers as a fresh reindex', async () => {
  const { dir, cleanup } = tempBundle('examples/computing-history');
  const other = makeTempDir('okf-catalog-other-');
  try {
    await cli(['reindex', '--no-embed', '--bundle', dir]);
    const expected = await contextAnswers(dir, QUESTIONS);
    const good = readFileSync(nodePath.join(dir, 'wiki.db'));
    const section = readSnapshot(new Uint8Array(good)).section!.byteLength;
    for (const cut of [1, 8, 31, 32, 33, 32 + section - 1, 32 + section, 32 + section + 1, 32 + section + 16384]) {
      writeFileSync(nodePath.join(dir, 'wiki.db'), good);
      truncateSync(nodePath.join(dir, 'wiki.db'), good.byteLength - cut);
      expect([cut, await contextAnswers(dir, QUESTIONS)]).toEqual([cut, expected]);
    }
    // Another copy of the bundle, one title changed there, gets this bundle's wiki.db.
    cpSync(dir, other, { recursive: true, filter: (src) => !/wiki\.db/.test(src) });
    const ada = nodePath.join(other, 'entities/ada-lovelace.md');
    writeFileSync(ada, readFileSync(ada, 'utf8').replace('title: Ada Lovelace', 'title: Augusta Byron King'));
    const fresh = makeTempDir('okf-catalog-fresh-');
    cpSync(other, fresh, { recursive: true });
    await cli(['reindex', '--no-embed', '--bundle', fresh]);
    const rebuilt = await contextAnswers(fresh, QUESTIONS);
    removeTempDir(fresh);
    writeFileSync(nodePath.join(dir, 'wiki.db'), good);
    copyFileSync(nodePath.join(dir, 'wiki.db'), nodePath.join(other, 'wiki.db'));
    expect(await contextAnswers(other, QUESTIONS)).toEqual(rebuilt);
    expect(await contextAnswers(other, QUESTIONS)).toEqual(rebuilt);
  } finally {
    cleanup();
    removeTempDir(other);
  }
});

// A catch-up that finds files touched but unchanged (a copied or restored bundle, a checkout: new change times,
// same bytes) records their new times, and opening writes wiki.db for it: otherwise every later command re-reads
// each of those files again (at 10,000 concepts, a copied bundle cost every cold question ~4 s of CPU).
import { utimesSync } from 'node:fs';
import * as nodePath from 'node:path';
import { FsBundle } from '../../src/node/fs-bundle';
import { openSession } from '../../src/node/open-session';
import { WikiIndex, isLoadProblem } from '../../src/core/index/wiki-index';
import { conceptFile } from '../support/builders';
import { makeTempDir, removeTempDir, writeTree } from '../support/temp-dir';

let root: string;
beforeEach(() => {
  root = makeTempDir('okf-open-restamp-');
  writeTree(root, {
    '/entities/ada.md': conceptFile({ title: 'Ada Lovelace' }, 'Wrote the first program.\n'),
    '/entities/babbage.md': conceptFile({ title: 'Charles Babbage' }, 'Designed engines.\n'),
  });
});
afterEach(() => removeTempDir(root));

const quiet = { err: () => undefined };

async function persistedStates(bundle: FsBundle): Promise<Map<string, { mtime: number | null }>> {
  const loaded = await WikiIndex.load((await bundle.readBytes('/wiki.db'))!);
  if (isLoadProblem(loaded)) throw new Error(loaded.reason);
  const states = loaded.fileStates();
  loaded.close();
  return states;
}

test('files touched without a change are re-read once, their new times written to wiki.db', async () => {
  const bundle = new FsBundle(root);
  (await openSession(bundle, quiet)).close();
  const later = new Date(Date.now() + 60_000);
  utimesSync(nodePath.join(root, 'entities', 'ada.md'), later, later);

  const reopened = await openSession(bundle, quiet);
  expect(reopened.opened).toEqual({ kind: 'loaded', sync: { updated: [], removed: [] } });
  expect(reopened.openChangedIndex).toBe(true);
  reopened.close();
  const states = await persistedStates(bundle);
  expect(states.get('/entities/ada.md')?.mtime).toBe((await bundle.stat('/entities/ada.md'))!.mtime);

  // Nothing touched since: nothing to write.
  const third = await openSession(bundle, quiet);
  expect(third.openChangedIndex).toBe(false);
  third.close();
});

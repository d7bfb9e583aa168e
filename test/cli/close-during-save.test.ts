// Closing a session while it saves waits for the save: wiki.db is exported as it is written, after the writer's
// first awaits, so a close that ran at once closed the index under the export and the save was lost. A save that
// fails is only waited for, never a reason for the close to fail or hang.
import { readdirSync } from 'node:fs';
import { WikiSession } from '../../src/core/engine/session';
import { isLoadProblem, WikiIndex } from '../../src/core/index/wiki-index';
import { FsBundle } from '../../src/node/fs-bundle';
import { fsSessionEnv } from '../../src/node/index-store';
import { conceptFile } from '../support/builders';
import { makeTempDir, removeTempDir, writeTree } from '../support/temp-dir';

let root: string;
beforeEach(() => {
  root = makeTempDir('okf-close-save-');
  writeTree(root, {
    '/entities/ada.md': conceptFile({ title: 'Ada Lovelace' }, 'Wrote the first program.\n'),
    '/entities/babbage.md': conceptFile({ title: 'Charles Babbage' }, 'Designed engines.\n'),
  });
});
afterEach(() => removeTempDir(root));

const clock = { now: () => '2026-12-01T00:00:00Z' };

test('a close called while wiki.db is being saved lets the save finish, then closes', async () => {
  const bundle = new FsBundle(root);
  const session = await WikiSession.open(fsSessionEnv(bundle, clock, 'test'));
  const saved = session.save();
  const closed = session.close();
  await saved;
  await closed;
  const loaded = await WikiIndex.load((await bundle.readBytes('/wiki.db'))!);
  if (isLoadProblem(loaded)) throw new Error(loaded.reason);
  expect(loaded.conceptTitles().map((c) => c.title)).toEqual(['Ada Lovelace', 'Charles Babbage']);
  loaded.close();
  expect(() => session.index.stats()).toThrow();
  expect(readdirSync(root).filter((name) => name.includes('.tmp-'))).toEqual([]);
});

test('a save that fails does not stop the close: the close resolves and the index is closed', async () => {
  const bundle = new FsBundle(root);
  const env = fsSessionEnv(bundle, clock, 'test');
  const failing = { ...env, store: { read: env.store.read, write: () => Promise.reject(new Error('disk full')) } };
  const session = await WikiSession.open(failing);
  const saved = session.save();
  const closed = session.close();
  await expect(saved).rejects.toThrow('disk full');
  await expect(closed).resolves.toBeUndefined();
  expect(() => session.index.stats()).toThrow();
});

// wiki.db read in place, opened and then used as a live index: whatever the catch-up does, the loaded index and its
// descriptor are closed when openIndex does not return them; a question asked after the first write (which reads the
// file whole) answers as on a whole load, the caches' change logs still fed.
import { buildIndex, syncIndex } from '../../../src/core/index/build';
import { openIndex } from '../../../src/core/index/open';
import type { PersistedFile } from '../../../src/core/index/snapshot';
import { logTouchedRows, takeTouchedRows } from '../../../src/core/index/bm25-frequencies';
import { vectorChangeMark, vectorChangesSince } from '../../../src/core/index/vector-touched';
import { isLoadProblem, rawDatabase, WikiIndex } from '../../../src/core/index/wiki-index';
import { contextFor } from '../../../src/core/retrieval/context-for';
import { conceptFile } from '../../support/builders';
import { MemoryBundle } from '../../support/memory-bundle';
import { sampleFiles } from '../../support/sample-bundle';

let bytes: Uint8Array;

beforeAll(async () => {
  const index = await buildIndex(new MemoryBundle(sampleFiles()));
  bytes = index.export();
  index.close();
});

/** `bytes` as a shell's file read in place, counting its readers opened and closed. */
function counted(): PersistedFile & { readonly opened: () => number; readonly closed: () => number } {
  let opened = 0;
  let closed = 0;
  return {
    byteLength: bytes.byteLength,
    readInto: (target) => target.set(bytes),
    openReader: () => {
      opened++;
      return {
        readAt: (target, position) => target.set(bytes.subarray(position, position + target.byteLength)),
        unchanged: () => true,
        close: () => void closed++,
      };
    },
    readInPlace: true,
    opened: () => opened,
    closed: () => closed,
  };
}

/** A bundle whose folder cannot be read (a disk error, a permission): the catch-up's listing throws. */
class UnreadableBundle extends MemoryBundle {
  override async list(): Promise<string[]> {
    throw new Error('cannot read the bundle');
  }
}

test('a catch-up that throws closes the loaded index and the descriptor it read wiki.db through', async () => {
  const file = counted();
  await expect(openIndex(new UnreadableBundle(sampleFiles()), file)).rejects.toThrow(/cannot read/);
  expect(file.opened()).toBe(1);
  expect(file.closed()).toBe(1);
});

test('ask, write, ask again: change logs and answers as on a whole load', async () => {
  const clock = { now: () => '2026-06-01' };
  const questions = ['Who was Ada Lovelace?', 'analytical engine designed by Babbage', 'logic incompleteness'];
  const asked = async (index: WikiIndex) => Promise.all(questions.map((q) => contextFor(index, q, { clock })));
  const inPlace = await WikiIndex.load(counted());
  const whole = await WikiIndex.load({ ...counted(), readInPlace: false });
  if (isLoadProblem(inPlace) || isLoadProblem(whole)) throw new Error('expected both to load');
  expect(await asked(inPlace)).toEqual(await asked(whole));
  // What the caches install at their first question (a long-lived process keeps them): their change logs.
  const marks = [inPlace, whole].map((index) => {
    logTouchedRows(rawDatabase(index));
    return vectorChangeMark(index);
  });
  // Edited: Ada's words go to Gödel, whose concept now answers the first two questions.
  const files = {
    ...sampleFiles(),
    '/entities/ada-lovelace.md': conceptFile({ type: 'Person', title: 'Ada' }, 'Poet.\n'),
    '/entities/kurt-godel.md': conceptFile(
      { type: 'Person', title: 'Kurt Gödel', tags: ['logic'] },
      'Ada Lovelace Ada Lovelace analytical engine designed by Babbage, Ada Lovelace.\n',
    ),
  };
  await syncIndex(inPlace, new MemoryBundle(files));
  await syncIndex(whole, new MemoryBundle(files));
  const logged = [inPlace, whole].map((index, i) => ({
    rows: [...takeTouchedRows(rawDatabase(index))],
    paths: vectorChangesSince(index, 'any', marks[i], 100)?.paths,
  }));
  expect(logged[1].paths).toContain('/entities/ada-lovelace.md');
  expect(logged[1].rows.length).toBeGreaterThan(0);
  expect(logged[0]).toEqual(logged[1]);
  const fresh = await buildIndex(new MemoryBundle(files));
  const expected = await asked(fresh);
  expect(await asked(whole)).toEqual(expected);
  expect(await asked(inPlace)).toEqual(expected);
  for (const index of [inPlace, whole, fresh]) index.close();
});

// openIndex on wiki.db read in place: whatever the catch-up does, the loaded index and its descriptor are closed
// when openIndex does not return them (a throw leaves the caller nothing to close).
import { buildIndex } from '../../../src/core/index/build';
import { openIndex } from '../../../src/core/index/open';
import type { PersistedFile } from '../../../src/core/index/snapshot';
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

// The in-place carry (e330e70) checks wiki.db's checksum over every byte, then lets SQLite read the pages it needs a
// second time. A write in place between the two (an SQL tool editing wiki.db, `cp backup wiki.db`, rsync --inplace)
// must carry nothing rather than seal bytes no checksum vouched for into the new index (found by a review, /tmp/rv2).
import { closeSync, openSync, writeFileSync, writeSync } from 'node:fs';
import * as nodePath from 'node:path';
import { embedIndex } from '../../../src/core/embed/embed-index';
import { buildIndex } from '../../../src/core/index/build';
import { carryInPlace, openInPlace } from '../../../src/core/index/carry';
import type { FileReader, PersistedFile } from '../../../src/core/index/snapshot';
import { rawDatabase } from '../../../src/core/index/wiki-index';
import { FsBundle } from '../../../src/node/fs-bundle';
import { FakeEmbedder } from '../../support/fake-ollama';
import { specFile, MemoryBundle } from '../../support/retrieval-bundle';
import { makeTempDir, removeTempDir } from '../../support/temp-dir';

const source: Record<string, string> = {};
for (let i = 0; i < 3; i++)
  source[`/entities/c${i}.md`] = specFile({ title: `Concept ${i}`, tags: ['t'], body: `Body of concept ${i}.` });

function indexOf(hay: Uint8Array, needle: Uint8Array): number {
  outer: for (let i = 0; i + needle.length <= hay.length; i++) {
    for (let j = 0; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

test.each([
  ['a write in place after the checksum pass: nothing carried', true],
  ['no write: the vector the checksum vouched for is carried', false],
])('%s', async (_name, racingWrite) => {
  const previous = await buildIndex(new MemoryBundle(source));
  await embedIndex(previous, new FakeEmbedder());
  const stored = rawDatabase(previous).get<{ vector: Uint8Array }>(
    "select vector from embeddings where path = '/entities/c0.md'",
  )!.vector;
  const bytes = previous.export();
  previous.close();
  const at = indexOf(bytes, stored);
  expect(at).toBeGreaterThan(0);

  const dir = makeTempDir();
  try {
    const full = nodePath.join(dir, 'wiki.db');
    writeFileSync(full, bytes);
    const persisted = (await new FsBundle(dir).openBytes('/wiki.db'))!;
    // Another process writes in place right after the checksum pass (the 100-byte header read follows it).
    const racing: PersistedFile = {
      ...persisted,
      openReader: (): FileReader => {
        const inner = persisted.openReader!();
        return {
          readAt: (target, position) => {
            inner.readAt(target, position);
            if (racingWrite && position === 0 && target.byteLength === 100) {
              const fd = openSync(full, 'r+');
              writeSync(fd, new Uint8Array(stored.byteLength).fill(0x7f), 0, stored.byteLength, at);
              closeSync(fd);
            }
          },
          ...((inner as { unchanged?: () => boolean }).unchanged && {
            unchanged: () => (inner as { unchanged: () => boolean }).unchanged(),
          }),
          close: () => inner.close(),
        };
      },
    };
    const fresh = await buildIndex(new MemoryBundle(source));
    const opened = openInPlace(racing);
    expect(typeof opened).toBe('object');
    const count = await carryInPlace(fresh, opened as Exclude<typeof opened, string>);
    const carried = rawDatabase(fresh).get<{ vector: Uint8Array }>(
      "select vector from embeddings where path = '/entities/c0.md'",
    )?.vector;
    fresh.close();
    if (racingWrite) {
      expect(count).toBe(0);
      expect(carried).toBeUndefined();
    } else {
      expect(count).toBe(3);
      expect(Buffer.from(carried!).equals(Buffer.from(stored))).toBe(true);
    }
  } finally {
    removeTempDir(dir);
  }
});

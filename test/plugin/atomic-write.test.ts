// wiki.db is replaced atomically over Obsidian's adapter, whose rename refuses an existing destination.
import '../obsidian-double/obsidian';
import type { DataAdapter } from 'obsidian';
import { readPersisted, writeAtomically } from '../../src/plugin/atomic-write';
import { DataAdapterDouble } from '../obsidian-double/data-adapter';
import { MemoryStore } from '../obsidian-double/file-store';

const bytes = (...values: number[]) => new Uint8Array(values);
/** A call with its temporary file's random part as `*`. */
const anyTemp = (call: string) => call.replace(/\.tmp-[0-9a-z]+/g, '.tmp-*');

function adapter(files: Record<string, string | Uint8Array> = {}): DataAdapterDouble {
  return new DataAdapterDouble(MemoryStore.from(files));
}

test(
  "Obsidian's adapter.rename refuses to overwrite, which is why a plain " + 'write-then-rename cannot replace a file',
  async () => {
    const a = adapter({ 'a.txt': 'a', 'b.txt': 'b' });
    await expect(a.rename('a.txt', 'b.txt')).rejects.toThrow('Destination file already exists!');
  },
);

test('writes a new file through a temporary file and leaves nothing else behind', async () => {
  const a = adapter({ 'wiki/x.md': '' });
  await writeAtomically(a as unknown as DataAdapter, 'wiki/wiki.db', bytes(1, 2, 3));
  expect(new Uint8Array(await a.readBinary('wiki/wiki.db'))).toEqual(bytes(1, 2, 3));
  expect((await a.list('wiki')).files.sort()).toEqual(['wiki/wiki.db', 'wiki/x.md']);
  expect(a.calls.filter((c) => !/^(exists|read)/.test(c)).map(anyTemp)).toEqual([
    'writeBinary wiki/wiki.db.tmp-*',
    'rename wiki/wiki.db.tmp-* wiki/wiki.db',
  ]);
});

test('replaces an existing file: old moved aside, new renamed in, backup removed', async () => {
  const a = adapter({ 'wiki.db': bytes(9) });
  await writeAtomically(a as unknown as DataAdapter, 'wiki.db', bytes(4, 5));
  expect(new Uint8Array(await a.readBinary('wiki.db'))).toEqual(bytes(4, 5));
  expect((await a.list('/')).files).toEqual(['wiki.db']);
  expect(a.calls.filter((c) => !/^(exists|read)/.test(c)).map(anyTemp)).toEqual([
    'writeBinary wiki.db.tmp-*',
    'rename wiki.db wiki.db.bak',
    'rename wiki.db.tmp-* wiki.db',
    'remove wiki.db.bak',
  ]);
});

test('creates the folder when it does not exist yet (adapter.write needs it)', async () => {
  const a = adapter();
  await writeAtomically(a as unknown as DataAdapter, 'deep/er/wiki.db', 'text');
  expect(await a.read('deep/er/wiki.db')).toBe('text');
});

test('an interrupted replace never loses the last complete file: readPersisted falls back to the backup', async () => {
  const a = adapter({ 'wiki.db': bytes(7, 7) });
  const original = a.rename.bind(a);
  a.rename = async (from: string, to: string) => {
    if (from.startsWith('wiki.db.tmp-')) throw new Error('crash between the two renames');
    return original(from, to);
  };
  await expect(writeAtomically(a as unknown as DataAdapter, 'wiki.db', bytes(1))).rejects.toThrow(
    'crash between the two renames',
  );
  expect(await a.exists('wiki.db')).toBe(false);
  expect(await readPersisted(a as unknown as DataAdapter, 'wiki.db')).toEqual(bytes(7, 7));

  // The next write recovers: the stale backup is replaced and removed.
  a.rename = original;
  await writeAtomically(a as unknown as DataAdapter, 'wiki.db', bytes(2));
  expect(await readPersisted(a as unknown as DataAdapter, 'wiki.db')).toEqual(bytes(2));
  expect((await a.list('/')).files).toEqual(['wiki.db']);
});

test('readPersisted answers undefined when there is nothing', async () => {
  expect(await readPersisted(adapter() as unknown as DataAdapter, 'wiki.db')).toBeUndefined();
});

test('readPersisted does not read a wiki.db over the size limit: it answers a problem naming the file', async () => {
  const a = adapter({ 'wiki/wiki.db': new Uint8Array(4096) });
  expect(await readPersisted(a as unknown as DataAdapter, 'wiki/wiki.db', 1024)).toEqual({
    reason: 'wiki/wiki.db is 4096 bytes, over the 1024-byte limit for an index: a damaged cache, not read',
  });
  expect(a.calls.filter((c) => c.startsWith('read'))).toEqual([]);
  expect(await readPersisted(a as unknown as DataAdapter, 'wiki/wiki.db', 4096)).toEqual(new Uint8Array(4096));
});

test('each write names its own temporary file: a link or an abandoned write at a former name is not used', async () => {
  const a = adapter();
  const temps: string[] = [];
  const original = a.writeBinary.bind(a);
  a.writeBinary = async (path: string, data: ArrayBuffer) => {
    temps.push(path);
    return original(path, data);
  };
  await writeAtomically(a as unknown as DataAdapter, 'wiki.db', bytes(1));
  await writeAtomically(a as unknown as DataAdapter, 'wiki.db', bytes(2));
  expect(temps).toHaveLength(2);
  expect(temps[0]).not.toBe(temps[1]);
  expect(temps.every((t) => /^wiki\.db\.tmp-[0-9a-z]+$/.test(t))).toBe(true);
});

// The double's DataAdapter makes no more copies than Obsidian's desktop adapter (so the long-task figures are not
// inflated) but never fewer than it must: what it returns and what it keeps stay independent of the caller's
// buffers, as a file on disk is. Files over one 512 KiB step are copied a step per task, as libuv writes them.
import '../obsidian-double/obsidian';
import { DataAdapterDouble, IO_STEP_BYTES } from '../obsidian-double/data-adapter';
import { MemoryStore } from '../obsidian-double/file-store';

function pattern(n: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(n);
  for (let i = 0; i < n; i++) bytes[i] = (i * 7) & 255;
  return bytes;
}

test.each([
  ['a small file', 1000],
  ['a file of several 512 KiB steps', 2 * IO_STEP_BYTES + 123],
])('writeBinary of %s keeps its own bytes: the caller changing its buffer afterwards changes nothing', async (_, n) => {
  const adapter = new DataAdapterDouble(MemoryStore.from({}));
  const data = pattern(n);
  await adapter.writeBinary('f.bin', data.buffer);
  data.fill(0);
  // Buffer.equals: jest's toEqual walks a megabyte element by element for seconds.
  expect(Buffer.from(await adapter.readBinary('f.bin')).equals(pattern(n))).toBe(true);
  expect((await adapter.stat('f.bin'))?.size).toBe(n);
});

test('readBinary returns a copy: changing it leaves the file as it was', async () => {
  const adapter = new DataAdapterDouble(MemoryStore.from({ 'f.bin': pattern(5000) }));
  new Uint8Array(await adapter.readBinary('f.bin')).fill(1);
  expect(new Uint8Array(await adapter.readBinary('f.bin'))).toEqual(pattern(5000));
});

test('a write of several steps yields to other tasks between steps (a libuv callback per step)', async () => {
  const adapter = new DataAdapterDouble(MemoryStore.from({}));
  let otherTaskRan = false;
  setTimeout(() => (otherTaskRan = true), 0);
  await adapter.writeBinary('f.bin', pattern(3 * IO_STEP_BYTES).buffer);
  expect(otherTaskRan).toBe(true);
});

test('text written and read back is the same text; the store keeps its bytes apart from the reader', async () => {
  const store = MemoryStore.from({});
  const adapter = new DataAdapterDouble(store);
  await adapter.write('n.md', 'Ünïcode text\n');
  expect(await adapter.read('n.md')).toBe('Ünïcode text\n');
  (await store.readBytes('n.md')).fill(0);
  expect(await adapter.read('n.md')).toBe('Ünïcode text\n');
});

test('text is decoded as Node decodes it on desktop: a BOM is kept (the CLI reads it the same way)', async () => {
  const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('---\ntype: x\n---\n')]);
  const adapter = new DataAdapterDouble(MemoryStore.from({ 'a.md': bom }));
  expect(await adapter.read('a.md')).toBe('\uFEFF---\ntype: x\n---\n');
});

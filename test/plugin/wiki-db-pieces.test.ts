/** @jest-environment jsdom */
// wiki.db's pieces (issue 14): beside the whole wiki.db (which the CLI, the MCP server and SQL tools read), the
// plugin writes the same bytes in pieces of at most 4 MiB so a start reads one piece per task. Round trip, only
// changed pieces rewritten, a crash between pieces, wiki.db written by another tool, a damaged piece, and the
// CLI reading what the plugin wrote.
import '../obsidian-double/obsidian';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import type { DataAdapter } from 'obsidian';
import { WikiSession } from '../../src/core/engine/session';
import { systemClock } from '../../src/core/types';
import { fsSessionEnv } from '../../src/node/index-store';
import { FsBundle } from '../../src/node/fs-bundle';
import { IndexPersister } from '../../src/plugin/index-persister';
import {
  exported,
  isPieces,
  PIECE_BYTES,
  piecesFile,
  type WikiDbPieces,
  type WikiDbRead,
} from '../../src/plugin/engine/wiki-db-pieces';
import { DataAdapterDouble } from '../obsidian-double/data-adapter';
import { MemoryStore } from '../obsidian-double/file-store';
import { launch, quit, tempVault, type Running, type TempVault } from './support/plugin-harness';

const DB = 'wiki/wiki.db';
const FOLDER = 'wiki/.wiki.db.pieces';

/** Bytes that differ from piece to piece: 2 full pieces and a short last one. */
function sample(seed = 1): Uint8Array {
  const bytes = new Uint8Array(2 * PIECE_BYTES + 1000);
  const words = new Uint32Array(bytes.buffer, 0, bytes.length >> 2);
  for (let i = 0; i < words.length; i++) words[i] = Math.imul(i + seed, 2654435761);
  return bytes;
}

const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));

/** The bytes a read hands the engine: the pieces joined as the engine joins them, or the whole file. */
function joined(read: WikiDbRead): Uint8Array {
  if (read instanceof Uint8Array) return read;
  if (!isPieces(read)) throw new Error(`not bytes: ${JSON.stringify(read)}`);
  const file = piecesFile(read);
  if (!file) throw new Error('a piece does not match its name');
  const target = new Uint8Array(file.byteLength);
  file.readInto(target);
  return target;
}

let notes: string[];
let persisters: IndexPersister[];

beforeEach(() => {
  notes = [];
  persisters = [];
});
afterEach(() => persisters.forEach((p) => p.stop()));

function persister(adapter: DataAdapterDouble): IndexPersister {
  const p = new IndexPersister(adapter as unknown as DataAdapter, DB, {
    delayMs: 60_000,
    notify: (m) => notes.push(m),
    due: () => undefined,
  });
  persisters.push(p);
  return p;
}

async function write(p: IndexPersister, bytes: Uint8Array): Promise<void> {
  p.markDirty();
  await p.writeSnapshot(() => exported(bytes));
}

const pieceWrites = (a: DataAdapterDouble) =>
  a.calls.filter((c) => c.startsWith(`writeBinary ${FOLDER}/`) && !c.includes('manifest'));

test('wiki.db is written whole (plain SQLite, for the CLI) and as pieces that read back as its bytes', async () => {
  const adapter = new DataAdapterDouble(MemoryStore.from({ 'wiki/x.md': '' }));
  const p = persister(adapter);
  const bytes = sample();
  await write(p, bytes);
  expect(same(new Uint8Array(await adapter.readBinary(DB)), bytes)).toBe(true);
  expect(pieceWrites(adapter)).toHaveLength(3);
  adapter.calls.length = 0;
  const read = await p.read();
  expect(isPieces(read) && read.pieces.map((x) => x.byteLength)).toEqual([PIECE_BYTES, PIECE_BYTES, 1000]);
  expect(same(joined(read), bytes)).toBe(true);
  expect(adapter.calls).not.toContain(`readBinary ${DB}`);
  expect(p.found).toBe(true);
});

test('a later write rewrites only the pieces whose bytes changed and removes those no longer named', async () => {
  const adapter = new DataAdapterDouble(MemoryStore.from({ 'wiki/x.md': '' }));
  const p = persister(adapter);
  await write(p, sample());
  const changed = sample();
  changed[PIECE_BYTES + 5] ^= 0xff;
  adapter.calls.length = 0;
  await write(p, changed);
  expect(pieceWrites(adapter)).toHaveLength(1);
  expect(p.lastBytesWritten).toBeGreaterThan(changed.byteLength + PIECE_BYTES);
  expect((await adapter.list(FOLDER)).files).toHaveLength(4); // three pieces and the manifest
  expect(same(joined(await p.read()), changed)).toBe(true);
});

test('a crash between two pieces never gives the old index: wiki.db (already new) is read whole', async () => {
  const adapter = new DataAdapterDouble(MemoryStore.from({ 'wiki/x.md': '' }));
  const p = persister(adapter);
  await write(p, sample(1));
  const newer = sample(2);
  const writeBinary = adapter.writeBinary.bind(adapter);
  let pieces = 0;
  adapter.writeBinary = async (path, data) => {
    if (path.startsWith(FOLDER) && ++pieces === 2) throw new Error('the app was killed');
    return writeBinary(path, data);
  };
  await write(p, newer);
  expect(notes).toEqual([expect.stringContaining('could not save wiki/wiki.db (the app was killed)')]);
  expect(p.isDirty).toBe(true);
  const read = await p.read();
  expect(read).toBeInstanceOf(Uint8Array);
  expect(same(joined(read), newer)).toBe(true);
  // The next write completes the pieces.
  adapter.writeBinary = writeBinary;
  await p.writeSnapshot(() => exported(newer));
  expect(isPieces(await p.read())).toBe(true);
  expect(same(joined(await p.read()), newer)).toBe(true);
});

test('a crash while wiki.db itself is written leaves the old wiki.db and its pieces, which still agree', async () => {
  const adapter = new DataAdapterDouble(MemoryStore.from({ 'wiki/x.md': '' }));
  const p = persister(adapter);
  const older = sample(1);
  await write(p, older);
  const writeBinary = adapter.writeBinary.bind(adapter);
  adapter.writeBinary = async (path, data) => {
    if (path === `${DB}.tmp`) throw new Error('disk full');
    return writeBinary(path, data);
  };
  await write(p, sample(2));
  const read = await p.read();
  expect(isPieces(read)).toBe(true);
  expect(same(joined(read), older)).toBe(true);
});

test('wiki.db written by another tool (the CLI) is read whole; its pieces follow, wiki.db not rewritten', async () => {
  const store = MemoryStore.from({ 'wiki/x.md': '' });
  const adapter = new DataAdapterDouble(store);
  const p = persister(adapter);
  await write(p, sample(1));
  const cli = sample(3).subarray(0, PIECE_BYTES + 77);
  await store.writeBytes(DB, cli);
  const read = await p.read();
  expect(read).toBeInstanceOf(Uint8Array);
  expect(same(joined(read), cli)).toBe(true);
  expect(p.isDirty).toBe(false);
  adapter.calls.length = 0;
  await p.writeSnapshot(() => exported(cli.slice()));
  expect(adapter.calls.filter((c) => c.startsWith(`writeBinary ${DB}`))).toEqual([]);
  expect(pieceWrites(adapter)).toHaveLength(2);
  const again = await p.read();
  expect(isPieces(again)).toBe(true);
  expect(same(joined(again), cli)).toBe(true);
});

test('a manifest of another format (piece size, version) or not JSON is not used: wiki.db is read whole', async () => {
  const store = MemoryStore.from({ 'wiki/x.md': '' });
  const adapter = new DataAdapterDouble(store);
  const p = persister(adapter);
  const bytes = sample();
  await write(p, bytes);
  const manifest = JSON.parse(await adapter.read(`${FOLDER}/manifest.json`)) as Record<string, unknown>;
  for (const changed of [{ format: 'okf-wiki-db-pieces 2' }, { pieceBytes: 1024 * 1024 }, { pieces: 'x' }]) {
    await store.writeBytes(
      `${FOLDER}/manifest.json`,
      new TextEncoder().encode(JSON.stringify({ ...manifest, ...changed })),
    );
    const read = await p.read();
    expect(read).toBeInstanceOf(Uint8Array);
    expect(same(joined(read), bytes)).toBe(true);
  }
  await store.writeBytes(`${FOLDER}/manifest.json`, new TextEncoder().encode('{ not json'));
  expect(same(joined(await p.read()), bytes)).toBe(true);
});

test('a piece whose bytes no longer match its name (same size, or cut short) is not used', () => {
  const bytes = sample();
  const { pieces: names } = exported(bytes);
  const cut = (b: Uint8Array) => [0, 1, 2].map((i) => b.slice(i * PIECE_BYTES, (i + 1) * PIECE_BYTES));
  const good: WikiDbPieces = { pieces: cut(bytes), names };
  expect(piecesFile(good)?.byteLength).toBe(bytes.byteLength);
  const flipped = cut(bytes);
  flipped[1][77] ^= 1;
  expect(piecesFile({ pieces: flipped, names })).toBeUndefined();
  const short = cut(bytes);
  short[0] = short[0].subarray(0, 100);
  expect(piecesFile({ pieces: short, names })).toBeUndefined();
  expect(piecesFile({ pieces: cut(bytes).slice(0, 2), names })).toBeUndefined();
});

describe('the plugin on a vault', () => {
  let vault: TempVault;
  let running: Running | undefined;
  beforeEach(() => (vault = tempVault('small-vault', { bundleFolder: 'wiki', embeddingsEnabled: false })));
  afterEach(async () => {
    if (running) await quit(running);
    running = undefined;
    vault.remove();
  });
  const piecesDir = () => nodePath.join(vault.dir, 'wiki', '.wiki.db.pieces');

  test('a restart reads the pieces, not wiki.db; a damaged piece: wiki.db read whole, no rebuild', async () => {
    running = await launch(vault.dir);
    await quit(running);
    running = await launch(vault.dir);
    expect(running.plugin.service.lastOpen).toEqual({ kind: 'loaded', sync: { updated: [], removed: [] } });
    expect(running.app.vault.adapter.calls.filter((c) => c.startsWith('readBinary'))).toEqual([
      expect.stringMatching(/^readBinary wiki\/\.wiki\.db\.pieces\/[0-9a-f]{16}-\d+$/),
    ]);
    await quit(running);
    const piece = readdirSync(piecesDir()).find((f) => f !== 'manifest.json')!;
    const bytes = readFileSync(nodePath.join(piecesDir(), piece));
    bytes[bytes.length >> 1] ^= 0xff;
    writeFileSync(nodePath.join(piecesDir(), piece), bytes);
    running = await launch(vault.dir);
    expect(running.plugin.service.lastOpen?.kind).toBe('loaded');
    expect(running.app.vault.adapter.calls).toContain('readBinary wiki/wiki.db');
  });

  test('the CLI loads the wiki.db the plugin wrote, and the plugin loads the one the CLI wrote', async () => {
    running = await launch(vault.dir);
    await quit(running);
    running = undefined;
    const bundle = new FsBundle(nodePath.join(vault.dir, 'wiki'));
    const session = await WikiSession.open(fsSessionEnv(bundle, systemClock, 'okf-wiki'));
    expect(session.opened).toEqual({ kind: 'loaded', sync: { updated: [], removed: [] } });
    await session.save();
    session.close();
    running = await launch(vault.dir);
    expect(running.plugin.service.lastOpen).toEqual({ kind: 'loaded', sync: { updated: [], removed: [] } });
    expect(running.app.vault.adapter.calls).toContain('readBinary wiki/wiki.db');
  });
});

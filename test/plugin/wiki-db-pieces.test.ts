/** @jest-environment jsdom */
// wiki.db's pieces (issue 14 item 4): the plugin's primary copy while Obsidian runs. A deferred write rewrites
// only the pieces whose bytes changed and the manifest; the whole wiki.db (which the CLI, the MCP server and SQL
// tools read) is written on unload, Rebuild, a move, when missing, or once it has lagged too long. A start uses the
// pieces only while wiki.db is the file the manifest recorded and every piece matches its name. The crash points
// are in wiki-db-crash.test.ts; the plugin's own restarts at the end here and in persist-on-idle.test.ts.
import '../obsidian-double/obsidian';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import { WikiSession } from '../../src/core/engine/session';
import { systemClock } from '../../src/core/types';
import { fsSessionEnv } from '../../src/node/index-store';
import { FsBundle } from '../../src/node/fs-bundle';
import {
  exported,
  isPieces,
  PIECE_BYTES,
  piecesFile,
  pieceName,
  pieceNames,
  type WikiDbPieces,
} from '../../src/plugin/engine/wiki-db-pieces';
import { launch, quit, tempVault, type Running, type TempVault } from './support/plugin-harness';
import { DB, edited, FOLDER, joined, MANIFEST, PiecesVault, same, sample } from './support/pieces-fixture';

let v: PiecesVault;
beforeEach(() => (v = new PiecesVault()));
afterEach(() => v.dispose());

const encode = (value: unknown) => new TextEncoder().encode(typeof value === 'string' ? value : JSON.stringify(value));

test('the first write writes wiki.db whole (plain SQLite, for the CLI) and the pieces, which read back', async () => {
  const bytes = sample(1, PIECE_BYTES);
  await v.deferred(bytes);
  expect(same(await v.wikiDb(), bytes)).toBe(true);
  expect(v.pieceWrites()).toHaveLength(3);
  v.adapter.calls.length = 0;
  const { read, persister } = await v.restart();
  expect(isPieces(read) && read.pieces.map((x) => x.byteLength)).toEqual([PIECE_BYTES, PIECE_BYTES, 1000]);
  expect(same(joined(read), bytes)).toBe(true);
  expect(v.adapter.calls).not.toContain(`readBinary ${DB}`);
  expect(persister.found).toBe(true);
  expect(persister.wikiDbLags).toBe(false);
});

test('a deferred write rewrites only the changed pieces and the manifest, not wiki.db; a start uses them', async () => {
  const first = sample(1, PIECE_BYTES);
  await v.deferred(first);
  const wikiDbStat = await v.adapter.stat(DB);
  const saved = edited(first, 1, PIECE_BYTES);
  v.adapter.calls.length = 0;
  await v.deferred(saved);
  expect(v.wikiDbWritten()).toBe(false);
  expect(v.pieceWrites().map((c) => c.replace(/\.tmp-[0-9a-z]+$/, '.tmp-*'))).toEqual([
    `writeBinary ${FOLDER}/${pieceNames(saved)[1]}.tmp-*`,
  ]);
  // The changed piece and the manifest: nowhere near wiki.db's size.
  expect(v.persister.lastBytesWritten).toBeLessThan(PIECE_BYTES + 2000);
  expect(v.persister.wikiDbLags).toBe(true);
  expect(await v.adapter.stat(DB)).toEqual(wikiDbStat);
  expect(same(await v.wikiDb(), first)).toBe(true);
  // The replaced piece is gone; the folder holds the three named and the manifest.
  expect(await v.folder()).toEqual([...pieceNames(saved), 'manifest.json'].sort());
  const { read, persister } = await v.restart();
  expect(isPieces(read)).toBe(true);
  expect(same(joined(read), saved)).toBe(true);
  expect(persister.wikiDbLags).toBe(true);
});

test('a deferred write gets only the pieces not on disk from the engine; wiki.db whole when due', async () => {
  const first = sample(1, PIECE_BYTES);
  await v.deferred(first);
  expect(v.exports[0].bytes?.byteLength).toBe(first.byteLength);
  const saved = edited(first, 2, PIECE_BYTES);
  await v.deferred(saved);
  const deferred = v.exports[1];
  expect(deferred.bytes).toBeUndefined();
  expect(deferred.fresh?.map((f) => [f.index, f.bytes.byteLength])).toEqual([[2, 1000]]);
  expect(same(joined((await v.restart()).read), saved)).toBe(true);
  await v.whole(saved);
  expect(v.exports[2].bytes?.byteLength).toBe(saved.byteLength);
  expect(same(await v.wikiDb(), saved)).toBe(true);
});

test("a piece removed behind the plugin's back: the write fails and says so; the next heals", async () => {
  const first = sample(1, PIECE_BYTES);
  await v.deferred(first);
  await v.store.remove(`${FOLDER}/${pieceNames(first)[0]}`);
  const saved = edited(first, 1, PIECE_BYTES);
  await v.deferred(saved);
  expect(v.notes).toEqual([expect.stringContaining(`${FOLDER}/${pieceNames(saved)[0]} is missing`)]);
  // The manifest still names the missing piece, so a start now reads wiki.db whole: an older index, not a wrong one.
  expect((await v.restart()).read).toBeInstanceOf(Uint8Array);
  await v.persister.writeSnapshot((have) => v.export(saved, have));
  expect(v.exports[2].bytes).toBeDefined();
  const { read } = await v.restart();
  expect(isPieces(read)).toBe(true);
  expect(same(joined(read), saved)).toBe(true);
});

test('a whole write (unload, Rebuild) brings wiki.db level with the pieces, even with nothing new', async () => {
  const first = sample(1, PIECE_BYTES);
  await v.deferred(first);
  const saved = edited(first, 0, PIECE_BYTES);
  await v.deferred(saved);
  v.adapter.calls.length = 0;
  // Unload with nothing changed since the deferred write: wiki.db still lags, so it is written.
  await v.persister.writeSnapshot(() => exported(saved.slice()), true);
  expect(v.wikiDbWritten()).toBe(true);
  expect(v.pieceWrites()).toEqual([]);
  expect(same(await v.wikiDb(), saved)).toBe(true);
  expect(v.persister.wikiDbLags).toBe(false);
  const manifest = await v.manifest();
  expect(manifest.aheadSince).toBeNull();
  const stat = (await v.adapter.stat(DB))!;
  // Three manifests written (first write, deferred write, this one): wiki.db holds the third's index.
  expect(manifest.generation).toBe(3);
  expect(manifest.wikiDb).toEqual({ size: stat.size, mtime: stat.mtime, generation: 3 });
  // Level and unchanged: a later unload writes nothing.
  v.adapter.calls.length = 0;
  await v.persister.writeSnapshot(() => exported(saved.slice()), true);
  expect(v.adapter.calls.filter((c) => c.startsWith('write'))).toEqual([]);
});

test("wiki.db written by another tool (the CLI) after the plugin's pieces: wiki.db wins, read whole", async () => {
  const first = sample(1, PIECE_BYTES);
  await v.deferred(first);
  await v.deferred(edited(first, 1, PIECE_BYTES));
  const cli = sample(3, PIECE_BYTES).subarray(0, PIECE_BYTES + 77);
  await v.store.writeBytes(DB, cli);
  const { read, persister } = await v.restart();
  expect(read).toBeInstanceOf(Uint8Array);
  expect(same(joined(read), cli)).toBe(true);
  expect(persister.isDirty).toBe(false);
  // Its pieces follow at the next write; wiki.db is not rewritten (it holds that index).
  v.adapter.calls.length = 0;
  await persister.writeSnapshot(() => exported(cli.slice()));
  expect(v.wikiDbWritten()).toBe(false);
  expect(v.pieceWrites()).toHaveLength(2);
  expect(persister.wikiDbLags).toBe(false);
  const again = await v.restart();
  expect(isPieces(again.read)).toBe(true);
  expect(same(joined(again.read), cli)).toBe(true);
});

test('a foreign or damaged manifest is not used: wiki.db is read whole', async () => {
  const bytes = sample(1, PIECE_BYTES);
  await v.deferred(bytes);
  const manifest = await v.manifest();
  const variants: unknown[] = [
    { ...manifest, format: 'okf-wiki-db-pieces 3' },
    { ...manifest, pieceBytes: PIECE_BYTES + 1 },
    { ...manifest, pieceBytes: 1024 },
    { ...manifest, pieces: 'x' },
    { ...manifest, pieces: [...manifest.pieces.slice(0, 2), '../../outside-7'] },
    { ...manifest, generation: -1 },
    // A record of wiki.db's generation that claims more than the manifest's, or "ahead" while in step.
    { ...manifest, wikiDb: { ...(manifest.wikiDb as object), generation: manifest.generation + 1 } },
    { ...manifest, aheadSince: 5 },
    [],
    '{ not json',
  ];
  for (const changed of variants) {
    await v.store.writeBytes(MANIFEST, encode(changed));
    const { read } = await v.restart();
    expect(read).toBeInstanceOf(Uint8Array);
    expect(same(joined(read), bytes)).toBe(true);
  }
});

test('an older manifest (format 1, 4 MiB pieces) still loads; the next write cuts the current size', async () => {
  const OLD = 4 * 1024 * 1024;
  const bytes = sample(1, OLD, 1);
  await v.store.writeBytes(DB, bytes);
  const names = pieceNames(bytes, OLD);
  await v.store.mkdir(FOLDER);
  for (const [i, name] of names.entries())
    await v.store.writeBytes(`${FOLDER}/${name}`, bytes.slice(i * OLD, (i + 1) * OLD));
  const stat = (await v.adapter.stat(DB))!;
  const format1 = { format: 'okf-wiki-db-pieces 1', pieceBytes: OLD, wikiDb: { size: stat.size, mtime: stat.mtime } };
  await v.store.writeBytes(MANIFEST, encode({ ...format1, pieces: names }));
  const { read, persister } = await v.restart();
  expect(isPieces(read) && read.pieceBytes).toBe(OLD);
  expect(same(joined(read), bytes)).toBe(true);
  expect(persister.wikiDbLags).toBe(false);
  const saved = edited(bytes, 0, PIECE_BYTES);
  persister.markDirty();
  await persister.writeSnapshot(() => exported(saved.slice()));
  expect(await v.folder()).toEqual([...pieceNames(saved), 'manifest.json'].sort());
  expect((await v.manifest()).pieceBytes).toBe(PIECE_BYTES);
  const next = await v.restart();
  expect(isPieces(next.read) && next.read.pieceBytes).toBe(PIECE_BYTES);
  expect(same(joined(next.read), saved)).toBe(true);
});

test('a piece whose bytes no longer match its name (same size, or cut short) is not used', () => {
  const bytes = sample(1, PIECE_BYTES);
  const { pieces: names } = exported(bytes);
  const cut = (b: Uint8Array) => [0, 1, 2].map((i) => b.slice(i * PIECE_BYTES, (i + 1) * PIECE_BYTES));
  const good: WikiDbPieces = { pieces: cut(bytes), names, pieceBytes: PIECE_BYTES };
  expect(piecesFile(good)?.byteLength).toBe(bytes.byteLength);
  const flipped = cut(bytes);
  flipped[1][77] ^= 1;
  expect(piecesFile({ ...good, pieces: flipped })).toBeUndefined();
  const short = cut(bytes);
  short[0] = short[0].subarray(0, 100);
  expect(piecesFile({ ...good, pieces: short })).toBeUndefined();
  expect(piecesFile({ ...good, pieces: cut(bytes).slice(0, 2) })).toBeUndefined();
  // Cut at another size than the one claimed.
  expect(piecesFile({ ...good, pieceBytes: PIECE_BYTES * 2 })).toBeUndefined();
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

  test('a restart reads the pieces, not wiki.db; a damaged piece: wiki.db read whole, pieces cut again', async () => {
    running = await launch(vault.dir);
    await quit(running);
    running = await launch(vault.dir);
    expect(running.plugin.service.lastOpen).toEqual({ kind: 'loaded', sync: { updated: [], removed: [] } });
    const reads = () => running!.app.vault.adapter.calls.filter((c) => c.startsWith('readBinary'));
    expect(reads().length).toBeGreaterThan(0);
    expect(reads().every((c) => /^readBinary wiki\/\.wiki\.db\.pieces\/[0-9a-f]{16}-\d+$/.test(c))).toBe(true);
    await quit(running);
    const piece = readdirSync(piecesDir()).find((f) => f !== 'manifest.json')!;
    const bytes = readFileSync(nodePath.join(piecesDir(), piece));
    bytes[bytes.length >> 1] ^= 0xff;
    writeFileSync(nodePath.join(piecesDir(), piece), bytes);
    running = await launch(vault.dir);
    expect(running.plugin.service.lastOpen?.kind).toBe('loaded');
    expect(running.app.vault.adapter.calls).toContain('readBinary wiki/wiki.db');
    // The damaged piece is not kept under its name: the next write cuts every piece again, and they are used.
    await quit(running);
    running = await launch(vault.dir);
    expect(running.plugin.service.lastOpen?.kind).toBe('loaded');
    expect(running.app.vault.adapter.calls).not.toContain('readBinary wiki/wiki.db');
  });

  test('pieces named right but not an index this version loads: built, both copies rewritten', async () => {
    running = await launch(vault.dir);
    await quit(running);
    // Say, an index of an older schema: the pieces are whole and named right, but the load refuses them.
    const bytes = new TextEncoder().encode('not an index this version can load');
    const name = pieceName(bytes);
    const manifestPath = nodePath.join(piecesDir(), 'manifest.json');
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, unknown>;
    writeFileSync(nodePath.join(piecesDir(), name), bytes);
    writeFileSync(manifestPath, JSON.stringify({ ...manifest, pieces: [name] }));
    running = await launch(vault.dir);
    expect(running.plugin.service.lastOpen?.kind).toBe('built');
    running.app.vault.adapter.calls.length = 0;
    // The deferred write (the first since the build) writes wiki.db whole too: it no longer holds this index.
    await running.plugin.service.persistNow();
    expect(running.app.vault.adapter.calls.some((c) => c.startsWith('writeBinary wiki/wiki.db.tmp-'))).toBe(true);
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

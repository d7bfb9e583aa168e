/** @jest-environment jsdom */
// Crashes while wiki.db's copies are written (issue 14 item 4; docs/ARCHITECTURE.md, "wiki.db in pieces"). A write
// goes: new pieces, the manifest naming them, then (when wiki.db is due) wiki.db and the manifest again. Obsidian
// can die between any two steps; the next start must get the newest index on disk that can be trusted, never a
// wrong one (the catch-up by stat then brings it level with the notes). "A", "B", "C" are three successive
// exports of the index: A written whole, B by a deferred write (pieces only), C being written when the app dies.
import '../obsidian-double/obsidian';
import { exported, isPieces, PIECE_BYTES, pieceNames } from '../../src/plugin/engine/wiki-db-pieces';
import { DB, edited, FOLDER, joined, MANIFEST, PiecesVault, same, sample } from './support/pieces-fixture';

let v: PiecesVault;
const A = sample(1, PIECE_BYTES);
const B = edited(A, 0, PIECE_BYTES);
const C = edited(B, 2, PIECE_BYTES);

beforeEach(async () => {
  v = new PiecesVault();
  await v.deferred(A);
  await v.deferred(B);
});
afterEach(() => v.dispose());

/** Makes the adapter's `method` throw ("the app was killed") on the `nth` call whose path passes `when`. */
function killAt(method: 'writeBinary' | 'write' | 'rename', when: (path: string) => boolean, nth = 1): void {
  const adapter = v.adapter as unknown as Record<string, (path: string, ...rest: unknown[]) => Promise<void>>;
  const real = adapter[method].bind(v.adapter);
  let seen = 0;
  adapter[method] = async (path, ...rest) => {
    if (when(path) && ++seen === nth) throw new Error('the app was killed');
    return real(path, ...rest);
  };
}

async function startsWith(): Promise<Uint8Array> {
  const { read } = await v.restart();
  return joined(read);
}

test('before the crash: B is in the pieces only, wiki.db still holds A', async () => {
  expect(same(await v.wikiDb(), A)).toBe(true);
  expect(same(await startsWith(), B)).toBe(true);
});

test('killed between two pieces of a deferred write: the last manifest and all its pieces (B) are used', async () => {
  const D = edited(edited(C, 0, PIECE_BYTES), 1, PIECE_BYTES);
  killAt('writeBinary', (p) => p.startsWith(`${FOLDER}/`), 2);
  await v.deferred(D);
  expect(v.notes).toEqual([expect.stringContaining('could not save wiki/wiki.db (the app was killed)')]);
  const { read } = await v.restart();
  expect(isPieces(read)).toBe(true);
  expect(same(joined(read), B)).toBe(true);
});

test('killed after the pieces, before the manifest: B, and the next write removes the orphan piece', async () => {
  killAt('write', (p) => p.startsWith(MANIFEST));
  await v.deferred(C);
  expect(await v.folder()).toContain(pieceNames(C)[2]);
  expect(same(await startsWith(), B)).toBe(true);
  // The session that did not die writes again later (the index stayed dirty): C, with nothing left over.
  expect(v.persister.isDirty).toBe(true);
  await v.persister.writeSnapshot(() => exported(C.slice()));
  expect(await v.folder()).toEqual([...pieceNames(C), 'manifest.json'].sort());
  expect(same(await startsWith(), C)).toBe(true);
});

test('killed after the manifest, before wiki.db (an unload): the pieces hold C and are used', async () => {
  killAt('writeBinary', (p) => p.startsWith(DB + '.tmp'));
  await v.whole(C);
  expect(same(await v.wikiDb(), A)).toBe(true);
  const { read } = await v.restart();
  expect(isPieces(read)).toBe(true);
  expect(same(joined(read), C)).toBe(true);
});

test('killed between wiki.db and its record in the manifest: wiki.db (C) is read whole', async () => {
  killAt('write', (p) => p.startsWith(MANIFEST), 2);
  await v.whole(C);
  expect(same(await v.wikiDb(), C)).toBe(true);
  // The manifest on disk already names C's pieces (written before wiki.db), but not wiki.db's new size and mtime.
  expect((await v.manifest()).pieces).toEqual(pieceNames(C));
  const { read } = await v.restart();
  expect(read).toBeInstanceOf(Uint8Array);
  expect(same(joined(read), C)).toBe(true);
});

test('killed while wiki.db is renamed into place (wiki.db.bak left): the pieces (C) are used', async () => {
  killAt('rename', (p) => p.startsWith(DB + '.tmp-'));
  await v.whole(C);
  expect(await v.adapter.exists(DB)).toBe(false);
  // The backup is the wiki.db the manifest recorded (a rename keeps size and mtime): no other tool wrote it.
  const { read } = await v.restart();
  expect(isPieces(read)).toBe(true);
  expect(same(joined(read), C)).toBe(true);
});

test('wiki.db deleted (to force a rebuild): not stood in for by the pieces; its backup only when ours', async () => {
  await v.store.remove(DB);
  expect((await v.restart()).read).toBeUndefined();
  // A wiki.db.bak another tool left (not the file the manifest recorded) is read whole, not the pieces.
  await v.store.writeBytes(DB + '.bak', C);
  const { read } = await v.restart();
  expect(read).toBeInstanceOf(Uint8Array);
  expect(same(joined(read), C)).toBe(true);
});

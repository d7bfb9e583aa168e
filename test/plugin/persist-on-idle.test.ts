/** @jest-environment jsdom */
// When the plugin writes the index (issue 14 item 4): not after each save, but after a minute without changes
// (its pieces; wiki.db whole only when missing or lagging long: persist-pieces-first.test.ts), on unload and on
// "Rebuild index"; never when nothing changed. A crash before the write loses nothing: the next start reads the
// older copy back and catches up by stat. Fake timers that advance with real time, so
// the vault's and the batcher's short waits run as they do, and a minute of quiet can be skipped.
import { existsSync, statSync } from 'node:fs';
import * as nodePath from 'node:path';
import type { DataAdapter } from 'obsidian';
import { DEFAULT_PERSIST_DELAY_MS, IndexPersister } from '../../src/plugin/index-persister';
import { piecesTitles, wikiDbTitles } from './support/index-on-disk';
import { launch, quit, settle, tempVault, type Running, type TempVault } from './support/plugin-harness';

const SETTINGS = { bundleFolder: 'wiki', embeddingsEnabled: false };
const ADA = 'wiki/entities/ada-lovelace.md';

let vault: TempVault;
let wikiDb: string;
const running: Running[] = [];

beforeEach(() => {
  jest.useFakeTimers({ advanceTimers: true });
  vault = tempVault('small-vault', SETTINGS);
  wikiDb = nodePath.join(vault.dir, 'wiki', 'wiki.db');
});

afterEach(async () => {
  for (const r of running.splice(0)) await quit(r);
  jest.useRealTimers();
  vault.remove();
});

async function start(): Promise<Running> {
  const r = await launch(vault.dir);
  running.push(r);
  return r;
}

/** Renames Ada in her concept file through the vault and waits until the index has the edit. */
async function renameAda(r: Running, title: string): Promise<void> {
  const ada = r.app.vault.getFileByPath(ADA)!;
  await r.app.vault.modify(ada, (await r.app.vault.read(ada)).replace(/^title: .*$/m, `title: ${title}`));
  await settle(r);
}

/** The titles of the concepts in the wiki.db on disk. */
const titlesOnDisk = () => wikiDbTitles(wikiDb);
/** The titles in the pieces (what the next start reads while wiki.db is the file they recorded). */
const titlesInPieces = () => piecesTitles(wikiDb);
const manifestFile = () => nodePath.join(vault.dir, 'wiki', '.wiki.db.pieces', 'manifest.json');

async function passQuietly(r: Running, ms: number): Promise<void> {
  await jest.advanceTimersByTimeAsync(ms);
  await r.plugin.service.whenIdle();
}

test('a save does not write the index until a minute passes without changes', async () => {
  const r = await start();
  // The first build is not written at once either.
  expect(existsSync(wikiDb)).toBe(false);
  await passQuietly(r, 60_000);
  expect(await titlesOnDisk()).toContain('Ada Lovelace');
  expect(await titlesInPieces()).toContain('Ada Lovelace');
  const written = statSync(manifestFile()).mtimeMs;

  await renameAda(r, 'Augusta Ada King');
  expect((await r.plugin.service.query('Who was Augusta Ada King?')).result.confident).toBe(true);
  await passQuietly(r, 30_000);
  // Another save half-way restarts the quiet time.
  await renameAda(r, 'Countess of Lovelace');
  await passQuietly(r, 45_000);
  expect(statSync(manifestFile()).mtimeMs).toBe(written);
  expect(await titlesInPieces()).toContain('Ada Lovelace');

  await passQuietly(r, 20_000);
  expect(await titlesInPieces()).toContain('Countess of Lovelace');
  const rewritten = statSync(manifestFile()).mtimeMs;
  const wikiDbWritten = statSync(wikiDb).mtimeMs;
  // Nothing changed since: no write.
  await passQuietly(r, 120_000);
  await r.plugin.service.persistNow();
  expect(statSync(manifestFile()).mtimeMs).toBe(rewritten);
  expect(statSync(wikiDb).mtimeMs).toBe(wikiDbWritten);
});

test('unload writes the changes made since the last write', async () => {
  const r = await start();
  await passQuietly(r, 60_000);
  await renameAda(r, 'Augusta Ada King');
  expect(await titlesOnDisk()).toContain('Ada Lovelace');
  await quit(running.pop()!);
  expect(await titlesOnDisk()).toContain('Augusta Ada King');
});

test('"Rebuild index" writes wiki.db at once', async () => {
  const r = await start();
  expect(existsSync(wikiDb)).toBe(false);
  await r.plugin.service.rebuild();
  await r.plugin.service.whenIdle();
  expect(await titlesOnDisk()).toContain('Ada Lovelace');
});

test('moving wiki.db (its setting changed) writes it at the new place at once, not a minute later', async () => {
  const r = await start();
  await passQuietly(r, 60_000);
  expect(existsSync(wikiDb)).toBe(true);
  await r.plugin.config.commit({ wikiDbPath: '.okf/wiki.db' });
  await settle(r);
  // Quitting now (within the minute) must not cost the next start a full build.
  const moved = nodePath.join(vault.dir, '.okf', 'wiki.db');
  expect(existsSync(moved)).toBe(true);
  expect(existsSync(wikiDb)).toBe(false);
  await quit(running.pop()!);
  const next = await start();
  expect(next.plugin.service.lastOpen?.kind).toBe('loaded');
});

test('a crash before the write loses nothing: the next start reads the older wiki.db and catches up', async () => {
  const first = await start();
  await passQuietly(first, 60_000);
  await renameAda(first, 'Augusta Ada King');
  // Obsidian dies here: no unload, no write. wiki.db still has the old title.
  expect(await titlesOnDisk()).toContain('Ada Lovelace');
  expect(await titlesOnDisk()).not.toContain('Augusta Ada King');

  const next = await start();
  expect(next.plugin.service.lastOpen).toEqual({
    kind: 'loaded',
    sync: { updated: ['/entities/ada-lovelace.md'], removed: [] },
  });
  const answer = await next.plugin.service.query('Who was Augusta Ada King?');
  expect(answer.result.seeds.map((s) => s.path)).toEqual(['/entities/ada-lovelace.md']);
});

test('changes that never stop still get written once the longest wait (10 minutes) is over', () => {
  let due = 0;
  // The adapter is never touched: `due` is where the service would queue the write.
  const persister = new IndexPersister({} as DataAdapter, 'wiki.db', {
    delayMs: DEFAULT_PERSIST_DELAY_MS,
    notify: () => undefined,
    due: () => due++,
  });
  // A change every 30 s: the quiet time alone would never end.
  for (let s = 0; s < 570; s += 30) {
    persister.markDirty();
    jest.advanceTimersByTime(30_000);
  }
  expect(due).toBe(0);
  persister.markDirty(); // 570 s after the first unwritten change
  jest.advanceTimersByTime(29_000);
  expect(due).toBe(0);
  jest.advanceTimersByTime(1_000);
  expect(due).toBe(1);
  persister.stop();
});

test('a snapshot that fails (the engine could not export) is told once, and the index stays dirty', async () => {
  const notices: string[] = [];
  // The adapter is never reached: no bytes, no write.
  const persister = new IndexPersister({} as DataAdapter, 'wiki/wiki.db', {
    delayMs: DEFAULT_PERSIST_DELAY_MS,
    notify: (m) => notices.push(m),
    due: () => undefined,
  });
  persister.markDirty();
  const failing = () => Promise.reject(new Error('Array buffer allocation failed'));
  await expect(persister.writeSnapshot(failing)).resolves.toBeUndefined();
  await expect(persister.writeSnapshot(failing)).resolves.toBeUndefined();
  expect(persister.isDirty).toBe(true);
  expect(notices).toEqual([expect.stringContaining('could not save wiki/wiki.db (Array buffer allocation failed)')]);
  persister.stop();
});

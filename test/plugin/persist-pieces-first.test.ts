/** @jest-environment jsdom */
// The pieces are the plugin's primary copy of the index while Obsidian runs (issue 14 item 4): a deferred write
// after saves writes them, not the whole wiki.db, which is written on unload, or once it has lagged behind the
// pieces for half an hour. The CLI reading the lagging wiki.db meanwhile is still right (it catches up by stat),
// and a start after a crash takes the newest copy it can trust. Fake timers that advance with real time.
import '../obsidian-double/obsidian';
import { statSync } from 'node:fs';
import * as nodePath from 'node:path';
import { WikiSession } from '../../src/core/engine/session';
import { systemClock } from '../../src/core/types';
import { FsBundle } from '../../src/node/fs-bundle';
import { fsSessionEnv } from '../../src/node/index-store';
import { WIKI_DB_LAG_MS } from '../../src/plugin/index-persister';
import { piecesTitles, wikiDbTitles } from './support/index-on-disk';
import { launch, quit, settle, tempVault, type Running, type TempVault } from './support/plugin-harness';

const ADA = 'wiki/entities/ada-lovelace.md';

let vault: TempVault;
let wikiDb: string;
const running: Running[] = [];

beforeEach(() => {
  jest.useFakeTimers({ advanceTimers: true });
  vault = tempVault('small-vault', { bundleFolder: 'wiki', embeddingsEnabled: false });
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

/** Obsidian dies: no unload, no write (its timers never fire again). */
function crash(r: Running): void {
  running.splice(running.indexOf(r), 1);
  (r.plugin.service as unknown as { persister: { stop(): void } }).persister.stop();
}

async function passQuietly(r: Running, ms: number): Promise<void> {
  await jest.advanceTimersByTimeAsync(ms);
  await r.plugin.service.whenIdle();
}

/** A running plugin whose pieces hold Ada renamed while wiki.db still holds her old name. */
async function piecesAhead(): Promise<Running> {
  const r = await start();
  await passQuietly(r, 60_000);
  const ada = r.app.vault.getFileByPath(ADA)!;
  await r.app.vault.modify(ada, (await r.app.vault.read(ada)).replace(/^title: .*$/m, 'title: Augusta Ada King'));
  await settle(r);
  await passQuietly(r, 60_000);
  expect(await piecesTitles(wikiDb)).toContain('Augusta Ada King');
  expect(await wikiDbTitles(wikiDb)).toContain('Ada Lovelace');
  return r;
}

test('the deferred write after a save leaves wiki.db; unload writes it whole, even with nothing new', async () => {
  const r = await piecesAhead();
  const lagging = statSync(wikiDb).mtimeMs;
  await passQuietly(r, 5 * 60_000);
  expect(statSync(wikiDb).mtimeMs).toBe(lagging);
  await quit(running.pop()!);
  expect(await wikiDbTitles(wikiDb)).toContain('Augusta Ada King');
  // Both copies level: the next start reads the pieces and has nothing to catch up.
  const next = await start();
  expect(next.plugin.service.lastOpen).toEqual({ kind: 'loaded', sync: { updated: [], removed: [] } });
  expect(next.app.vault.adapter.calls).not.toContain('readBinary wiki/wiki.db');
});

test('a deferred write takes from the engine only the pieces not on disk, not the whole export', async () => {
  const r = await piecesAhead();
  const engine = (r.plugin.service as unknown as { engine: { exportIndex: (...args: unknown[]) => Promise<unknown> } })
    .engine;
  const exports = jest.spyOn(engine, 'exportIndex');
  const ada = r.app.vault.getFileByPath(ADA)!;
  await r.app.vault.modify(ada, (await r.app.vault.read(ada)).replace(/^title: .*$/m, 'title: Countess Lovelace'));
  await settle(r);
  await passQuietly(r, 60_000);
  expect(await piecesTitles(wikiDb)).toContain('Countess Lovelace');
  expect(exports).toHaveBeenCalledTimes(1);
  const [have] = exports.mock.calls[0];
  expect(Array.isArray(have)).toBe(true);
  const exported = (await exports.mock.results[0].value) as { bytes?: Uint8Array; pieces: string[]; fresh: unknown[] };
  expect(exported.bytes).toBeUndefined();
  expect(exported.fresh.length).toBeGreaterThan(0);
  // Only pieces the disk lacks crossed (this small wiki.db has two, both changed by the rename).
  const fresh = exported.fresh as { index: number }[];
  expect(fresh.filter(({ index }) => (have as string[]).includes(exported.pieces[index]))).toEqual([]);
});

test('wiki.db lagging behind the pieces for half an hour is written whole without unload', async () => {
  const r = await piecesAhead();
  await passQuietly(r, WIKI_DB_LAG_MS - 3 * 60_000);
  expect(await wikiDbTitles(wikiDb)).toContain('Ada Lovelace');
  await passQuietly(r, 3 * 60_000);
  expect(await wikiDbTitles(wikiDb)).toContain('Augusta Ada King');
});

test('a crash with the pieces ahead of wiki.db: the next start reads the pieces, nothing to catch up', async () => {
  crash(await piecesAhead());
  const next = await start();
  expect(next.plugin.service.lastOpen).toEqual({ kind: 'loaded', sync: { updated: [], removed: [] } });
  expect(next.app.vault.adapter.calls).not.toContain('readBinary wiki/wiki.db');
  const answer = await next.plugin.service.query('Who was Augusta Ada King?');
  expect(answer.result.seeds.map((s) => s.path)).toEqual(['/entities/ada-lovelace.md']);
});

test('the lag counts across a crash: the next session writes wiki.db whole when the half hour is up', async () => {
  crash(await piecesAhead());
  // Obsidian stays closed for 20 minutes; the manifest remembers since when the pieces are ahead.
  await jest.advanceTimersByTimeAsync(20 * 60_000);
  const next = await start();
  const lagging = statSync(wikiDb).mtimeMs;
  await passQuietly(next, 8 * 60_000);
  expect(statSync(wikiDb).mtimeMs).toBe(lagging);
  await passQuietly(next, 3 * 60_000);
  expect(await wikiDbTitles(wikiDb)).toContain('Augusta Ada King');
});

test('the CLI reading the lagging wiki.db catches up; after its write and a crash the plugin reads it', async () => {
  const r = await piecesAhead();
  const bundle = new FsBundle(nodePath.join(vault.dir, 'wiki'));
  const cli = await WikiSession.open(fsSessionEnv(bundle, systemClock, 'okf-wiki'));
  // The older wiki.db, caught up by stat: Ada's file changed since it was written, so it is read again.
  expect(cli.opened).toEqual({ kind: 'loaded', sync: { updated: ['/entities/ada-lovelace.md'], removed: [] } });
  expect((await cli.answer('Who was Augusta Ada King?')).seeds.map((s) => s.path)).toEqual([
    '/entities/ada-lovelace.md',
  ]);
  await cli.save();
  cli.close();
  crash(r);
  const next = await start();
  // wiki.db is no longer the file the manifest recorded: read whole (the CLI's, already caught up).
  expect(next.app.vault.adapter.calls).toContain('readBinary wiki/wiki.db');
  expect(next.plugin.service.lastOpen).toEqual({ kind: 'loaded', sync: { updated: [], removed: [] } });
  const answer = await next.plugin.service.query('Who was Augusta Ada King?');
  expect(answer.result.seeds.map((s) => s.path)).toEqual(['/entities/ada-lovelace.md']);
});

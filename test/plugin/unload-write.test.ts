/** @jest-environment jsdom */
// The last write of wiki.db, at unload (Obsidian's onunload is not awaited): bounded in time, its failure or
// timeout said on the console (naming wiki.db and the problem) and in a Notice, and never a partial or abandoned
// wiki.db in place of the good one. The vault adapter (the Obsidian double over a real folder) is made to hang or
// fail the way a stalled or full drive does; everything else is the real plugin. Fake timers that advance with real
// time, so the ten seconds can be skipped.
import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';
import * as nodePath from 'node:path';
import type { DataAdapter } from 'obsidian';
import { disablePlugin, noticeMessages, waitFor } from '../obsidian-double/harness';
import { UNLOAD_WRITE_LIMIT_MS } from '../../src/plugin/unload-limit';
import { wikiDbTitles } from './support/index-on-disk';
import { launch, quit, settle, tempVault, type Running, type TempVault } from './support/plugin-harness';

const SETTINGS = { bundleFolder: 'wiki', embeddingsEnabled: false };
const ADA = 'wiki/entities/ada-lovelace.md';
/** wiki.db's temporary files (each write names its own). */
const TEMP = /^wiki\/wiki\.db\.tmp(-[0-9a-z]+)?$/;

let vault: TempVault;
let wikiDb: string;
let errors: jest.SpyInstance;

beforeEach(() => {
  jest.useFakeTimers({ advanceTimers: true });
  vault = tempVault('small-vault', SETTINGS);
  wikiDb = nodePath.join(vault.dir, 'wiki', 'wiki.db');
  errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  errors.mockRestore();
  jest.useRealTimers();
  vault.remove();
});

/** Starts the plugin on a vault whose wiki.db (written at a first unload) holds "Ada Lovelace", and renames her. */
async function editedSinceLastWrite(): Promise<Running> {
  await quit(await launch(vault.dir));
  expect(await wikiDbTitles(wikiDb)).toContain('Ada Lovelace');
  const r = await launch(vault.dir);
  const ada = r.app.vault.getFileByPath(ADA)!;
  await r.app.vault.modify(ada, (await r.app.vault.read(ada)).replace(/^title: .*$/m, 'title: Countess Lovelace'));
  await settle(r);
  return r;
}

/** Replaces the adapter's writeBinary of wiki.db's temporary file by `write` (the real one is its argument). */
function onTempWrite(
  r: Running,
  write: (real: (data: ArrayBuffer) => Promise<void>, data: ArrayBuffer, path: string) => Promise<void>,
): void {
  const adapter = r.app.vault.adapter as unknown as DataAdapter;
  const real = adapter.writeBinary.bind(adapter);
  adapter.writeBinary = (path, data, options) =>
    TEMP.test(path) ? write((d) => real(path, d, options), data, path) : real(path, data, options);
}

/** Whether `promise` has settled (after the microtasks queued so far). */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  await jest.advanceTimersByTimeAsync(0);
  return done;
}

const said = (pattern: RegExp) => errors.mock.calls.some((args) => pattern.test(args.map(String).join(' ')));

test('a write that hangs is given up after the limit: said on the console and in a Notice; wiki.db kept', async () => {
  const r = await editedSinceLastWrite();
  const good = readFileSync(wikiDb);
  let release: (() => Promise<void>) | undefined;
  onTempWrite(
    r,
    (real, data) =>
      new Promise<void>((resolve) => {
        release ??= () => {
          const done = real(data);
          resolve(done);
          return done;
        };
      }),
  );
  disablePlugin(r.plugin);
  const closedAt = Date.now();
  const closing = r.plugin.service.close();
  // The write reaches wiki.db's temporary file (its pieces and manifest written before it take real time, which the
  // fake clock follows).
  await waitFor(() => release !== undefined, 'the write of wiki.db.tmp');
  await jest.advanceTimersByTimeAsync(closedAt + UNLOAD_WRITE_LIMIT_MS - 100 - Date.now());
  expect(await settled(closing)).toBe(false);
  await jest.advanceTimersByTimeAsync(200);
  expect(await settled(closing)).toBe(true);
  expect(said(/wiki\/wiki\.db.*still running after 10 s/)).toBe(true);
  expect(noticeMessages()).toEqual([expect.stringMatching(/could not save wiki\/wiki\.db.*still running after 10 s/)]);
  // The drive wakes up: the write given up does not go on to replace wiki.db (the report said it was not written).
  await release!();
  await r.plugin.service.whenIdle();
  expect(errors.mock.calls.length).toBe(1);
  expect(readFileSync(wikiDb).equals(good)).toBe(true);
  expect(await wikiDbTitles(wikiDb)).toContain('Ada Lovelace');
  r.app.destroy();
});

test('a write that fails at unload is said, even after an earlier failure this session was', async () => {
  const r = await editedSinceLastWrite();
  onTempWrite(r, () => Promise.reject(new Error('ENOSPC: no space left on device')));
  await r.plugin.service.persistNow(true);
  expect(noticeMessages()).toEqual([expect.stringContaining('could not save wiki/wiki.db (ENOSPC')]);
  errors.mockClear();
  disablePlugin(r.plugin);
  await r.plugin.service.close();
  expect(said(/wiki\/wiki\.db.*ENOSPC/)).toBe(true);
  expect(noticeMessages()).toEqual([
    expect.stringContaining('could not save wiki/wiki.db (ENOSPC'),
    expect.stringMatching(/could not save wiki\/wiki\.db at unload \(ENOSPC/),
  ]);
  expect(await wikiDbTitles(wikiDb)).toContain('Ada Lovelace');
  r.app.destroy();
});

test('a write stopped half-way (a full drive) never replaces wiki.db: the next start reads the good one', async () => {
  const r = await editedSinceLastWrite();
  const good = readFileSync(wikiDb);
  onTempWrite(r, async (real, data) => {
    await real(data.slice(0, data.byteLength >> 1));
    throw new Error('ENOSPC: no space left on device');
  });
  disablePlugin(r.plugin);
  await r.plugin.service.close();
  expect(readFileSync(wikiDb).equals(good)).toBe(true);
  r.app.destroy();
  const again = await launch(vault.dir);
  expect(again.plugin.service.lastOpen?.kind).toBe('loaded');
  expect(again.plugin.service.index!.conceptTitles().map((c) => c.title)).toContain('Countess Lovelace');
  await quit(again);
});

test('a write given up while its file is open never lands in the next session’s wiki.db', async () => {
  // Obsidian reloads a plugin by unloading it (not awaited) and loading it again: a write given up on a stalled
  // drive may still hold its temporary file open while the next session writes wiki.db.
  const r = await editedSinceLastWrite();
  let release: (() => void) | undefined;
  onTempWrite(r, (_real, data, path) => {
    // As a stalled fs.writeFile: the file is opened (created, truncated), the bytes wait for the drive.
    const fd = openSync(nodePath.join(vault.dir, ...path.split('/')), 'w');
    release = () => {
      writeSync(fd, new Uint8Array(data));
      closeSync(fd);
    };
    return new Promise<void>(() => undefined);
  });
  disablePlugin(r.plugin);
  const closing = r.plugin.service.close();
  await waitFor(() => release !== undefined, 'the write of the temporary file');
  await jest.advanceTimersByTimeAsync(UNLOAD_WRITE_LIMIT_MS + 100);
  expect(await settled(closing)).toBe(true);
  r.app.destroy();
  // The next session renames Ada again and writes wiki.db whole at its unload.
  const next = await launch(vault.dir);
  const ada = next.app.vault.getFileByPath(ADA)!;
  await next.app.vault.modify(ada, (await next.app.vault.read(ada)).replace(/^title: .*$/m, 'title: Augusta Ada King'));
  await settle(next);
  await quit(next);
  const written = readFileSync(wikiDb);
  expect(await wikiDbTitles(wikiDb)).toContain('Augusta Ada King');
  // The drive wakes up: the given-up write finishes its bytes, into its own file only.
  release!();
  expect(readFileSync(wikiDb).equals(written)).toBe(true);
});

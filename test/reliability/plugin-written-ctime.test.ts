/** @jest-environment jsdom */
// A wiki.db the plugin wrote records no change time (ctime) for the files it read: Obsidian's stat has none (its
// `ctime` is the creation time, obsidian.d.ts). The CLI's catch-up must still never skip a changed file there: an
// edit that kept the file's mtime and size (a tool restoring mtime, `cp -p`, `rsync -t`) is read the first time the
// CLI meets the row, once, and the real ctime it then records keeps every later question cheap. The plugin is the
// real one over the Obsidian double on a real folder; the CLI runs in-process.
import '../obsidian-double/node-globals';
import { readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import { rawDatabase, WikiIndex, isLoadProblem } from '../../src/core/index/wiki-index';
import { FsBundle } from '../../src/node/fs-bundle';
import { openSession } from '../../src/node/open-session';
import { launch, quit, settle, tempVault, type TempVault } from '../plugin/support/plugin-harness';
import { cliOut } from '../support/catalog-check';

const SETTINGS = { bundleFolder: 'wiki', embeddingsEnabled: false };

let vault: TempVault;
let wiki: string;

beforeEach(async () => {
  vault = tempVault('small-vault', SETTINGS);
  wiki = nodePath.join(vault.dir, 'wiki');
  // The plugin builds the index and writes wiki.db whole at unload.
  await quit(await launch(vault.dir));
});
afterEach(() => vault.remove());

/** A bundle that counts the concept files it reads (the CLI's own FsBundle otherwise). */
class CountingBundle extends FsBundle {
  reads = 0;
  override read(path: string): Promise<string> {
    this.reads++;
    return super.read(path);
  }
  override readWithStat(path: string): ReturnType<FsBundle['readWithStat']> {
    this.reads++;
    return super.readWithStat(path);
  }
}

/** The ctime wiki.db records for each file. */
async function recordedCtimes(): Promise<(number | null)[]> {
  const loaded = await WikiIndex.load(new Uint8Array(readFileSync(nodePath.join(wiki, 'wiki.db'))));
  if (isLoadProblem(loaded)) throw new Error(loaded.reason);
  try {
    return rawDatabase(loaded)
      .all<{ ctime: number | null }>('select ctime from files order by path')
      .map((r) => r.ctime);
  } finally {
    loaded.close();
  }
}

/** Edits a file in place and sets its mtime back, keeping its size: only its ctime shows the edit. */
function editKeepingMtimeAndSize(path: string, from: string, to: string): void {
  expect(to.length).toBe(from.length);
  const before = statSync(path);
  writeFileSync(path, readFileSync(path, 'utf8').replace(from, to));
  utimesSync(path, before.atimeMs / 1000, before.mtimeMs / 1000);
  expect(statSync(path).size).toBe(before.size);
  // Times are recorded in whole milliseconds.
  expect(Math.floor(statSync(path).mtimeMs)).toBe(Math.floor(before.mtimeMs));
}

test('the CLI sees an edit that kept mtime and size in a file the plugin recorded', async () => {
  expect((await recordedCtimes()).every((c) => c === null)).toBe(true);
  editKeepingMtimeAndSize(nodePath.join(wiki, 'entities', 'ada-lovelace.md'), "Menabrea's paper", "Menabrea's essay");
  const answer = await cliOut(['context', 'Menabrea essay', '--json', '--no-embed', '--bundle', wiki]);
  expect(answer).toContain("Menabrea's essay");
  expect(answer).not.toContain("Menabrea's paper");
});

test('each file the plugin recorded is read once by the CLI; its ctime then spares every later question', async () => {
  const files = (await recordedCtimes()).length;
  const first = new CountingBundle(wiki);
  const quiet = { err: () => undefined };
  const opened = await openSession(first, quiet);
  expect(opened.openChangedIndex).toBe(true);
  opened.close();
  expect(first.reads).toBe(files);
  expect((await recordedCtimes()).every((c) => c !== null)).toBe(true);

  const second = new CountingBundle(wiki);
  const again = await openSession(second, quiet);
  expect(again.openChangedIndex).toBe(false);
  again.close();
  expect(second.reads).toBe(0);
});

// Review rv-rel: the plugin, while it runs, holds a null ctime for every file it built or read, and wrote them back
// at each whole write of wiki.db (unload, Rebuild, every 30 minutes of editing): the times the CLI recorded since
// were dropped, so the next CLI question read every file again. It now keeps the ctimes of a wiki.db another shell
// wrote meanwhile, where its own row is the same file unchanged (core/index/adopt-ctimes.ts).
test('ctimes the CLI recorded survive a whole write by the plugin that ran meanwhile', async () => {
  const running = await launch(vault.dir);
  const quiet = { err: () => undefined };
  (await openSession(new CountingBundle(wiki), quiet)).close();
  expect((await recordedCtimes()).every((c) => c !== null)).toBe(true);
  // One note edited in Obsidian, then the plugin's whole write (as at unload).
  const ada = running.app.vault.getFileByPath('wiki/entities/ada-lovelace.md')!;
  await running.app.vault.modify(ada, (await running.app.vault.read(ada)) + '\nShe met Babbage in 1833.\n');
  await settle(running);
  await quit(running);
  // Only the note the plugin read again records no ctime.
  expect((await recordedCtimes()).filter((c) => c === null)).toHaveLength(1);
  const next = new CountingBundle(wiki);
  (await openSession(next, quiet)).close();
  expect(next.reads).toBe(1);
});

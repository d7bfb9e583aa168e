/** @jest-environment jsdom */
// wiki.db carries the catalog it was saved with (src/core/index/catalog-rows.ts); the plugin's start catches up
// first, so a title edited, a concept added or removed while Obsidian was closed is what the answers know (the CLI's
// and the MCP server's paths: test/cli/catalog-after-catch-up.test.ts).
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import { readSnapshot } from '../../src/core/index/snapshot';
import type { Seed } from '../../src/core/retrieval/types';
import { conceptFile } from '../support/builders';
import { launch, quit, tempVault, type Running, type TempVault } from './support/plugin-harness';

const SETTINGS = { bundleFolder: 'wiki', embeddingsEnabled: false };
const ADA = '/entities/ada-lovelace.md';
const BABBAGE = '/entities/charles-babbage.md';
const ADDED = '/entities/zephyrine-quillfeather.md';

let vault: TempVault;
let running: Running | undefined;

beforeEach(() => {
  vault = tempVault('small-vault', SETTINGS);
});
afterEach(async () => {
  if (running) await quit(running);
  running = undefined;
  vault.remove();
});

const inWiki = (path: string) => nodePath.join(vault.dir, 'wiki', path);

async function seeds(question: string): Promise<readonly Seed[]> {
  return (await running!.plugin.service.query(question)).result.seeds;
}

/** Runs the plugin until wiki.db is written, then quits; `edit` changes the notes while Obsidian is closed. */
async function restartAfter(edit: () => void): Promise<void> {
  if (running) await quit(running);
  edit();
  running = await launch(vault.dir);
  expect(running.plugin.service.lastOpen?.kind).toBe('loaded');
}

test('a title edited while Obsidian was closed is the one the answers know', async () => {
  running = await launch(vault.dir);
  await restartAfter(() => undefined);
  expect(readSnapshot(new Uint8Array(readFileSync(inWiki('wiki.db')))).section?.byteLength).toBeGreaterThan(0);
  expect((await seeds('Who was Ada Lovelace?'))[0]).toMatchObject({ path: ADA, title: 'Ada Lovelace' });

  await restartAfter(() => {
    const text = readFileSync(inWiki(ADA), 'utf8');
    writeFileSync(inWiki(ADA), text.replace('title: Ada Lovelace', 'title: Augusta Byron King'));
  });
  expect((await seeds('Who was Augusta Byron King?'))[0]).toMatchObject({
    path: ADA,
    title: 'Augusta Byron King',
    signals: { title: 0 },
  });

  await restartAfter(() => {
    writeFileSync(inWiki(ADDED), conceptFile({ type: 'Person', title: 'Zephyrine Quillfeather' }, 'A tabulator.\n'));
    rmSync(inWiki(BABBAGE));
  });
  expect((await seeds('Who was Zephyrine Quillfeather?'))[0]).toMatchObject({
    path: ADDED,
    title: 'Zephyrine Quillfeather',
    signals: { title: 0 },
  });
  expect((await seeds('Who was Charles Babbage?')).map((s) => s.path)).not.toContain(BABBAGE);
  expect((await seeds('Who was Augusta Byron King?'))[0]).toMatchObject({ path: ADA, title: 'Augusta Byron King' });
});

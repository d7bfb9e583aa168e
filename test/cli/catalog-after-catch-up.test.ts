// wiki.db carries the catalog (titles, types, trust) it was saved with, so a cold question need not rebuild it from
// SQLite (src/core/index/catalog-rows.ts). Opening catches up first: a title edited, a concept added or removed
// since the save must be what the answer knows, through the CLI's path and the MCP server's (the plugin's:
// test/plugin/catalog-after-catch-up.test.ts).
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import { run } from '../../src/cli/main';
import { readSnapshot } from '../../src/core/index/snapshot';
import type { ContextResult } from '../../src/core/retrieval/types';
import { conceptFile } from '../support/builders';
import { bufferIo } from '../support/cli-io';
import { startLiveServer } from '../support/live-server';
import { eventually } from '../support/wait-for';
import { tempBundle } from '../support/temp-dir';

const ADA = '/entities/ada-lovelace.md';
const TURING = '/entities/alan-turing.md';
const ADDED = '/entities/zephyrine-quillfeather.md';

/** Changes Ada's title only: the same concepts, so only the title tells a stale catalog from a current one. */
function retitle(dir: string): void {
  const adaFile = nodePath.join(dir, ADA);
  writeFileSync(adaFile, readFileSync(adaFile, 'utf8').replace('title: Ada Lovelace', 'title: Augusta Byron King'));
  // A minute on, so the catch-up sees the change whatever the clock's resolution.
  const later = new Date(Date.now() + 60_000);
  utimesSync(adaFile, later, later);
}

/** Adds a concept and removes Turing's. */
function addAndRemove(dir: string): void {
  writeFileSync(
    nodePath.join(dir, ADDED),
    conceptFile({ type: 'Person', title: 'Zephyrine Quillfeather' }, 'Invented the quill-driven tabulator.\n'),
  );
  rmSync(nodePath.join(dir, TURING));
}

/** The section wiki.db carries (the test is only meaningful when there is one). */
const sectionBytes = (dir: string) => readSnapshot(new Uint8Array(readFileSync(nodePath.join(dir, 'wiki.db')))).section;

type Ask = (question: string) => Promise<ContextResult>;

/** The answer knows Ada's new title. */
async function retitled(ask: Ask): Promise<void> {
  const renamed = await ask('Who was Augusta Byron King?');
  expect(renamed.seeds[0]).toMatchObject({ path: ADA, title: 'Augusta Byron King', signals: { title: 0 } });
}

/** The answers know the added concept and no longer the removed one. */
async function addedAndRemoved(ask: Ask): Promise<void> {
  const added = await ask('Who was Zephyrine Quillfeather?');
  expect(added.seeds[0]).toMatchObject({ path: ADDED, title: 'Zephyrine Quillfeather', signals: { title: 0 } });
  const removed = await ask('Who was Alan Turing?');
  expect(removed.seeds.map((s) => s.path)).not.toContain(TURING);
}

test('CLI: a cold question after edits knows the edited, added and removed titles', async () => {
  const { dir, cleanup } = tempBundle('examples/computing-history');
  try {
    expect(await run(['reindex', '--no-embed', '--bundle', dir], bufferIo())).toBe(0);
    expect(sectionBytes(dir)?.byteLength).toBeGreaterThan(0);
    // Before the edits, the loaded catalog answers with the saved title.
    const ask = async (question: string): Promise<ContextResult> => {
      const io = bufferIo();
      expect(await run(['context', question, '--json', '--no-embed', '--bundle', dir], io)).toBe(0);
      return JSON.parse(io.stdout()) as ContextResult;
    };
    expect((await ask('Who was Ada Lovelace?')).seeds[0]).toMatchObject({ path: ADA, title: 'Ada Lovelace' });
    retitle(dir);
    await retitled(ask);
    // The catch-up saved wiki.db again, with the new catalog: a question now loads it unchanged.
    expect(new TextDecoder().decode(sectionBytes(dir))).toContain('Augusta Byron King');
    await retitled(ask);
    addAndRemove(dir);
    await addedAndRemoved(ask);
    await retitled(ask);
  } finally {
    cleanup();
  }
});

test.each([true, false])(
  'MCP server (watcher %s): a title edited, added or removed is in its answers',
  async (follow) => {
    const { dir, client, cleanup } = await startLiveServer({ follow }, async (copy) => {
      expect(await run(['reindex', '--no-embed', '--bundle', copy], bufferIo())).toBe(0);
      expect(sectionBytes(copy)?.byteLength).toBeGreaterThan(0);
    });
    const ask: Ask = async (question) => {
      const result = (await client.callTool({
        name: 'context_for',
        arguments: { question, json: true },
      })) as CallToolResult;
      return JSON.parse(result.content.map((c) => (c.type === 'text' ? c.text : '')).join('')) as ContextResult;
    };
    try {
      // Opened from wiki.db with nothing to catch up: the saved catalog answers.
      expect((await ask('Who was Ada Lovelace?')).seeds[0]).toMatchObject({ path: ADA, title: 'Ada Lovelace' });
      // The watcher's batch or the catch-up by stat before the call brings each edit in.
      const passes = (check: (ask: Ask) => Promise<void>) => () =>
        check(ask).then(
          () => true,
          () => false,
        );
      retitle(dir);
      await eventually(passes(retitled), 'the new title in the answers');
      await retitled(ask);
      addAndRemove(dir);
      await eventually(passes(addedAndRemoved), 'the added and removed concepts in the answers');
      await addedAndRemoved(ask);
      await retitled(ask);
    } finally {
      await client.close();
      cleanup();
    }
  },
);

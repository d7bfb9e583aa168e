// The MCP server follows the bundle with a file watcher (issue 14 item 1): real files written, edited, renamed and
// deleted on disk reach its live index through the watcher's batches, a call with nothing changed reads no file
// and stats wiki.db alone (another program may have written it: reindex-while-serving.test.ts), batches are
// applied between calls too (wiki.db follows without a call), and without the watcher every call catches up by
// stat as before.
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { isLoadProblem, WikiIndex } from '../../src/core/index/wiki-index';
import { FsBundle } from '../../src/node/fs-bundle';
import { conceptFile } from '../support/builders';
import { eventually } from '../support/wait-for';
import { startLiveServer } from '../support/live-server';

let dir: string;
let cleanup: () => void;
let client: Client;

async function start(follow: boolean): Promise<void> {
  ({ dir, cleanup, client } = await startLiveServer({ follow }));
}

afterEach(async () => {
  jest.restoreAllMocks();
  await client.close();
  cleanup();
});

const ask = async (question: string) => {
  const result = (await client.callTool({ name: 'context_for', arguments: { question } })) as CallToolResult;
  return result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
};
const zuse = conceptFile(
  { type: 'Person', title: 'Konrad Zuse', description: 'Built the Z3.' },
  'Konrad Zuse built the Z3 computer in Berlin.\n',
);

/** Every path FsBundle stats from now on, one at a time (`stat`) or in a batch (`statMany`, a catch-up's). */
function statted(): () => string[] {
  const one = jest.spyOn(FsBundle.prototype, 'stat');
  const many = jest.spyOn(FsBundle.prototype, 'statMany');
  return () => [...one.mock.calls.map(([p]) => p), ...many.mock.calls.flatMap(([paths]) => [...paths])];
}

/** The pages an answer serves (its seeds, background and facts' subjects), from its JSON. */
const served = async (question: string) => {
  const result = (await client.callTool({
    name: 'context_for',
    arguments: { question, json: true },
  })) as CallToolResult;
  const json = JSON.parse(result.content.map((c) => (c.type === 'text' ? c.text : '')).join('')) as {
    seeds: { path: string }[];
    background: { path: string }[];
    facts: { subject: string }[];
  };
  return [...json.seeds.map((s) => s.path), ...json.background.map((b) => b.path), ...json.facts.map((f) => f.subject)];
};

test(
  'a call with nothing changed stats wiki.db and the pages it serves, and reads no file: ' +
    'the watcher keeps the index current',
  async () => {
    await start(true);
    expect(await ask('Who created Unix?')).toContain('Seeds: Unix');
    const stats = statted();
    const read = jest.spyOn(FsBundle.prototype, 'read');
    expect(await ask('Who created Unix?')).toContain('Seeds: Unix');
    expect(await ask('What did Alan Turing invent?')).toContain('Alan Turing');
    const pages = new Set([...(await served('Who created Unix?')), ...(await served('What did Alan Turing invent?'))]);
    // wiki.db is stat-ed at each call (and at a save), and the pages an answer serves (one may have just gone).
    const others = stats().filter((p) => p !== '/wiki.db');
    expect(others.filter((p) => !pages.has(p))).toEqual([]);
    expect(new Set(others).size).toBeLessThan(20);
    expect(stats()).toContain('/wiki.db');
    expect(read.mock.calls.map(([p]) => p).filter((p) => p.endsWith('.md'))).toEqual([]);
  },
);

test(
  'a concept written, edited, moved with its folder and deleted on disk ' + 'is followed by the next answers',
  async () => {
    await start(true);
    expect(await ask('Who was Konrad Zuse?')).toMatch(/^No confident match/);
    const stats = statted();

    mkdirSync(path.join(dir, 'people'));
    writeFileSync(path.join(dir, 'people', 'konrad-zuse.md'), zuse);
    await eventually(
      async () => (await ask('Who was Konrad Zuse?')).includes('Seeds: Konrad Zuse (/people/konrad-zuse.md)'),
      'the new concept',
    );
    // Only what the watcher reported was looked at (and wiki.db), not the bundle's 30-odd concept files.
    expect(new Set(stats())).toEqual(new Set(['/people/konrad-zuse.md', '/wiki.db']));

    writeFileSync(
      path.join(dir, 'people', 'konrad-zuse.md'),
      zuse.replace('title: Konrad Zuse', 'title: Konrad Ernst Otto Zuse'),
    );
    await eventually(
      async () => (await ask('Who was Konrad Ernst Otto Zuse?')).includes('Seeds: Konrad Ernst Otto Zuse'),
      'the edited title',
    );

    renameSync(path.join(dir, 'people'), path.join(dir, 'pioneers'));
    await eventually(
      async () => (await ask('Who was Konrad Ernst Otto Zuse?')).includes('(/pioneers/konrad-zuse.md)'),
      'the moved folder',
    );

    rmSync(path.join(dir, 'pioneers', 'konrad-zuse.md'));
    await eventually(
      async () => /^No confident match/.test(await ask('Who was Konrad Ernst Otto Zuse?')),
      'the deletion',
    );
    expect(await ask('Who created Unix?')).toContain('Seeds: Unix');
  },
);

test('a batch is applied between calls too: wiki.db follows an edit with no call made', async () => {
  await start(true);
  await ask('Who created Unix?');
  writeFileSync(path.join(dir, 'entities', 'konrad-zuse.md'), zuse);
  const titles = async () => {
    const loaded = await WikiIndex.load(readFileSync(path.join(dir, 'wiki.db')));
    if (isLoadProblem(loaded)) return [];
    const out = loaded.conceptTitles().map((c) => c.title);
    loaded.close();
    return out;
  };
  await eventually(async () => (await titles()).includes('Konrad Zuse'), 'wiki.db with the new concept');
});

test('without the watcher, every call catches up by a stat of every concept file (the fallback)', async () => {
  await start(false);
  await ask('Who created Unix?');
  const stats = statted();
  writeFileSync(path.join(dir, 'entities', 'konrad-zuse.md'), zuse);
  expect(await ask('Who was Konrad Zuse?')).toContain('Seeds: Konrad Zuse');
  expect(stats().length).toBeGreaterThan(30);
});

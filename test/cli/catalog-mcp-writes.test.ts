// Review of 73f62b4 through the MCP server: its own writes (supersede, relate, file_back), with the watcher on and
// off, then answers compared with a fresh reindex's; and the wiki.db the server leaves must carry a section equal
// to its concepts, so the next cold CLI question answers as the reindex does too.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { cpSync } from 'node:fs';
import { startLiveServer } from '../support/live-server';
import { cliOut as cli, sectionAgrees } from '../support/catalog-check';
import { makeTempDir, removeTempDir } from '../support/temp-dir';

const QUESTIONS = ['Who built ENIAC?', 'EDVAC', 'The quill-driven tabulator', 'Who was Ada Lovelace?'];

const seedsOf = (json: string) =>
  (JSON.parse(json) as { seeds: { path: string; title: string }[] }).seeds.map((s) => `${s.path} ${s.title}`);

async function cliSeeds(dir: string): Promise<string[][]> {
  const out: string[][] = [];
  for (const q of QUESTIONS)
    out.push(seedsOf(await cli(['context', q, '--json', '--no-embed', '--today', '2026-12-01', '--bundle', dir])));
  return out;
}

async function reindexedSeeds(dir: string): Promise<string[][]> {
  const fresh = makeTempDir('okf-catalog-fresh-');
  try {
    cpSync(dir, fresh, { recursive: true, filter: (src) => !/wiki\.db/.test(src) });
    await cli(['reindex', '--no-embed', '--bundle', fresh]);
    return await cliSeeds(fresh);
  } finally {
    removeTempDir(fresh);
  }
}

jest.setTimeout(240_000);

test.each([true, false])(
  'MCP writes (watcher %s) answer as a fresh reindex, then leave a true section',
  async (follow) => {
    const { dir, client, cleanup } = await startLiveServer({ follow }, async (copy) => {
      await cli(['reindex', '--no-embed', '--bundle', copy]);
    });
    const ask = async (question: string): Promise<string[]> => {
      const result = (await client.callTool({
        name: 'context_for',
        arguments: { question, json: true },
      })) as CallToolResult;
      return seedsOf(result.content.map((c) => (c.type === 'text' ? c.text : '')).join(''));
    };
    const call = async (name: string, args: Record<string, unknown>) => {
      const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
      expect(result.isError).toBeFalsy();
    };
    let closed = false;
    try {
      for (const q of QUESTIONS) await ask(q); // the loaded section answers first
      await call('supersede', { old: '/entities/eniac.md', new: '/entities/edvac.md', at: '1949-08-01' });
      await call('relate', {
        subject: '/entities/edvac.md',
        predicate: 'influenced_by',
        object: '/entities/eniac.md',
        inverse: 'influenced',
      });
      await call('file_back', {
        title: 'The Quill-Driven Tabulator',
        body: 'A tabulator driven by quills.\n',
        type: 'Thing',
      });
      const live: string[][] = [];
      for (const q of QUESTIONS) live.push(await ask(q));
      expect(live).toEqual(await reindexedSeeds(dir));
      await client.close();
      closed = true;
      await new Promise((r) => setTimeout(r, 200));
      await sectionAgrees(dir);
      expect(await cliSeeds(dir)).toEqual(await reindexedSeeds(dir));
    } finally {
      if (!closed) await client.close();
      cleanup();
    }
  },
);

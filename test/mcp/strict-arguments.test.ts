// QA2 F22: a tool call with an argument the tool does not take (`today`, a typo) was answered as if it were not
// there; every tool now reports it. And `json: true` beside another `format` says so instead of one winning.
import * as path from 'node:path';
import { writeFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { parseCommandLine } from '../../src/cli/args';
import { wikiServerOptions } from '../../src/cli/commands/mcp';
import { createWikiServer, WIKI_TOOLS } from '../../src/mcp/server';
import { bufferIo } from '../support/cli-io';
import { snapshotFiles, tempBundle } from '../support/temp-dir';

let dir: string;
let cleanup: () => void;
let client: Client;

beforeAll(async () => {
  ({ dir, cleanup } = tempBundle('examples/computing-history'));
  writeFileSync(path.join(dir, 'okf-wiki.json'), '{ "inverses": [["created", "created_by"]] }');
  const { flags } = parseCommandLine(['mcp', '--bundle', dir, '--no-embed', '--today', '2026-12-01']);
  const server = createWikiServer(wikiServerOptions(flags, bufferIo()));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  client = new Client({ name: 'okf-wiki-test', version: '0.0.0' });
  await client.connect(clientSide);
});

afterAll(async () => {
  await client.close();
  cleanup();
});

const call = async (name: string, args: Record<string, unknown>) => {
  try {
    const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
    const body = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
    return { isError: result.isError === true, body };
  } catch (error) {
    return { isError: true, body: (error as Error).message };
  }
};

test('every tool refuses an argument it does not take, naming it, and writes nothing', async () => {
  const valid: Record<(typeof WIKI_TOOLS)[number], Record<string, unknown>> = {
    context_for: { question: 'Who created Unix?' },
    lint: {},
    relate: { subject: 'entities/unix', predicate: 'created', object: 'entities/go', dry_run: true },
    supersede: { old: 'entities/go', new: 'entities/unix', dry_run: true },
    file_back: { title: 'Note', body: 'Text.', dry_run: true },
  };
  const before = snapshotFiles(dir);
  for (const tool of WIKI_TOOLS) {
    const { isError, body } = await call(tool, { ...valid[tool], today: '2020-01-01' });
    expect([tool, isError, body]).toEqual([tool, true, expect.stringMatching(/Unrecognized key: "today"/)]);
  }
  expect(snapshotFiles(dir)).toEqual(before);
});

test('context_for: json true beside another format is refused, before the wiki is even read', async () => {
  const both = await call('context_for', { question: 'Who created Unix?', json: true, format: 'mermaid' });
  expect(both).toEqual({ isError: true, body: expect.stringMatching(/different answers/) });
});

// The MCP server closed (stdin's end: serveStdio calls server.close) while a batch from its file watcher is being
// saved: the close waits for the save, so wiki.db keeps the batch. Before, the index was closed under the export
// and wiki.db silently kept the previous content.
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { parseCommandLine } from '../../src/cli/args';
import { wikiServerOptions } from '../../src/cli/commands/mcp';
import { isLoadProblem, WikiIndex } from '../../src/core/index/wiki-index';
import { createWikiServer } from '../../src/mcp/server';
import { FsBundle } from '../../src/node/fs-bundle';
import { WIKI_DB } from '../../src/node/paths';
import { conceptFile } from '../support/builders';
import { bufferIo } from '../support/cli-io';
import { tempBundle } from '../support/temp-dir';
import { eventually } from '../support/wait-for';

let dir: string;
let cleanup: () => void;
afterEach(() => {
  jest.restoreAllMocks();
  cleanup();
});

async function titlesInWikiDb(): Promise<string[]> {
  const loaded = await WikiIndex.load(readFileSync(path.join(dir, 'wiki.db')));
  if (isLoadProblem(loaded)) throw new Error(loaded.reason);
  const titles = loaded.conceptTitles().map((c) => c.title);
  loaded.close();
  return titles;
}

test('closing while a watched batch is being saved keeps the batch in wiki.db', async () => {
  ({ dir, cleanup } = tempBundle('examples/computing-history'));
  const io = bufferIo();
  const { flags } = parseCommandLine(['mcp', '--bundle', dir, '--no-embed', '--today', '2026-12-01']);
  const server: McpServer = createWikiServer(wikiServerOptions(flags, io));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'okf-wiki-test', version: '0.0.0' });
  await client.connect(clientSide);
  // The first call opens the live index and starts the watcher.
  await client.callTool({ name: 'context_for', arguments: { question: 'Who created Unix?' } });

  // The close starts as the batch's wiki.db write begins (the write itself runs unchanged).
  const write = FsBundle.prototype.write;
  let closed: Promise<void> | undefined;
  jest.spyOn(FsBundle.prototype, 'write').mockImplementation(function (this: FsBundle, p, data, expected) {
    if (p === WIKI_DB) closed ??= server.close();
    return write.call(this, p, data, expected);
  });
  writeFileSync(
    path.join(dir, 'entities', 'konrad-zuse.md'),
    conceptFile({ type: 'Person', title: 'Konrad Zuse', description: 'Built the Z3.' }, 'He built the Z3.\n'),
  );
  await eventually(() => closed !== undefined, 'the batch being saved');
  await closed;

  expect(io.stderr()).not.toContain('could not write');
  expect(await titlesInWikiDb()).toContain('Konrad Zuse');
});

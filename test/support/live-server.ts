// The MCP server as `okf-wiki mcp` starts it, over a copy of the demo bundle, with a client on an in-memory link:
// what the live-index tests (watcher, restamps, writes, retries) each set up.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { parseCommandLine } from '../../src/cli/args';
import { wikiServerOptions } from '../../src/cli/commands/mcp';
import { createWikiServer, type WikiServerOptions } from '../../src/mcp/server';
import { bufferIo, type BufferIo } from './cli-io';
import { tempBundle } from './temp-dir';

/** A started server and its client; `cleanup` removes the bundle copy (close the client first). */
export interface LiveServer {
  readonly dir: string;
  readonly cleanup: () => void;
  readonly client: Client;
  readonly server: McpServer;
  readonly io: BufferIo;
}

/** Starts the server on a copy of the demo bundle; `prepare` writes into the copy before the server opens it. */
export async function startLiveServer(
  options: Partial<Pick<WikiServerOptions, 'follow' | 'retryTime'>>,
  prepare?: (dir: string) => void | Promise<void>,
): Promise<LiveServer> {
  const { dir, cleanup } = tempBundle('examples/computing-history');
  await prepare?.(dir);
  const io = bufferIo();
  const { flags } = parseCommandLine(['mcp', '--bundle', dir, '--no-embed', '--today', '2026-12-01']);
  const server = createWikiServer({ ...wikiServerOptions(flags, io), ...options });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'okf-wiki-test', version: '0.0.0' });
  await client.connect(clientSide);
  return { dir, cleanup, client, server, io };
}

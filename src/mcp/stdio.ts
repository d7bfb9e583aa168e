// Serving the MCP server over stdio until the client closes standard input (the usual way a harness stops it).
import type { Readable, Writable } from 'node:stream';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { LineTransport } from './line-transport';

/** Serves `server` on the given streams (process stdin/stdout by default); resolves once the input ends. */
export async function serveStdio(
  server: McpServer,
  stdin: Readable = process.stdin,
  stdout: Writable = process.stdout,
  log: (line: string) => void = (line) => void process.stderr.write(line),
): Promise<void> {
  const ended = new Promise<void>((resolve) => {
    stdin.once('end', resolve);
    stdin.once('close', resolve);
    server.server.onclose = resolve;
  });
  await server.connect(new LineTransport(stdin, stdout, log));
  await ended;
  await server.close();
}

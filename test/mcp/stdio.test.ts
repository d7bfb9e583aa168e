// `okf-wiki mcp` as a real process: the bundled CLI (built like `esbuild.config.mjs cli`) serves MCP on stdio and
// the SDK's own stdio client talks to it, the way an agent harness does.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { run } from '../../src/cli/main';
import { buildCli, type BuiltCli } from '../reliability/support/cli-process';
import { bufferIo } from '../support/cli-io';
import { tempBundle } from '../support/temp-dir';

const FLAGS = ['--no-embed', '--today', '2026-12-01'];

let built: BuiltCli;
let entry: string;

beforeAll(async () => {
  built = await buildCli();
  entry = built.entry;
}, 120_000);

afterAll(() => built.cleanup());

test('a stdio MCP client lists the tools, gets the CLI context text, and relates two concepts', async () => {
  const { dir, cleanup } = tempBundle('examples/computing-history');
  writeFileSync(path.join(dir, 'okf-wiki.json'), JSON.stringify({ inverses: [['worked_at', 'employed']] }));
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [entry, 'mcp', '--bundle', dir, ...FLAGS],
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const client = new Client({ name: 'okf-wiki-stdio-test', version: '0.0.0' });
  try {
    await client.connect(transport);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual([
      'context_for',
      'lint',
      'relate',
      'supersede',
      'file_back',
    ]);

    const question = 'Who created Unix?';
    const io = bufferIo();
    expect(await run(['context', question, '--bundle', dir, ...FLAGS], io)).toBe(0);
    const context = (await client.callTool({ name: 'context_for', arguments: { question } })) as CallToolResult;
    expect(context.content).toEqual([{ type: 'text', text: io.stdout() }]);

    const related = (await client.callTool({
      name: 'relate',
      arguments: {
        subject: 'entities/ken-thompson',
        predicate: 'worked_at',
        object: 'entities/lucent-bell-labs',
        date: '1996-09-30',
      },
    })) as CallToolResult;
    expect(related.isError).toBeFalsy();
    expect(readFileSync(path.join(dir, 'entities/lucent-bell-labs.md'), 'utf8')).toContain(
      '{ predicate: employed, object: /entities/ken-thompson.md, date: "1996-09-30" }',
    );
  } finally {
    await client.close();
    cleanup();
  }
  // Notes go to stderr; stdout carried only the protocol (a stray line there would have broken the client).
  expect(stderr).toContain('okf-wiki MCP server for');
}, 120_000);

/** Reads the server's stdout line by line: the next JSON-RPC message, or a failure when the process ends first. */
function lineReader(child: ReturnType<typeof spawn>): () => Promise<Record<string, unknown>> {
  let buffered = '';
  const lines: string[] = [];
  const waiting: ((line: string | undefined) => void)[] = [];
  let exited = false;
  child.stdout!.on('data', (d: Buffer) => {
    buffered += d.toString();
    for (let nl = buffered.indexOf('\n'); nl !== -1; nl = buffered.indexOf('\n')) {
      const line = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 1);
      const waiter = waiting.shift();
      if (waiter) waiter(line);
      else lines.push(line);
    }
  });
  child.on('exit', () => {
    exited = true;
    for (const waiter of waiting.splice(0)) waiter(undefined);
  });
  return async () => {
    // A server that stopped reading (the SDK transport closes on an oversized line) never answers: fail, don't hang.
    let timer: NodeJS.Timeout | undefined;
    const line =
      lines.shift() ??
      (exited
        ? undefined
        : await new Promise<string | undefined>((resolve, reject) => {
            waiting.push(resolve);
            timer = setTimeout(() => reject(new Error('no answer from the server within 30 s')), 30_000);
          }).finally(() => clearTimeout(timer)));
    if (line === undefined) throw new Error('the server exited instead of answering');
    return JSON.parse(line) as Record<string, unknown>;
  };
}

test(
  'a message over 10 MiB and malformed JSON get JSON-RPC errors, are ' +
    'logged on stderr, and the server keeps serving',
  async () => {
    const { dir, cleanup } = tempBundle('examples/computing-history');
    const child = spawn(process.execPath, [entry, 'mcp', '--bundle', dir, ...FLAGS], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const next = lineReader(child);
    const send = (text: string) => child.stdin.write(text + '\n');
    try {
      // 11 MiB in 1 MiB writes, the way a pipe delivers it: discarded as it streams, never one 11 MiB buffer.
      const mib = 'x'.repeat(1024 * 1024);
      child.stdin.write(
        '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"context_for","arguments":{"question":"',
      );
      for (let i = 0; i < 11; i++) child.stdin.write(mib);
      send('"}}}');
      const tooBig = await next();
      // Answered with the request's id, read from the line's first bytes: its client stops waiting for it.
      expect(tooBig).toMatchObject({ jsonrpc: '2.0', id: 1, error: { code: -32600 } });
      expect((tooBig.error as { message: string }).message).toMatch(
        /^message of \d+ bytes is over the 10485760-byte limit; discarded$/,
      );

      send('{"jsonrpc":"2.0","id":2,"method":');
      expect(await next()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
      send('{"id":3,"hello":true}');
      expect(await next()).toMatchObject({
        jsonrpc: '2.0',
        id: 3,
        error: { code: -32600, message: 'not a JSON-RPC 2.0 message' },
      });

      send(
        JSON.stringify({
          jsonrpc: '2.0',
          id: 4,
          method: 'initialize',
          params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '0' } },
        }),
      );
      expect(await next()).toMatchObject({ id: 4, result: { serverInfo: { name: expect.any(String) } } });
      send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
      send(JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'tools/list' }));
      expect(((await next()).result as { tools: { name: string }[] }).tools.map((t) => t.name)).toContain(
        'context_for',
      );
      expect(stderr).toMatch(
        new RegExp(
          /okf-wiki mcp: message of \d+ bytes is over the 10485760-byte limit; discarded; /.source +
            /answered with JSON-RPC error -32600\n/.source,
        ),
      );
      expect(stderr).toContain('okf-wiki mcp: not valid JSON (');
    } finally {
      child.stdin.end();
      await new Promise((resolve) => child.once('exit', resolve));
      cleanup();
    }
  },
  120_000,
);

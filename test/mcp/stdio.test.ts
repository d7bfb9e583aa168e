// `okf-wiki mcp` as a real process: the bundled CLI (built like `esbuild.config.mjs cli`) serves MCP on stdio and
// the SDK's own stdio client talks to it, the way an agent harness does.
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { run } from '../../src/cli/main';
import { buildCli, type BuiltCli } from '../reliability/support/cli-process';
import { bufferIo, tempBundle } from './temp-bundle';

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
  const transport = new StdioClientTransport({ command: process.execPath, args: [entry, 'mcp', '--bundle', dir, ...FLAGS], stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const client = new Client({ name: 'okf-wiki-stdio-test', version: '0.0.0' });
  try {
    await client.connect(transport);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['context_for', 'lint', 'relate', 'supersede', 'file_back']);

    const question = 'Who created Unix?';
    const io = bufferIo();
    expect(await run(['context', question, '--bundle', dir, ...FLAGS], io)).toBe(0);
    const context = (await client.callTool({ name: 'context_for', arguments: { question } })) as CallToolResult;
    expect(context.content).toEqual([{ type: 'text', text: io.stdout() }]);

    const related = (await client.callTool({
      name: 'relate',
      arguments: { subject: 'entities/ken-thompson', predicate: 'worked_at', object: 'entities/lucent-bell-labs', date: '1996-09-30' },
    })) as CallToolResult;
    expect(related.isError).toBeFalsy();
    expect(readFileSync(path.join(dir, 'entities/lucent-bell-labs.md'), 'utf8')).toContain('{ predicate: employed, object: /entities/ken-thompson.md, date: "1996-09-30" }');
  } finally {
    await client.close();
    cleanup();
  }
  // Notes go to stderr; stdout carried only the protocol (a stray line there would have broken the client).
  expect(stderr).toContain('okf-wiki MCP server for');
}, 120_000);

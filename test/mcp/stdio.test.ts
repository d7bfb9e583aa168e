// `okf-wiki mcp` as a real process: the bundled CLI (built like `esbuild.config.mjs cli`) serves MCP on stdio and
// the SDK's own stdio client talks to it, the way an agent harness does.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { build } from 'esbuild';
import { run } from '../../src/cli/main';
import { bufferIo, tempBundle } from './temp-bundle';

const REPO = path.resolve(__dirname, '..', '..');
const FLAGS = ['--no-embed', '--today', '2026-12-01'];

let buildDir: string;
let entry: string;

beforeAll(async () => {
  buildDir = mkdtempSync(path.join(tmpdir(), 'okf-mcp-build-'));
  const outfile = path.join(buildDir, 'cli.cjs');
  await build({
    entryPoints: [path.join(REPO, 'src', 'cli', 'main.ts')],
    outfile,
    bundle: true,
    format: 'cjs',
    target: 'es2020',
    platform: 'node',
    loader: { '.wasm': 'binary' },
    logLevel: 'error',
    external: [...builtinModules, ...builtinModules.map((m) => `node:${m}`), 'better-sqlite3'],
    plugins: [
      {
        name: 'sqlite-browser-build',
        setup(b) {
          b.onResolve({ filter: /^@sqlite\.org\/sqlite-wasm$/ }, () => ({ path: path.join(REPO, 'node_modules', '@sqlite.org', 'sqlite-wasm', 'dist', 'index.mjs') }));
        },
      },
    ],
  });
  entry = path.join(buildDir, 'okf-wiki.cjs');
  writeFileSync(entry, `require(${JSON.stringify(outfile)}).run(process.argv.slice(2)).then((code) => { process.exitCode = code; });\n`);
}, 120_000);

afterAll(() => rmSync(buildDir, { recursive: true, force: true }));

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

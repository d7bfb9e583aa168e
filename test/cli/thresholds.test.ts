// Per-bundle thresholds that every shell honours (issue 11 item 2): okf-wiki.json's `thresholds` change the
// answers of `okf-wiki context` and of the MCP server's context_for; an explicit flag still wins; every answer
// says where each threshold came from; `evaluate --sweep --apply` writes the best point after showing the diff.
import { readFileSync, writeFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { parseCommandLine } from '../../src/cli/args';
import { wikiServerOptions } from '../../src/cli/commands/mcp';
import { createWikiServer } from '../../src/mcp/server';
import { bufferIo } from '../support/cli-io';
import { tempBundle } from '../support/temp-dir';
import { runCli } from '../support/run-cli';

/** Answered by BM25 alone (no title in it), covering most but not all of its content words. */
const QUESTION = 'Which machine cracked German naval codes during the war?';
const FLAGS = ['--no-embed', '--today', '2026-11-30'];

let dir: string;
let cleanup: () => void;
beforeEach(() => ({ dir, cleanup } = tempBundle('examples/computing-history')));
afterEach(() => cleanup());

const config = () => JSON.parse(readFileSync(nodePath.join(dir, 'okf-wiki.json'), 'utf8')) as Record<string, unknown>;
const writeThresholds = (thresholds: Record<string, unknown>) =>
  writeFileSync(nodePath.join(dir, 'okf-wiki.json'), JSON.stringify({ ...config(), thresholds }, null, 2));
const context = async (...args: string[]) =>
  JSON.parse((await runCli(['context', QUESTION, '--bundle', dir, '--json', ...FLAGS, ...args], dir)).stdout);

test('the CLI: default, then okf-wiki.json, then an explicit flag above it', async () => {
  const plain = await context();
  expect(plain.confident).toBe(true);
  expect(plain.thresholds.coverage).toEqual({ value: 0.5, source: 'default' });

  writeThresholds({ coverage: 0.95 });
  const strict = await context();
  expect(strict.confident).toBe(false);
  expect(strict.thresholds.coverage).toEqual({ value: 0.95, source: 'okf-wiki.json' });

  const overridden = await context('--coverage-threshold', '0.5');
  expect(overridden.confident).toBe(true);
  expect(overridden.thresholds.coverage).toEqual({ value: 0.5, source: 'setting' });
});

test('a bad threshold in okf-wiki.json is named on stderr and the default applies', async () => {
  writeThresholds({ coverage: 7 });
  const { code, stdout, stderr } = await runCli(['context', QUESTION, '--bundle', dir, '--json', ...FLAGS], dir);
  expect(code).toBe(0);
  expect(stderr).toContain('"thresholds.coverage" should be a number from 0 to below 1');
  expect(JSON.parse(stdout).thresholds.coverage).toEqual({ value: 0.5, source: 'default' });
});

test('the MCP server answers with okf-wiki.json thresholds too', async () => {
  const ask = async () => {
    const io = bufferIo();
    const { flags } = parseCommandLine(['mcp', '--bundle', dir, ...FLAGS]);
    const server = createWikiServer(wikiServerOptions(flags, io));
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 'thresholds-test', version: '0.0.0' });
    await client.connect(clientSide);
    const result = (await client.callTool({
      name: 'context_for',
      arguments: { question: QUESTION, json: true },
    })) as CallToolResult;
    await client.close();
    return JSON.parse(result.content.map((c) => (c.type === 'text' ? c.text : '')).join(''));
  };
  expect((await ask()).confident).toBe(true);
  writeThresholds({ coverage: 0.95 });
  const strict = await ask();
  expect(strict.confident).toBe(false);
  expect(strict.thresholds.coverage).toEqual({ value: 0.95, source: 'okf-wiki.json' });
});

test('evaluate --sweep --apply shows the diff and writes the best point, keeping the other keys', async () => {
  const before = config();
  const { code, stdout } = await runCli(['evaluate', '--bundle', dir, '--sweep', '--apply', ...FLAGS], dir);
  expect(code).toBe(0);
  expect(stdout).toContain('--- a/okf-wiki.json');
  expect(stdout).toMatch(/^\+ {4}"coverage": [\d.]+,?$/m);
  const after = config();
  const best = /Best: +coverage > ([\d.]+)/.exec(stdout)![1];
  expect(after).toEqual({ ...before, thresholds: { coverage: Number(best) } });
  // Applying again changes nothing.
  const again = await runCli(['evaluate', '--bundle', dir, '--sweep', '--apply', ...FLAGS], dir);
  expect(again.stdout).toContain('okf-wiki.json already holds the best point; nothing written.');
  // And --apply without --sweep is a usage error.
  expect((await runCli(['evaluate', '--bundle', dir, '--apply', ...FLAGS], dir)).code).toBe(2);
});

test(
  'evaluate --sweep --sections sweeps the tuning split only; an unknown ' +
    'section or --sections without --sweep is refused',
  async () => {
    const tuned = await runCli(
      ['evaluate', '--bundle', dir, '--sweep', '--sections', 'far-out-of-bundle', ...FLAGS],
      dir,
    );
    expect(tuned.code).toBe(0);
    expect(tuned.stdout).toContain('Tuning split: section far-out-of-bundle (12 of 146 questions)');
    const unknown = await runCli(['evaluate', '--bundle', dir, '--sweep', '--sections', 'core,nope', ...FLAGS], dir);
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toContain('no section named "nope" in the set');
    expect((await runCli(['evaluate', '--bundle', dir, '--sections', 'core', ...FLAGS], dir)).code).toBe(2);
  },
);

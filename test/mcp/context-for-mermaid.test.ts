// context_for's `format: "mermaid"` (issue 16): the same flowchart as `okf-wiki context --format mermaid`.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { parseCommandLine } from '../../src/cli/args';
import { wikiServerOptions } from '../../src/cli/commands/mcp';
import { run } from '../../src/cli/main';
import { createWikiServer } from '../../src/mcp/server';
import { bufferIo } from '../support/cli-io';
import { tempBundle } from '../support/temp-dir';

const FLAGS = ['--no-embed', '--today', '2026-12-01'];

test.each(['Who ran Bell Labs before Nokia?', 'Who was President of the Galactic Senate?'])(
  'format mermaid for %j equals the CLI output',
  async (question) => {
    const { dir, cleanup } = tempBundle('examples/computing-history');
    const client = new Client({ name: 'okf-wiki-test', version: '0.0.0' });
    try {
      const { flags } = parseCommandLine(['mcp', '--bundle', dir, ...FLAGS]);
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      await createWikiServer(wikiServerOptions(flags, bufferIo())).connect(serverSide);
      await client.connect(clientSide);
      const io = bufferIo();
      expect(await run(['context', question, '--bundle', dir, ...FLAGS, '--format', 'mermaid'], io)).toBe(0);
      const result = (await client.callTool({
        name: 'context_for',
        arguments: { question, format: 'mermaid' },
      })) as CallToolResult;
      const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
      expect(result.isError).toBeFalsy();
      expect(text).toBe(io.stdout());
      expect(text).toMatch(
        /^%% okf-wiki context graph for: [^\n]*\n%%[^\n]*\nflowchart LR\n|^No confident match in this wiki for: /,
      );
    } finally {
      await client.close();
      cleanup();
    }
  },
);

// The stale markers judge stale_after on the user's calendar date (the clock's today), as the CLI does: at 05:00 UTC
// on 30 June it is still 29 June west of UTC-5, and Frontier (stale_after 2025-06-30) is not stale there yet.
test('format mermaid marks staleness on the clock today, not the date of its UTC instant', async () => {
  const { dir, cleanup } = tempBundle('examples/computing-history');
  const client = new Client({ name: 'okf-wiki-test', version: '0.0.0' });
  const question = 'What is the Frontier supercomputer?';
  try {
    const { flags } = parseCommandLine(['mcp', '--bundle', dir, '--no-embed']);
    const clock = { now: () => '2025-06-30T05:00:00.000Z', today: () => '2025-06-29' };
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await createWikiServer({ ...wikiServerOptions(flags, bufferIo()), clock }).connect(serverSide);
    await client.connect(clientSide);
    const [local, utc] = [bufferIo(), bufferIo()];
    const args = ['context', question, '--bundle', dir, '--no-embed', '--format', 'mermaid', '--today'];
    expect(await run([...args, '2025-06-29'], local)).toBe(0);
    expect(await run([...args, '2025-06-30'], utc)).toBe(0);
    expect(local.stdout()).not.toBe(utc.stdout());
    const result = (await client.callTool({
      name: 'context_for',
      arguments: { question, format: 'mermaid' },
    })) as CallToolResult;
    expect(result.content.map((c) => (c.type === 'text' ? c.text : '')).join('')).toBe(local.stdout());
  } finally {
    await client.close();
    cleanup();
  }
});

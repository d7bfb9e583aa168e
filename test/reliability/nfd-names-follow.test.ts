// The MCP server's file watcher reports a file by its stored name; a name stored decomposed (NFD) must reach the
// live index under the composed path the listing shows (as Obsidian shows it), or an edit indexes the file a
// second time under another path, and its removal leaves the first behind.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { conceptFile } from '../support/builders';
import { eventually } from '../support/wait-for';
import { startLiveServer } from '../support/live-server';

let dir: string;
let cleanup: () => void;
let client: Client;

afterEach(async () => {
  await client.close();
  cleanup();
});

const ask = async (question: string) => {
  const result = (await client.callTool({ name: 'context_for', arguments: { question } })) as CallToolResult;
  return result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
};
const zuse = (title: string) =>
  conceptFile({ type: 'Person', title, description: 'Built the Z3.' }, `${title} built the Z3 computer in Berlin.\n`);

test('a concept stored under decomposed names is followed under its composed path, once', async () => {
  ({ dir, cleanup, client } = await startLiveServer({ follow: true }));
  const folder = path.join(dir, 'e\u0301quipe');
  mkdirSync(folder);
  const file = path.join(folder, 'zu\u0308se.md');
  const shown = '/\u00e9quipe/z\u00fcse.md';
  writeFileSync(file, zuse('Konrad Zuse'));
  await eventually(async () => (await ask('Who was Konrad Zuse?')).includes(`(${shown})`), 'the new concept');

  writeFileSync(file, zuse('Konrad Ernst Zuse'));
  await eventually(async () => (await ask('Who was Konrad Ernst Zuse?')).includes('Seeds: Konrad Ernst Zuse'), 'edit');
  const answer = await ask('Who was Konrad Ernst Zuse?');
  expect(answer).toContain(`(${shown})`);
  expect(answer.normalize('NFC').split(shown).length - 1).toBe(answer.split(shown).length - 1);

  rmSync(file);
  await eventually(async () => (await ask('Who was Konrad Zuse?')).startsWith('No confident match'), 'removal');
});

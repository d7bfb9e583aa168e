// A page deleted or moved right before a call is never served by it (review qa3 Q10): the watcher reports a deletion
// only ~100 ms later (chokidar waits that long to tell an editor's atomic save from a delete), so the server checks
// the pages an answer serves and asks again without the ones gone.
import { renameSync, rmSync } from 'node:fs';
import * as path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { startLiveServer } from '../support/live-server';

let dir: string;
let cleanup: () => void;
let client: Client;

beforeEach(async () => {
  ({ dir, cleanup, client } = await startLiveServer({ follow: true }));
});

afterEach(async () => {
  await client.close();
  cleanup();
});

const ask = async (question: string) => {
  const result = (await client.callTool({ name: 'context_for', arguments: { question } })) as CallToolResult;
  return result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
};

test('a seed page deleted just before the call is not answered from, nor are a deleted neighbour facts', async () => {
  expect(await ask('What is Go?')).toContain('Seeds: Go (/entities/go.md)');
  const unix = await ask('Who created Unix?');
  expect(unix).toContain('Ken Thompson');
  rmSync(path.join(dir, 'entities', 'go.md'));
  rmSync(path.join(dir, 'entities', 'ken-thompson.md'));
  // Asked at once: no wait for the watcher.
  const go = await ask('What is Go?');
  expect(go).not.toContain('(/entities/go.md)');
  expect(go).not.toContain('often called Golang');
  const again = await ask('Who created Unix?');
  expect(again).toContain('Seeds: Unix');
  expect(again).not.toMatch(/^- Ken Thompson /m);
});

test('a page moved just before the call is not served under its old path', async () => {
  expect(await ask('What is Go?')).toContain('(/entities/go.md)');
  renameSync(path.join(dir, 'entities', 'go.md'), path.join(dir, 'entities', 'golang.md'));
  expect(await ask('What is Go?')).not.toContain('(/entities/go.md)');
});

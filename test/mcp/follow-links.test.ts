// The MCP server's watcher does not follow linked folders: the bundle's reader does not list them (a link into the
// bundle is an alias of files indexed under their own path; one leading out is outside the bundle), so a watcher
// walking them indexed every concept of an inside link twice and walked whatever an outside link led to (a link to
// /usr/lib: the watcher was not ready after 120 s, the server did not answer).
import fs from 'node:fs';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { conceptFile } from '../support/builders';
import { startLiveServer } from '../support/live-server';
import { makeTempDir, removeTempDir, writeTree } from '../support/temp-dir';
import { eventually } from '../support/wait-for';

let client: Client;
let cleanup: () => void;
let outside: string;
afterEach(async () => {
  jest.restoreAllMocks();
  await client.close();
  cleanup();
  removeTempDir(outside);
});

const ask = async (question: string) => {
  const result = (await client.callTool({ name: 'context_for', arguments: { question } })) as CallToolResult;
  return result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
};

test('a linked folder is not watched: no concept twice by an inside link, none walked by an outside one', async () => {
  outside = makeTempDir('okf-outside-');
  writeTree(outside, { '/deep/er/carl.md': conceptFile({ type: 'Person', title: 'Carl Outsider' }, 'Carl.\n') });
  const watched = jest.spyOn(fs, 'watch');
  let dir = '';
  ({ dir, cleanup, client } = await startLiveServer({ follow: true }, (d) => {
    dir = d;
    fs.symlinkSync('entities', path.join(d, 'alias'));
    fs.symlinkSync(outside, path.join(d, 'out'));
  }));
  expect(await ask('Who created Unix?')).toContain('Seeds: Unix');

  fs.writeFileSync(
    path.join(dir, 'entities', 'konrad-zuse.md'),
    conceptFile({ type: 'Person', title: 'Konrad Zuse' }, 'Konrad Zuse built the Z3 computer in Berlin.\n'),
  );
  fs.writeFileSync(
    path.join(outside, 'deep', 'er', 'carl.md'),
    conceptFile({ type: 'Person', title: 'Carl Outsider' }),
  );
  await eventually(
    async () => (await ask('Who was Konrad Zuse?')).includes('(/entities/konrad-zuse.md)'),
    'the new concept',
  );
  const through = (p: fs.PathLike) =>
    [path.join(dir, 'alias'), path.join(dir, 'out'), outside].some((l) => String(p).startsWith(l));
  expect(watched.mock.calls.map(([p]) => String(p)).filter(through)).toEqual([]);
  expect(await ask('Who was Konrad Zuse?')).not.toContain('/alias/');
  expect(await ask('Who was Carl Outsider?')).toMatch(/^No confident match/);
  expect(watched.mock.calls.length).toBeGreaterThan(0);
});

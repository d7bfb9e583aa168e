// The bundle folder moved or deleted while the MCP server runs (review rv-qa 2): before, questions got "No
// confident match" as if the wiki did not cover them, and the next write tool re-created the folder and wrote a
// one-page bundle there (wiki.db, log.md, index.md...) that no one was looking at. Now every tool says the folder
// is gone, nothing is written, and no layer below (a write, the write lock) creates the bundle folder again: the
// one-shot CLI, which checks the folder at its start, cannot re-create it either when it goes during a command.
import { existsSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { withBundleLock } from '../../src/node/bundle-lock';
import { FsBundle } from '../../src/node/fs-bundle';
import { startLiveServer } from '../support/live-server';

let dir: string;
let cleanup: () => void;
let client: Client | undefined;

afterEach(async () => {
  await client?.close();
  client = undefined;
  rmSync(`${dir}-moved`, { recursive: true, force: true });
  cleanup();
});

const call = async (name: string, args: Record<string, unknown>) => {
  const result = (await client!.callTool({ name, arguments: args })) as CallToolResult;
  return {
    error: result.isError === true,
    text: result.content.map((c) => (c.type === 'text' ? c.text : '')).join(''),
  };
};
const gone = () =>
  `The bundle folder ${dir} is gone (moved or deleted): nothing was read or written; restart the server`;

test.each(['moved', 'deleted'])(
  'a bundle folder %s while the server runs: every tool says so, none re-creates it',
  async (how) => {
    ({ dir, cleanup, client } = await startLiveServer({ follow: true }));
    expect((await call('context_for', { question: 'Who was Ada Lovelace?' })).text).toContain('Seeds: Ada Lovelace');
    if (how === 'moved') renameSync(dir, `${dir}-moved`);
    else rmSync(dir, { recursive: true });

    for (const [name, args] of [
      ['context_for', { question: 'Who was Ada Lovelace?' }],
      ['lint', {}],
      ['file_back', { title: 'After move', body: 'x' }],
      ['relate', { subject: 'entities/unix', predicate: 'mentions', object: 'entities/go', inverse: 'mentioned_by' }],
    ] as const) {
      const answer = await call(name, args);
      expect({ name, ...answer }).toEqual({ name, error: true, text: expect.stringContaining(gone()) });
    }
    expect(existsSync(dir)).toBe(false);
    if (how === 'moved') expect(readdirSync(path.join(`${dir}-moved`, 'concepts'))).not.toContain('after-move.md');
  },
);

test('with the folder gone, a write and the write lock refuse and never create the bundle folder', async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'okf-gone-'));
  ({ dir, cleanup } = { dir: root, cleanup: () => rmSync(root, { recursive: true, force: true }) });
  const bundle = new FsBundle(root);
  rmSync(root, { recursive: true });
  const said = `the bundle folder ${root} is gone (moved or deleted)`;
  await expect(bundle.write('/concepts/page.md', 'x')).rejects.toThrow(said);
  await expect(bundle.write('/wiki.db', new Uint8Array(4))).rejects.toThrow(said);
  await expect(withBundleLock(root, 'okf-wiki relate', async () => 'held')).rejects.toThrow(said);
  expect(existsSync(root)).toBe(false);
});

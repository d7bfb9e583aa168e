// The bundle's write lock (issue 12, point 1), in-process: a writer waits for a live holder and, past its bound,
// gives up naming the bundle and the holder without touching a file; a lock whose holder died, one from another
// host left untouched for long, or one left empty by a writer killed while creating it is taken over; a preview
// (--dry-run) takes no lock; the MCP server's write tools honour it like the CLI does.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import * as nodePath from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { parseCommandLine } from '../../src/cli/args';
import { lockPath } from '../../src/node/bundle-lock';
import { wikiServerOptions } from '../../src/cli/commands/mcp';
import { run } from '../../src/cli/main';
import { createWikiServer } from '../../src/mcp/server';
import { conceptFile } from '../support/builders';
import { makeTempDir, removeTempDir, writeTree } from '../support/temp-dir';
import { bufferIo } from '../support/cli-io';

const FILES = {
  '/entities/ada-lovelace.md': conceptFile(
    { type: 'Person', title: 'Ada Lovelace' },
    'Ada Lovelace wrote the first published algorithm.\n',
  ),
  '/entities/charles-babbage.md': conceptFile(
    { type: 'Person', title: 'Charles Babbage' },
    'Charles Babbage designed the Analytical Engine.\n',
  ),
};
const RELATE = [
  'relate',
  'entities/ada-lovelace',
  'corresponded_with',
  'entities/charles-babbage',
  '--inverse',
  'corresponded_with',
  '--no-embed',
];

let dir: string;
let savedWait: string | undefined;

beforeEach(() => {
  dir = makeTempDir('okf-lock-');
  writeTree(dir, FILES);
  savedWait = process.env.OKF_WIKI_LOCK_WAIT;
  process.env.OKF_WIKI_LOCK_WAIT = '0.4';
});
afterEach(() => {
  if (savedWait === undefined) delete process.env.OKF_WIKI_LOCK_WAIT;
  else process.env.OKF_WIKI_LOCK_WAIT = savedWait;
  removeTempDir(dir);
});

/** Puts a lock file in the bundle as another writer would have left it; `ageMs` sets its last touch in the past. */
function placeLock(owner: { pid: number; host: string } | 'empty', ageMs = 0): string {
  const file = lockPath(dir);
  mkdirSync(nodePath.dirname(file), { recursive: true });
  writeFileSync(
    file,
    owner === 'empty'
      ? ''
      : JSON.stringify({
          ...owner,
          since: '2026-11-30T10:00:00.000Z',
          command: 'okf-wiki reindex',
          token: 'someone-else',
        }),
  );
  const when = new Date(Date.now() - ageMs);
  utimesSync(file, when, when);
  return readFileSync(file, 'utf8');
}

const concept = (path: string) => readFileSync(nodePath.join(dir, path), 'utf8');

async function relate(...extra: string[]) {
  const io = bufferIo(dir);
  const code = await run([...RELATE, '--bundle', dir, ...extra], io);
  return { code, stdout: io.stdout(), stderr: io.stderr() };
}

/** A pid no process has any more: a child that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  return child.pid as number;
}

function expectUntouched(): void {
  for (const [path, text] of Object.entries(FILES)) expect(concept(path)).toBe(text);
  expect(existsSync(nodePath.join(dir, 'log.md'))).toBe(false);
}

test(
  'a lock held by a live writer: the command waits, then gives up naming ' +
    'the bundle, the holder and the lock, and writes nothing',
  async () => {
    const before = placeLock({ pid: process.pid, host: hostname() });
    const { code, stderr } = await relate();
    expect(code).toBe(2);
    expect(stderr).toContain(
      `the bundle ${dir} is being written by okf-wiki reindex (pid ${process.pid} on ${hostname()}`,
    );
    expect(stderr).toContain('gave up after waiting 0.4 s');
    expect(stderr).toContain(`delete ${lockPath(dir)}`);
    expect(stderr).toMatch(/waiting for it to finish/);
    expectUntouched();
    expect(readFileSync(lockPath(dir), 'utf8')).toBe(before);
  },
);

test.each([
  ['reindex', ['reindex', '--no-embed']],
  ['timeline', ['timeline']],
  ['keywords', ['keywords']],
  ['file-back', ['file-back', '--title', 'Notes', '--body-file', 'body.txt']],
  ['vocabulary', ['vocabulary']],
])('%s honours the lock too', async (_name, args) => {
  placeLock({ pid: process.pid, host: hostname() });
  writeFileSync(nodePath.join(dir, 'body.txt'), 'A note.\n');
  const io = bufferIo(dir);
  expect(await run([...args, '--bundle', dir], io)).toBe(2);
  expect(io.stderr()).toContain(`the bundle ${dir} is being written by okf-wiki reindex`);
  expectUntouched();
});

test('a preview (--dry-run) takes no lock: it works while another writer holds it', async () => {
  placeLock({ pid: process.pid, host: hostname() });
  const { code, stdout } = await relate('--dry-run');
  expect(code).toBe(0);
  expect(stdout).toContain('+  - { predicate: corresponded_with, object: /entities/charles-babbage.md }');
  expectUntouched();
});

test.each([
  ['its writer died (same host, pid gone)', () => placeLock({ pid: deadPid(), host: hostname() })],
  [
    'it comes from another host and was not touched for 11 minutes',
    () => placeLock({ pid: process.pid, host: 'elsewhere.invalid' }, 11 * 60_000),
  ],
  ['it was left empty by a writer killed while creating it', () => placeLock('empty', 20_000)],
])('a lock is taken over when %s; the command succeeds and leaves no lock', async (_when, place) => {
  place();
  const { code, stderr } = await relate();
  expect(stderr).not.toMatch(/being written by/);
  expect(code).toBe(0);
  expect(concept('/entities/ada-lovelace.md')).toContain('corresponded_with');
  expect(concept('/entities/charles-babbage.md')).toContain('corresponded_with');
  expect(existsSync(lockPath(dir))).toBe(false);
});

test.each([
  [
    'a lock from another host touched a minute ago',
    () => placeLock({ pid: process.pid, host: 'elsewhere.invalid' }, 60_000),
  ],
  ['an empty lock file just created', () => placeLock('empty')],
])('%s is respected (not taken over)', async (_what, place) => {
  place();
  expect((await relate()).code).toBe(2);
  expectUntouched();
});

test(
  'a bundle folder where the lock cannot be created: the command fails ' + 'naming the lock file, and writes nothing',
  async () => {
    writeFileSync(nodePath.join(dir, '.okf-wiki'), 'a file where the folder should be');
    const { code, stderr } = await relate();
    expect(code).toBe(2);
    expect(stderr).toContain(`cannot create the write lock ${lockPath(dir)}`);
    expectUntouched();
  },
);

test('a finished command leaves no lock and no pending record in .okf-wiki/', async () => {
  expect((await relate()).code).toBe(0);
  expect(readdirSync(nodePath.join(dir, '.okf-wiki'))).toEqual(['pending']);
  expect(readdirSync(nodePath.join(dir, '.okf-wiki', 'pending'))).toEqual([]);
});

test(
  'the MCP server writes under the same lock: a relate call refuses ' + 'while a CLI writer holds it, then succeeds',
  async () => {
    const { flags } = parseCommandLine(['mcp', '--bundle', dir, '--no-embed']);
    const server = createWikiServer(wikiServerOptions(flags, bufferIo(dir)));
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 'okf-wiki-test', version: '0.0.0' });
    await client.connect(clientSide);
    try {
      const call = async () =>
        (await client.callTool({
          name: 'relate',
          arguments: {
            subject: 'entities/ada-lovelace',
            predicate: 'corresponded_with',
            object: 'entities/charles-babbage',
            inverse: 'corresponded_with',
          },
        })) as CallToolResult;
      placeLock({ pid: process.pid, host: hostname() });
      const refused = await call();
      expect(refused.isError).toBe(true);
      expect(JSON.stringify(refused.content)).toContain(`the bundle ${dir} is being written by okf-wiki reindex`);
      expectUntouched();
      writeFileSync(lockPath(dir), '');
      utimesSync(lockPath(dir), new Date(0), new Date(0));
      const done = await call();
      expect(done.isError).toBeFalsy();
      expect(concept('/entities/charles-babbage.md')).toContain('corresponded_with');
    } finally {
      await client.close();
    }
  },
);

import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { parseCommandLine } from '../../src/cli/args';
import { wikiServerOptions } from '../../src/cli/commands/mcp';
import { run } from '../../src/cli/main';
import { FsBundle } from '../../src/node/fs-bundle';
import { openIndex } from '../../src/core/index/open';
import { lintBundle } from '../../src/core/lint/run-lint';
import { createWikiServer, WIKI_TOOLS } from '../../src/mcp/server';
import { bufferIo } from '../support/cli-io';
import { snapshotFiles, tempBundle } from '../support/temp-dir';
import { isLoadProblem, rawDatabase, WikiIndex } from '../../src/core/index/wiki-index';
import { eventually } from '../support/wait-for';

const FLAGS = ['--no-embed', '--today', '2026-12-01'];
const INVERSES = {
  inverses: [
    ['created', 'created_by'],
    ['worked_at', 'employed'],
    ['collaborated_with', 'collaborated_with'],
  ],
};

let dir: string;
let cleanup: () => void;
let client: Client;
let io: ReturnType<typeof bufferIo>;

beforeEach(async () => {
  ({ dir, cleanup } = tempBundle('examples/computing-history'));
  writeFileSync(path.join(dir, 'okf-wiki.json'), JSON.stringify(INVERSES));
  io = bufferIo();
  const { flags } = parseCommandLine(['mcp', '--bundle', dir, ...FLAGS]);
  const server = createWikiServer(wikiServerOptions(flags, io));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  client = new Client({ name: 'okf-wiki-test', version: '0.0.0' });
  await client.connect(clientSide);
});

afterEach(async () => {
  await client.close();
  cleanup();
});

const call = async (name: string, args: Record<string, unknown>) =>
  (await client.callTool({ name, arguments: args })) as CallToolResult;
const textOf = (result: CallToolResult) => result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');

test('an MCP client lists the five tools, each with an input schema and a description', async () => {
  const { tools } = await client.listTools();
  expect(tools.map((t) => t.name)).toEqual([...WIKI_TOOLS]);
  for (const tool of tools) {
    expect(tool.description?.length).toBeGreaterThan(40);
    expect(tool.inputSchema.type).toBe('object');
  }
  expect(tools.find((t) => t.name === 'relate')?.inputSchema.required).toEqual(['subject', 'predicate', 'object']);
});

test.each(['Who created Unix?', 'What did Alan Turing invent?', 'Who was President of the Galactic Senate?'])(
  'context_for gives the same text as `okf-wiki context` for %j',
  async (question) => {
    const io = bufferIo();
    expect(await run(['context', question, '--bundle', dir, ...FLAGS], io)).toBe(0);
    const result = await call('context_for', { question });
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toBe(io.stdout());
    expect(textOf(result).length).toBeGreaterThan(20);
  },
);

test('context_for with json gives the structured result', async () => {
  const result = JSON.parse(textOf(await call('context_for', { question: 'Who created Unix?', json: true })));
  expect(result).toMatchObject({ question: 'Who created Unix?', confident: true, vector: { used: false } });
  expect(result.seeds.map((s: { path: string }) => s.path)).toContain('/entities/unix.md');
});

test('relate previews with dry_run, then writes both files, reindexes, and lint finds nothing asymmetric', async () => {
  const before = snapshotFiles(dir);
  const args = {
    subject: 'entities/ken-thompson',
    predicate: 'worked_at',
    object: 'entities/lucent-bell-labs',
    date: '1996-09-30',
    by: 'agent:test',
  };
  const preview = await call('relate', { ...args, dry_run: true });
  expect(textOf(preview)).toContain(
    'Would do (dry run, nothing written): Related ' +
      '/entities/ken-thompson.md worked_at /entities/lucent-bell-labs.md ' +
      '(1996-09-30)',
  );
  expect(textOf(preview)).toContain(
    '+  - { predicate: employed, object: /entities/ken-thompson.md, date: "1996-09-30" }',
  );
  expect(snapshotFiles(dir)).toEqual(before);

  const done = await call('relate', args);
  expect(done.isError).toBeFalsy();
  expect(textOf(done)).toMatch(/^Related \/entities\/ken-thompson.md worked_at/);
  const after = snapshotFiles(dir);
  const changed = [...after.keys()].filter((k) => after.get(k) !== before.get(k)).sort();
  expect(changed).toEqual(
    expect.arrayContaining(['entities/ken-thompson.md', 'entities/lucent-bell-labs.md', 'log.md']),
  );
  const log = readFileSync(path.join(dir, 'log.md'), 'utf8');
  expect(log.match(/^\* /gm)).toHaveLength(1);
  expect(log).toContain(
    '* **Related**: /entities/ken-thompson.md worked_at ' +
      '/entities/lucent-bell-labs.md (1996-09-30), and ' +
      '/entities/lucent-bell-labs.md employed /entities/ken-thompson.md (by ' +
      '`agent:test`, okf-wiki relate).',
  );

  const bundle = new FsBundle(dir);
  const { index } = await openIndex(bundle, await bundle.readBytes('/wiki.db'));
  try {
    expect(
      rawDatabase(index).all(
        "select subject_path from edges where object_path = '/entities/ken-thompson.md' and predicate = 'employed'",
      ),
    ).toContainEqual({ subject_path: '/entities/lucent-bell-labs.md' });
    const report = await lintBundle(index, bundle, { clock: { now: () => '2026-12-01' } });
    const touched = report.findings.filter(
      (f) =>
        f.check.startsWith('asymmetric') &&
        (f.path === '/entities/ken-thompson.md' || f.path === '/entities/lucent-bell-labs.md'),
    );
    expect(touched).toEqual([]);
  } finally {
    index.close();
  }
  const lint = textOf(await call('lint', {}));
  expect(lint).toMatch(/^Lint: /);
  expect(lint).not.toContain('asymmetric');
});

test('a refused relate is an error result and leaves every file byte-identical', async () => {
  const before = snapshotFiles(dir);
  const result = await call('relate', {
    subject: 'entities/rob-pike',
    predicate: 'admired',
    object: 'entities/nobody',
  });
  expect(result.isError).toBe(true);
  expect(textOf(result)).toBe('Refused (relate): object /entities/nobody.md does not exist\n');
  const noInverse = await call('relate', {
    subject: 'entities/rob-pike',
    predicate: 'admired',
    object: 'entities/unix',
  });
  expect(textOf(noInverse)).toContain('no inverse is declared for `admired`');
  expect(snapshotFiles(dir)).toEqual(before);
});

test('supersede and file_back write through MCP; a second file_back with the same title is refused', async () => {
  const superseded = await call('supersede', {
    old: 'entities/google',
    new: 'entities/go',
    at: '2026-01-01',
    dry_run: true,
  });
  expect(textOf(superseded)).toContain('+status: superseded');
  const page = {
    title: 'Unix and Go: one team, forty years',
    body: '# Synthesis\n\n[Unix](/entities/unix.md) and [Go](/entities/go.md) share authors.\n',
    by: 'agent:claude',
  };
  const filed = await call('file_back', page);
  expect(textOf(filed)).toMatch(
    /^Filed back "Unix and Go: one team, forty years" as \/concepts\/unix-and-go-one-team-forty-years.md./,
  );
  const text = readFileSync(path.join(dir, 'concepts/unix-and-go-one-team-forty-years.md'), 'utf8');
  expect(text).toContain('generated: { by: "agent:claude", at: "2026-12-01" }');
  const again = await call('file_back', page);
  expect(again.isError).toBe(true);
  expect(textOf(again)).toContain('a page already exists at /concepts/unix-and-go-one-team-forty-years.md');
});

test('two writes at once are serialized: both relations land', async () => {
  const [a, b] = await Promise.all([
    call('relate', { subject: 'entities/rob-pike', predicate: 'collaborated_with', object: 'entities/dennis-ritchie' }),
    call('relate', {
      subject: 'entities/rob-pike',
      predicate: 'collaborated_with',
      object: 'entities/john-von-neumann',
    }),
  ]);
  expect([textOf(a), textOf(b)].map((t) => t.split(' ')[0])).toEqual(['Related', 'Related']);
  const pike = readFileSync(path.join(dir, 'entities/rob-pike.md'), 'utf8');
  expect(pike).toContain('{ predicate: collaborated_with, object: /entities/dennis-ritchie.md }');
  expect(pike).toContain('{ predicate: collaborated_with, object: /entities/john-von-neumann.md }');
});

test('one live index: a file edited on disk is seen by the next call, without loading wiki.db again', async () => {
  expect(textOf(await call('context_for', { question: 'Who created Unix?' }))).toContain('Seeds: Unix');
  // wiki.db is read only when the server opens its index (or another program wrote it: reindex-while-serving.test).
  const opened = jest.spyOn(FsBundle.prototype, 'openBytes');
  const file = path.join(dir, 'entities/unix.md');
  writeFileSync(file, readFileSync(file, 'utf8').replace(/^title: .*$/m, 'title: Uniplexed Information Service'));
  // The file watcher reports the edit a moment later; the next call after that answers from it.
  await eventually(
    async () =>
      textOf(await call('context_for', { question: 'Who created the Uniplexed Information Service?' })).includes(
        'Seeds: Uniplexed Information Service (/entities/unix.md)',
      ),
    'the edit to reach the live index',
  );
  expect(textOf(await call('lint', {}))).toMatch(/^Lint: /);
  expect(opened).not.toHaveBeenCalled();
  opened.mockRestore();
  // The edit changed the index, so it was persisted again, from memory.
  const saved = await WikiIndex.load(readFileSync(path.join(dir, 'wiki.db')));
  if (isLoadProblem(saved)) throw new Error(saved.reason);
  expect(saved.conceptTitles().map((c) => c.title)).toContain('Uniplexed Information Service');
  saved.close();
});

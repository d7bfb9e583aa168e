// The CLI build's files beside its bundle. SQLite's WASM binary is read from sqlite3.wasm (build/sqlite-wasm-file.mjs)
// instead of carried as base64: a missing or damaged file fails the commands that open SQLite with one line naming it
// (exit 2), never a crash inside WebAssembly, and never touches wiki.db; a sqlite3.wasm in the bundle or the working
// folder is never read. The MCP server's libraries are in mcp-vendor.cjs (build/mcp-vendor.mjs), loaded by `mcp` only.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import { conceptFile } from '../support/builders';
import { makeTempDir, REPO_ROOT, removeTempDir, writeTree } from '../support/temp-dir';

let tmp: string;
let build: string;
let bundle: string;
beforeAll(() => {
  tmp = makeTempDir('okf-wasm-file-');
  build = nodePath.join(tmp, 'dist');
  const outfile = nodePath.join(build, 'cli.cjs');
  execFileSync(process.execPath, ['esbuild.config.mjs', 'cli', outfile], { cwd: REPO_ROOT, stdio: 'pipe' });
  bundle = nodePath.join(tmp, 'wiki');
  writeTree(bundle, {
    '/entities/ada.md': conceptFile({ type: 'Person', title: 'Ada Lovelace' }, 'Wrote the first program.'),
  });
}, 60_000);
afterAll(() => removeTempDir(tmp));

const wasm = () => nodePath.join(build, 'sqlite3.wasm');

function okfWiki(args: readonly string[], cwd = tmp, input?: string) {
  // As bin/okf-wiki.cjs loads it: through the code cache (a second run no longer compiles the whole bundle).
  const loader = JSON.stringify(nodePath.join(REPO_ROOT, 'bin', 'code-cache.cjs'));
  // It also says on stderr whether the MCP libraries were loaded: the process's require cache is the bundle's.
  const script = `require(${loader}).requireCached(${JSON.stringify(nodePath.join(build, 'cli.cjs'))}, 'default')
    .run(process.argv.slice(1)).then((code) => { process.exitCode = code;
      if (Object.keys(require.cache).some((f) => f.endsWith('mcp-vendor.cjs'))) process.stderr.write('[vendor]'); });`;
  const options = { cwd, encoding: 'utf8', timeout: 30_000, input } as const;
  const result = spawnSync(process.execPath, ['-e', script, ...args], options);
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const ask = (cwd?: string) => okfWiki(['context', 'Who was Ada Lovelace?', '--bundle', bundle, '--no-embed'], cwd);
const REBUILD = 'build the command line again (npm run build:cli)';

test('the build writes sqlite3.wasm beside the bundle, which no longer carries the bytes', () => {
  const shipped = readFileSync(nodePath.join(REPO_ROOT, 'node_modules/@sqlite.org/sqlite-wasm/dist/sqlite3.wasm'));
  expect(readFileSync(wasm()).equals(shipped)).toBe(true);
  // The bundle inlined the binary as base64 before: its first bytes (\0asm, version 1) were in it.
  expect(readFileSync(nodePath.join(build, 'cli.cjs'), 'latin1')).not.toContain(shipped.toString('base64', 0, 48));
  expect(okfWiki(['reindex', '--bundle', bundle, '--no-embed']).code).toBe(0);
  expect(ask()).toMatchObject({ code: 0, stdout: expect.stringContaining('Ada Lovelace') });
});

test('a missing sqlite3.wasm: a command opening SQLite says which file and exits 2; help still works', () => {
  const db = readFileSync(nodePath.join(bundle, 'wiki.db'));
  renameSync(wasm(), `${wasm()}.away`);
  try {
    expect(ask()).toEqual({
      code: 2,
      stdout: '',
      stderr: `okf-wiki: SQLite's engine cannot be read: ${wasm()} (ENOENT); ${REBUILD}\n`,
    });
    expect(okfWiki(['--help'])).toMatchObject({ code: 0, stderr: '' });
    expect(readFileSync(nodePath.join(bundle, 'wiki.db')).equals(db)).toBe(true);
  } finally {
    renameSync(`${wasm()}.away`, wasm());
  }
});

test('a damaged sqlite3.wasm (one byte, same size) or one from another build is refused by name, exit 2', () => {
  const good = readFileSync(wasm());
  const db = readFileSync(nodePath.join(bundle, 'wiki.db'));
  const damaged = Buffer.from(good);
  damaged[damaged.length >> 1] ^= 0x01;
  const refused = { code: 2, stdout: '', stderr: `okf-wiki: SQLite's engine is damaged or from another build: ` };
  try {
    for (const bytes of [damaged, good.subarray(0, good.length - 1)]) {
      writeFileSync(wasm(), bytes);
      const result = ask();
      expect({ ...result, stderr: result.stderr.slice(0, refused.stderr.length) }).toEqual(refused);
      expect(result.stderr).toBe(`${refused.stderr}${wasm()}; ${REBUILD}\n`);
      expect(readFileSync(nodePath.join(bundle, 'wiki.db')).equals(db)).toBe(true);
    }
  } finally {
    writeFileSync(wasm(), good);
  }
});

test('sqlite3.wasm is read from beside the bundle only: one in the wiki or the working folder is never used', () => {
  const moved = `${wasm()}.away`;
  renameSync(wasm(), moved);
  try {
    writeFileSync(nodePath.join(bundle, 'sqlite3.wasm'), readFileSync(moved));
    expect(ask(bundle)).toMatchObject({ code: 2, stderr: expect.stringContaining(`cannot be read: ${wasm()}`) });
  } finally {
    renameSync(moved, wasm());
  }
  expect(ask(bundle)).toMatchObject({ code: 0, stdout: expect.stringContaining('Ada Lovelace') });
});

const MCP_REQUESTS = [
  {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '0' } },
  },
  { jsonrpc: '2.0', method: 'notifications/initialized' },
  { jsonrpc: '2.0', id: 2, method: 'tools/list' },
];

test('the MCP libraries are not in the bundle: `context` never loads them, `mcp` does and serves its tools', () => {
  expect(readFileSync(nodePath.join(build, 'cli.cjs'), 'latin1')).not.toMatch(/McpServer=class|ZodError/);
  const asked = ask();
  expect(asked).toMatchObject({ code: 0, stdout: expect.stringContaining('Ada Lovelace') });
  expect(asked.stderr).not.toContain('[vendor]');
  const input = MCP_REQUESTS.map((r) => `${JSON.stringify(r)}\n`).join('');
  const served = okfWiki(['mcp', '--bundle', bundle, '--no-embed'], tmp, input);
  const replies = served.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { id?: number; result?: unknown });
  const tools = replies.find((r) => r.id === 2)?.result as { tools: { name: string }[] };
  expect(tools.tools.map((t) => t.name)).toEqual(['context_for', 'lint', 'relate', 'supersede', 'file_back']);
  expect(served.stderr).toContain('[vendor]');
});

test('a missing mcp-vendor.cjs: `mcp` says which file and exits 2; other commands never notice', () => {
  const vendor = nodePath.join(build, 'mcp-vendor.cjs');
  renameSync(vendor, `${vendor}.away`);
  try {
    expect(okfWiki(['mcp', '--bundle', bundle, '--no-embed'], tmp, '')).toMatchObject({
      code: 2,
      stderr: `okf-wiki: the MCP server's libraries cannot be loaded: ${vendor} is missing; ${REBUILD}\n`,
    });
    expect(ask()).toMatchObject({ code: 0, stdout: expect.stringContaining('Ada Lovelace') });
  } finally {
    renameSync(`${vendor}.away`, vendor);
  }
});

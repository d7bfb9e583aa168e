// What a plugin reviewer reads in main.js: one Worker only (the engine's, from the script main.js carries), no
// XMLHttpRequest (the engine's was synchronous), no
// fetch (the only network path is requestUrl, to the Ollama host), no OPFS/kvvfs/Worker1 code from the SQLite
// build (build/sqlite-lean.mjs leaves it out), and no engine globals left on globalThis.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as nodePath from 'node:path';

const ROOT = nodePath.join(__dirname, '..', '..');
let dir: string;
let mainJs: string;

beforeAll(() => {
  dir = mkdtempSync(nodePath.join(tmpdir(), 'okf-main-js-'));
  const out = nodePath.join(dir, 'main.js');
  execFileSync(process.execPath, ['esbuild.config.mjs', 'plugin', out], { cwd: ROOT, stdio: 'pipe', timeout: 120_000 });
  mainJs = readFileSync(out, 'utf8');
}, 150_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('main.js starts one Worker: the engine, from a Blob URL of the script it carries (issue 14 item 3)', () => {
  expect(mainJs.match(/new Worker\b/g)?.length).toBe(1);
  expect(mainJs).toMatch(/URL\.createObjectURL\(/);
  // The script's Blob, joined from the parts made a task at a time (engine-worker.ts's scriptBlob).
  expect(mainJs).toMatch(/new Blob\([\w$]+,\{type:"text\/javascript"\}\)/);
});

test.each([
  ['XMLHttpRequest', /XMLHttpRequest/],
  ['fetch(', /(?<![\w$.])fetch\(/],
  ['the Worker1 API', /Worker1|initWorker1API/],
  ['the OPFS VFSes', /installOpfs|opfs-sahpool"?\s*[:=]\s*(?:function|\()|OpfsDb/],
  ['the kvvfs VFS', /KVVfsFile|kvvfsStorage|newStorageObj/],
  ['localStorage / sessionStorage', /localStorage|sessionStorage/],
  ['the sqlite3InitModule globals', /globalThis\.sqlite3InitModule/],
])('main.js carries no %s', (_what, pattern) => {
  expect(mainJs.length).toBeGreaterThan(500_000);
  expect(mainJs.match(pattern)?.[0] ?? null).toBeNull();
});

test('main.js still carries the engine: SQLite, FTS5 and the inlined WASM', () => {
  expect(mainJs).toContain('sqlite3ApiBootstrap');
  expect(mainJs).toMatch(/fts5/);
});

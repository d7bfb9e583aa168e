/** @jest-environment jsdom */
// The engine behind its channel (issue 14 item 3): WikiService in worker mode, where the "worker" is the real
// worker-side code (serveEngine) on the far end of Node's MessageChannel — structured clone and transferred
// buffers as a Web Worker has them, nothing of the engine mocked. The vault (Obsidian double over a temporary
// folder) and the embedder (the plugin's, over requestUrl, to a fake Ollama) stay on this side and are asked
// through the channel. The Chromium tests run the same code in a real Worker started from main.js.
// The double first: it installs the globals a browser (and Obsidian) has.
import { createTestApp } from '../obsidian-double/harness';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import type { Embedder } from '../../src/core/embed/types';
import { connectEngine, ENCODED_TEXT_CHARS, serveEngine } from '../../src/plugin/engine/engine-channel';
import type { Engine, EngineHost } from '../../src/plugin/engine/engine';
import type { PortLike } from '../../src/plugin/engine/rpc';
import { createPluginEmbedder } from '../../src/plugin/plugin-embedder';
import { DEFAULT_SETTINGS, type OkfSettings } from '../../src/plugin/settings';
import { WikiService } from '../../src/plugin/wiki-service';
import { FsBundle } from '../../src/node/fs-bundle';
import { openSession } from '../../src/node/open-session';
import { NodeFsStore } from '../obsidian-double/node-fs-store';
import type { App } from '../obsidian-double/app';
import { clearNotices } from '../obsidian-double/ui';
import { FakeEmbedder, FakeOllama } from '../support/fake-ollama';
import { piecesTitles, wikiDbCtimes, wikiDbTitles } from './support/index-on-disk';
import { tempVault, type TempVault } from './support/plugin-harness';

let vault: TempVault;
let app: App;
let ollama: FakeOllama | undefined;
const services: WikiService[] = [];
const notices: string[] = [];
/** Engines started over a channel: each closes its ports when the service closes it. */
let started = 0;
/** Engines whose worker was terminated (their ports closed). */
let ended = 0;

/** Worker mode over Node's MessageChannel: the engine side served on port2, the service's end on port1. */
function channelEngine(host: EngineHost): Engine {
  started++;
  const { port1, port2 } = new MessageChannel();
  serveEngine(port2 as unknown as PortLike);
  return connectEngine(port1 as unknown as PortLike, host, () => {
    ended++;
    port1.close();
    port2.close();
  });
}

async function service(settings: Partial<OkfSettings> = {}): Promise<WikiService> {
  const all: OkfSettings = { ...DEFAULT_SETTINGS, bundleFolder: 'wiki', embeddingsEnabled: false, ...settings };
  app ??= await createTestApp(new NodeFsStore(vault.dir));
  const s = new WikiService({
    vault: app.vault as never,
    settings: () => all,
    notify: (m) => notices.push(m),
    createEmbedder: (x) => createPluginEmbedder(x),
    engine: { kind: 'worker', start: channelEngine },
  });
  services.push(s);
  await s.start();
  await s.whenIdle();
  return s;
}

beforeEach(() => {
  vault = tempVault('small-vault');
  started = 0;
  ended = 0;
  notices.length = 0;
});

afterEach(async () => {
  for (const s of services.splice(0)) await s.close();
  app?.destroy();
  (app as App | undefined) = undefined as never;
  await ollama?.close();
  ollama = undefined;
  clearNotices();
  vault.remove();
});

test('opens, answers with markers, applies a save and writes wiki.db, all through the channel', async () => {
  const s = await service();
  expect(s.state).toEqual({ kind: 'ready', concepts: 4 });
  expect(s.lastOpen?.kind).toBe('built');
  // In worker mode there is no index on this side.
  expect(s.index).toBeUndefined();
  const answer = await s.query('Who was Ada Lovelace?');
  expect(answer.result.seeds.map((x) => x.path)).toContain('/entities/ada-lovelace.md');
  expect((await s.conceptRecords()).map((c) => c.path)).toContain('/entities/charles-babbage.md');
  expect((await s.lint()).findings.length).toBeGreaterThan(0);

  // The first write: wiki.db's bytes whole come back from the engine (a transferred buffer) and are written here.
  await s.persistNow();
  const wikiDb = nodePath.join(vault.dir, 'wiki', 'wiki.db');
  expect(await wikiDbTitles(wikiDb)).toContain('Ada Lovelace');

  const ada = app.vault.getFileByPath('wiki/entities/ada-lovelace.md')!;
  await app.vault.modify(ada, (await app.vault.read(ada)).replace('title: Ada Lovelace', 'title: Augusta Ada King'));
  await s.applyChanges({ changed: ['wiki/entities/ada-lovelace.md'], removed: [] });
  const renamed = await s.query('Who was Augusta Ada King?');
  expect(renamed.result.seeds.map((x) => x.path)).toEqual(['/entities/ada-lovelace.md']);

  // A deferred write: only the pieces not on disk cross the channel (each transferred) and are written.
  await s.persistNow();
  expect(await piecesTitles(wikiDb)).toContain('Augusta Ada King');
  expect(await wikiDbTitles(wikiDb)).toContain('Ada Lovelace');
  await s.close();
  expect(await wikiDbTitles(wikiDb)).toContain('Augusta Ada King');
});

test('a second start reads wiki.db back through the channel and catches up by stat', async () => {
  const first = await service();
  await first.close();
  const babbage = app.vault.getFileByPath('wiki/entities/charles-babbage.md')!;
  await app.vault.modify(babbage, (await app.vault.read(babbage)) + '\nEdited while closed.\n');
  app.vault.adapter.calls.length = 0;
  const next = await service();
  expect(next.lastOpen).toEqual({ kind: 'loaded', sync: { updated: ['/entities/charles-babbage.md'], removed: [] } });
  expect(started).toBe(2);
  // Its pieces, each transferred (wiki.db itself is not read).
  const reads = app.vault.adapter.calls.filter((c) => c.startsWith('readBinary'));
  // As many as the file has pieces (two for this small bundle since indexes use 16 KiB pages).
  expect(reads.length).toBeGreaterThan(0);
  expect(reads.filter((c) => !/^readBinary wiki\/\.wiki\.db\.pieces\/[0-9a-f]{16}-\d+$/.test(c))).toEqual([]);
});

test('a piece that does not match its name: the engine asks again for wiki.db whole, through the channel', async () => {
  await (await service()).close();
  const folder = nodePath.join(vault.dir, 'wiki', '.wiki.db.pieces');
  const manifest = JSON.parse(readFileSync(nodePath.join(folder, 'manifest.json'), 'utf8')) as { pieces: string[] };
  const piece = nodePath.join(folder, manifest.pieces[0]);
  writeFileSync(piece, Buffer.from(readFileSync(piece).map((b, i) => (i === 100 ? b ^ 1 : b))));
  app.vault.adapter.calls.length = 0;
  const next = await service();
  expect(next.lastOpen).toEqual({ kind: 'loaded', sync: { updated: [], removed: [] } });
  expect(app.vault.adapter.calls.filter((c) => c.startsWith('readBinary')).slice(-1)).toEqual([
    'readBinary wiki/wiki.db',
  ]);
});

test('a wiki.db the CLI wrote meanwhile crosses to the engine at the whole write, which keeps its ctimes', async () => {
  await (await service()).close();
  const s = await service();
  const wiki = nodePath.join(vault.dir, 'wiki');
  (await openSession(new FsBundle(wiki), { err: () => undefined })).close();
  const wikiDb = nodePath.join(wiki, 'wiki.db');
  expect((await wikiDbCtimes(wikiDb)).every((c) => c !== null)).toBe(true);
  const ada = app.vault.getFileByPath('wiki/entities/ada-lovelace.md')!;
  await app.vault.modify(ada, (await app.vault.read(ada)) + '\nShe met Babbage in 1833.\n');
  await s.applyChanges({ changed: ['wiki/entities/ada-lovelace.md'], removed: [] });
  await s.close();
  // Only the note the plugin read again records no ctime.
  expect((await wikiDbCtimes(wikiDb)).filter((c) => c === null)).toHaveLength(1);
});

test('embeddings: the engine asks this side to embed (Ollama over requestUrl); queries use vectors', async () => {
  ollama = await FakeOllama.start();
  const s = await service({ embeddingsEnabled: true, ollamaHost: ollama.url });
  expect(s.embeddingState).toEqual({ kind: 'idle' });
  expect((await s.stats())?.embeddings).toBe(4);
  const answer = await s.query('Who was Ada Lovelace?');
  expect(answer.result.vector).toMatchObject({ used: true, model: 'nomic-embed-text' });
});

test("an embedder failure crosses the channel with its kind: Ollama's host unreachable pauses vectors", async () => {
  // Nothing listens on port 9.
  const s = await service({ embeddingsEnabled: true, ollamaHost: 'http://127.0.0.1:9' });
  expect(s.embeddingState).toMatchObject({ kind: 'failed', cause: 'unreachable' });
  expect(notices).toEqual([expect.stringMatching(/^OKF Graph Wiki: embeddings paused\./)]);
  expect((await s.query('Who was Ada Lovelace?')).result.confident).toBe(true);
});

test('an error thrown in the engine reaches the caller with its message', async () => {
  // Nothing is asked of the host before an index is open.
  const unused = new Proxy({}, { get: () => () => Promise.reject(new Error('not asked')) }) as EngineHost;
  const engine = channelEngine(unused);
  await expect(engine.lint()).rejects.toThrow('The index is still being built.');
  await expect(engine.exportIndex()).resolves.toBeUndefined();
  await engine.close();
  await expect(engine.lint()).rejects.toThrow('The engine was closed.');
});

test('a model change during an embedding pass: the pass ends with its own model, then the new one embeds', async () => {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((r) => (release = r));
  const embedders = new Map<string, FakeEmbedder>();
  /** Stands in for Ollama: model A's first call waits for the gate (the pass is in flight meanwhile). */
  const embedderFor = (model: string): Embedder => {
    const fake = embedders.get(model) ?? new FakeEmbedder(model);
    embedders.set(model, fake);
    return {
      model,
      embed: async (texts, kind) => {
        if (model === 'A' && fake.calls.length === 0) await gate;
        return fake.embed(texts, kind);
      },
    };
  };
  let settings: OkfSettings = { ...DEFAULT_SETTINGS, bundleFolder: 'wiki', embeddingModel: 'A' };
  app = await createTestApp(new NodeFsStore(vault.dir));
  const s = new WikiService({
    vault: app.vault as never,
    settings: () => settings,
    notify: (m) => notices.push(m),
    createEmbedder: (x) => embedderFor(x.embeddingModel),
    engine: { kind: 'worker', start: channelEngine },
  });
  services.push(s);
  await s.start();
  while (s.embeddingState.kind !== 'running' && embedders.get('A') === undefined)
    await new Promise((r) => setTimeout(r, 5));
  const before = settings;
  settings = { ...settings, embeddingModel: 'B' };
  await s.reconfigure(before, settings);
  release();
  await s.whenIdle();
  expect(notices).toEqual([]);
  expect(s.embeddingState).toEqual({ kind: 'idle' });
  // Model A's pass embedded the four concepts with A; the next pass embedded them with B.
  const documents = (m: string) => embedders.get(m)!.calls.filter((c) => c.kind === 'document');
  expect(
    documents('A')
      .flatMap((c) => c.texts)
      .filter((t) => !t.includes('embedding probe')),
  ).toHaveLength(4);
  expect(
    documents('B')
      .flatMap((c) => c.texts)
      .filter((t) => !t.includes('embedding probe')),
  ).toHaveLength(4);
  expect((await s.stats())?.embeddings).toBe(4);
});

test('a large text the engine writes (log.md over 256K characters) crosses encoded, and lands intact', async () => {
  const log = nodePath.join(vault.dir, 'wiki', 'log.md');
  const earlier = '# Log\n\n' + '## [2026-01-01] Note\n\nAda — Analytical Engine, é.\n\n'.repeat(6000);
  expect(earlier.length).toBeGreaterThan(ENCODED_TEXT_CHARS);
  writeFileSync(log, earlier);
  const s = await service();
  const modifyBinary = jest.spyOn(app.vault, 'modifyBinary');
  const process = jest.spyOn(app.vault, 'process');
  await s.rebuild();
  await s.whenIdle();
  expect(modifyBinary.mock.calls.map(([f]) => f.path)).toContain('wiki/log.md');
  expect(process.mock.calls.map(([f]) => f.path)).not.toContain('wiki/log.md');
  const after = readFileSync(log, 'utf8');
  expect(after.startsWith(earlier.trimEnd())).toBe(true);
  expect(after.slice(earlier.length - 2)).toMatch(/Reindex/);
});

test('rebuild, regenerate and evaluate run through the channel, their files written on this side', async () => {
  const s = await service();
  const log = nodePath.join(vault.dir, 'wiki', 'log.md');
  await s.rebuild();
  await s.whenIdle();
  expect(s.state).toEqual({ kind: 'ready', concepts: 4 });
  expect(s.lastOpen).toEqual({ kind: 'built', reason: 'rebuilt from the concept files' });
  // The rebuild's log entry and wiki.db (written at once after Rebuild) came back through the host.
  expect(readFileSync(log, 'utf8')).toMatch(/Obsidian plugin/);
  expect(existsSync(nodePath.join(vault.dir, 'wiki', 'wiki.db'))).toBe(true);

  const timeline = nodePath.join(vault.dir, 'wiki', 'timeline.md');
  // A timeline the plugin generated, gone stale: regenerated (one okf-wiki did not write is left: c9bb8c2).
  const fresh = readFileSync(timeline, 'utf8');
  writeFileSync(timeline, fresh + 'stale\n');
  const generated = await s.regenerate('timeline');
  expect(generated).toEqual([
    { path: '/timeline.md', outcome: 'updated' },
    { path: '/log.md', outcome: 'appended' },
  ]);
  expect(readFileSync(timeline, 'utf8')).toBe(fresh);

  const set = {
    version: 1,
    questions: [{ id: 'ada', question: 'Who was Ada Lovelace?', expect_seeds: ['/entities/ada-lovelace.md'] }],
  };
  writeFileSync(nodePath.join(vault.dir, 'wiki', 'evaluate.json'), JSON.stringify(set));
  // Its progress crosses the channel as notes (the command's notice follows it).
  const progress: [number, number][] = [];
  const outcome = await s.evaluate((done, total) => progress.push([done, total]));
  if (outcome.kind !== 'evaluated') throw new Error(`not evaluated: ${JSON.stringify(outcome)}`);
  expect(progress).toEqual([[1, 1]]);
  expect(outcome.report.results.map((r) => [r.id, r.passed, r.reasons])).toEqual([['ada', true, []]]);
  expect(existsSync(nodePath.join(vault.dir, 'wiki', 'evaluate.last.json'))).toBe(true);
});

test('unload during a rebuild terminates the worker at once, not waiting; the next start catches up', async () => {
  const s = await service();
  await s.persistNow();
  // The vault's reads hang (a slow disk): the rebuild in the worker waits on this side.
  const adapter = app.vault.adapter as unknown as { read(path: string): Promise<string> };
  const read = adapter.read.bind(adapter);
  let release: () => void = () => undefined;
  const gate = new Promise<void>((r) => (release = r));
  adapter.read = async (path) => {
    await gate;
    return read(path);
  };
  const rebuilding = s.rebuild();
  while (s.state.kind !== 'indexing') await new Promise((r) => setTimeout(r, 5));
  await s.close();
  expect(ended).toBe(1);
  expect(notices).toEqual([]);
  release();
  await rebuilding;
  adapter.read = read;
  const next = await service();
  expect(next.lastOpen?.kind).toBe('loaded');
  expect(started).toBe(2);
});

test('embeddings turned off during a pass: no failure, no notice, the state says disabled', async () => {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((r) => (release = r));
  const fake = new FakeEmbedder('A');
  let asked = false;
  const gated: Embedder = {
    model: 'A',
    embed: async (texts, kind) => {
      asked = true;
      await gate;
      return fake.embed(texts, kind);
    },
  };
  let settings: OkfSettings = { ...DEFAULT_SETTINGS, bundleFolder: 'wiki', embeddingModel: 'A' };
  app = await createTestApp(new NodeFsStore(vault.dir));
  const s = new WikiService({
    vault: app.vault as never,
    settings: () => settings,
    notify: (m) => notices.push(m),
    createEmbedder: () => gated,
    engine: { kind: 'worker', start: channelEngine },
  });
  services.push(s);
  await s.start();
  while (!asked) await new Promise((r) => setTimeout(r, 5));
  const before = settings;
  settings = { ...settings, embeddingsEnabled: false };
  await s.reconfigure(before, settings);
  release();
  await s.whenIdle();
  expect(notices).toEqual([]);
  expect(s.embeddingState).toEqual({ kind: 'disabled' });
});

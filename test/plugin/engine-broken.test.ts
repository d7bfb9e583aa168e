/** @jest-environment jsdom */
// A broken engine worker (review item 2): an error or messageerror event, or `new Worker` throwing, must not leave
// the plugin dead or leak the worker and its Blob URL. The Worker here is a double of the platform's (jsdom has
// none): its far end is the real worker-side code (serveEngine) over Node's MessageChannel, as in
// engine-channel.test.ts, and `crash` plays the worker dying (its side gone, an error event on this side). The
// engine itself, the vault (Obsidian double) and startEngineWorker are the real ones.
import { createTestApp } from '../obsidian-double/harness';
import { existsSync } from 'node:fs';
import * as nodePath from 'node:path';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { connectEngine, serveEngine, CLOSE_TIMEOUT_MS } from '../../src/plugin/engine/engine-channel';
import type { EngineHost } from '../../src/plugin/engine/engine';
import { startEngineWorker } from '../../src/plugin/engine/engine-worker';
import type { PortLike } from '../../src/plugin/engine/rpc';
import { DEFAULT_SETTINGS, type OkfSettings } from '../../src/plugin/settings';
import { WikiService } from '../../src/plugin/wiki-service';
import { NodeFsStore } from '../obsidian-double/node-fs-store';
import type { App } from '../obsidian-double/app';
import { clearNotices } from '../obsidian-double/ui';
import { tempVault, type TempVault } from './support/plugin-harness';

/** The platform's Worker, its script replaced by the engine's worker side served over a MessageChannel. */
class WorkerDouble {
  static created: WorkerDouble[] = [];
  /** `new Worker` throws (a platform that refuses Blob workers). */
  static refuse = false;
  /** The next worker's script fails before serving (an error event instead of answers). */
  static failAtStart: string | undefined;
  /** The worker dies of this error when asked for this method (running out of memory exporting wiki.db). */
  static crashOn: { method: string; message: string } | undefined;
  onerror: ((event: ErrorEvent) => void) | null = null;
  onmessageerror: ((event: MessageEvent) => void) | null = null;
  terminated = false;
  private readonly near: MessagePort;
  private readonly far: MessagePort;

  constructor(readonly url: string) {
    if (WorkerDouble.refuse) throw new Error('Blob workers are not allowed here');
    const { port1, port2 } = new MessageChannel();
    this.near = port1;
    this.far = port2;
    WorkerDouble.created.push(this);
    const failure = WorkerDouble.failAtStart;
    WorkerDouble.failAtStart = undefined;
    if (failure === undefined) serveEngine(port2 as unknown as PortLike);
    else setTimeout(() => this.crash(failure), 0);
  }

  set onmessage(handler: ((event: MessageEvent) => void) | null) {
    (this.near as unknown as PortLike).onmessage = handler;
  }

  postMessage(message: unknown, transfer?: Transferable[]): void {
    const crash = WorkerDouble.crashOn;
    if (crash && (message as { m?: string }).m === crash.method) {
      setTimeout(() => this.crash(crash.message), 0);
      return;
    }
    this.near.postMessage(message, transfer as never);
  }

  terminate(): void {
    this.terminated = true;
    this.near.close();
    this.far.close();
  }

  /** The worker dies of an uncaught error: its side stops answering and this side gets an error event. */
  crash(message: string): void {
    this.far.close();
    this.onerror?.({ message, error: new Error(message), preventDefault: () => undefined } as ErrorEvent);
  }

  /** A message from the worker could not be deserialized. */
  garble(): void {
    this.onmessageerror?.(new MessageEvent('messageerror'));
  }
}

let vault: TempVault;
let app: App;
const services: WikiService[] = [];
const notices: string[] = [];
const revoked: string[] = [];
let urls = 0;
let consoleError: jest.SpyInstance;

/** A service whose worker start first awaits `before` (the test's hold on a start spanning tasks). */
async function service(before?: () => Promise<void>): Promise<WikiService> {
  const settings: OkfSettings = { ...DEFAULT_SETTINGS, bundleFolder: 'wiki', embeddingsEnabled: false };
  app ??= await createTestApp(new NodeFsStore(vault.dir));
  const s = new WikiService({
    vault: app.vault as never,
    settings: () => settings,
    notify: (m) => notices.push(m),
    createEmbedder: () => {
      throw new Error('embeddings are off');
    },
    engine: {
      kind: 'worker',
      start: async (host, onBroken) => {
        await before?.();
        return startEngineWorker('/* engine */', host, onBroken);
      },
    },
  });
  services.push(s);
  return s;
}

beforeEach(() => {
  vault = tempVault('small-vault');
  notices.length = 0;
  revoked.length = 0;
  WorkerDouble.created = [];
  WorkerDouble.refuse = false;
  WorkerDouble.crashOn = undefined;
  (globalThis as { Worker?: unknown }).Worker = WorkerDouble;
  URL.createObjectURL = () => `blob:engine-${++urls}`;
  URL.revokeObjectURL = (url: string) => void revoked.push(url);
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(async () => {
  for (const s of services.splice(0)) await s.close();
  for (const w of WorkerDouble.created) if (!w.terminated) w.terminate();
  consoleError.mockRestore();
  app?.destroy();
  (app as App | undefined) = undefined as never;
  clearNotices();
  vault.remove();
});

test('a worker that dies is dropped and terminated, the state says why, and Rebuild starts a new one', async () => {
  const s = await service();
  await s.start();
  expect(s.state).toEqual({ kind: 'ready', concepts: 4 });
  const first = WorkerDouble.created[0];
  first.crash('RangeError: out of memory');
  expect(s.isOpen).toBe(false);
  expect(s.state).toMatchObject({ kind: 'failed', message: expect.stringContaining('RangeError: out of memory') });
  expect(notices).toEqual([expect.stringContaining('RangeError: out of memory')]);
  expect(consoleError).toHaveBeenCalledWith(
    expect.stringContaining('engine worker failed'),
    expect.anything(),
    expect.anything(),
  );
  await s.whenIdle();
  expect(first.terminated).toBe(true);
  expect(revoked).toEqual([first.url]);
  await expect(s.query('Who was Ada Lovelace?')).rejects.toThrow('RangeError: out of memory');

  await s.rebuild();
  expect(WorkerDouble.created).toHaveLength(2);
  expect(s.state).toEqual({ kind: 'ready', concepts: 4 });
  expect((await s.query('Who was Ada Lovelace?')).result.seeds.map((x) => x.path)).toContain(
    '/entities/ada-lovelace.md',
  );
  expect(notices).toHaveLength(1);
});

test('a worker failing at start: the open fails once, with its message; a new start recovers', async () => {
  const s = await service();
  WorkerDouble.failAtStart = 'SyntaxError: Unexpected token';
  await s.start();
  const syntax = expect.stringContaining('SyntaxError: Unexpected token');
  expect(s.state).toMatchObject({ kind: 'failed', message: syntax });
  expect(notices).toHaveLength(1);
  await s.whenIdle();
  expect(WorkerDouble.created[0].terminated).toBe(true);
  expect(revoked).toEqual([WorkerDouble.created[0].url]);
  await s.start();
  expect(s.state).toEqual({ kind: 'ready', concepts: 4 });
});

test('a message that cannot be read breaks the worker the same way', async () => {
  const s = await service();
  await s.start();
  WorkerDouble.created[0].garble();
  expect(s.state).toMatchObject({ kind: 'failed', message: expect.stringContaining('could not be read') });
  await s.whenIdle();
  expect(WorkerDouble.created[0].terminated).toBe(true);
  await s.close();
  expect(revoked).toEqual([WorkerDouble.created[0].url]);
});

test('new Worker throwing: the Blob URL is revoked and the index runs in-process, said on the console', async () => {
  WorkerDouble.refuse = true;
  const s = await service();
  await s.start();
  expect(s.state).toEqual({ kind: 'ready', concepts: 4 });
  // In-process, the index itself is on this side.
  expect(s.index?.stats().concepts).toBe(4);
  expect(revoked).toEqual([`blob:engine-${urls}`]);
  expect(consoleError).toHaveBeenCalledWith(expect.stringContaining('runs on the main thread'), expect.anything());
  expect(notices).toEqual([]);
});

test('unload while the worker is starting: it is terminated, nothing opened or written', async () => {
  // The worker's start spans tasks (its script made into a Blob a part per task); unload may come meanwhile.
  let reached!: () => void;
  let release!: () => void;
  const starting = new Promise<void>((resolve) => (reached = resolve));
  const s = await service(() => {
    reached();
    return new Promise<void>((resolve) => (release = resolve));
  });
  const started = s.start();
  await starting;
  const closing = s.close();
  release();
  await started;
  await closing;
  expect(WorkerDouble.created).toHaveLength(1);
  expect(WorkerDouble.created[0].terminated).toBe(true);
  expect(revoked).toEqual([WorkerDouble.created[0].url]);
  expect(s.lastOpen).toBeUndefined();
  expect(existsSync(nodePath.join(vault.dir, 'wiki', 'wiki.db'))).toBe(false);
  expect(notices).toEqual([]);
});

test('close() of a worker that never answers terminates it after a short wait', async () => {
  jest.useFakeTimers({ advanceTimers: true });
  try {
    const { port1, port2 } = new MessageChannel();
    let terminated = 0;
    const unused = {} as EngineHost;
    // Nothing serves port2: the worker hangs.
    const engine = connectEngine(port1 as unknown as PortLike, unused, () => {
      terminated++;
      port1.close();
      port2.close();
    });
    let closed = false;
    const closing = engine.close().then(() => (closed = true));
    await jest.advanceTimersByTimeAsync(CLOSE_TIMEOUT_MS / 2);
    expect(closed).toBe(false);
    await jest.advanceTimersByTimeAsync(CLOSE_TIMEOUT_MS);
    await closing;
    expect(terminated).toBe(1);
    await expect(engine.lint()).rejects.toThrow('The engine was closed.');
  } finally {
    jest.useRealTimers();
  }
});

test('a worker dying while it exports wiki.db: told once as a failed save, no unhandled rejection', async () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => void unhandled.push(reason);
  process.on('unhandledRejection', onUnhandled);
  try {
    const s = await service();
    await s.start();
    WorkerDouble.crashOn = { method: 'exportIndex', message: 'RangeError: Array buffer allocation failed' };
    await s.persistNow();
    await s.whenIdle();
    await new Promise((r) => setTimeout(r, 10));
    expect(unhandled).toEqual([]);
    expect(notices).toEqual([
      expect.stringContaining('The index stopped'),
      expect.stringMatching(/could not save wiki\/wiki\.db \(.*Array buffer allocation failed/),
    ]);
    // The next engine's export is written.
    WorkerDouble.crashOn = undefined;
    await s.rebuild();
    await s.whenIdle();
    expect(existsSync(nodePath.join(vault.dir, 'wiki', 'wiki.db'))).toBe(true);
  } finally {
    process.off('unhandledRejection', onUnhandled);
  }
});

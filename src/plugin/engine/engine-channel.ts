// Both ends of the engine channel: `serveEngine` runs an EngineCore where the port leads (inside the Worker, or in
// a test over Node's MessageChannel) and asks the host back through the same port; `connectEngine` is the main
// thread's Engine, forwarding each call and answering the engine's requests from the host.
import type { EmbedReport } from '../../core/embed/embed-index';
import type { EvaluationPass } from '../../core/evaluate/evaluate-set-file';
import { EmbedError } from '../../core/embed/types';
import type { EmbedKind } from '../../core/embed/types';
import { systemClock } from '../../core/types';
import type { Engine, EngineHost } from './engine';
import { EngineCore } from './engine-core';
import { Rpc, Transfer, transferBytes, type PortLike, type WireError } from './rpc';
import { isPieces, type WikiDbRead } from './wiki-db-pieces';

/** Bytes of this realm (the engine checks `instanceof Uint8Array`): the buffer reused, not copied. */
function ownBytes(bytes: Uint8Array): Uint8Array {
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Texts at least this long cross to the main thread encoded (by the worker), as UTF-8 bytes transferred. */
export const ENCODED_TEXT_CHARS = 256 * 1024;

const encoder = new TextEncoder();

/** wiki.db as it crosses to the engine: whole bytes or each piece transferred, not copied. */
function wikiDbTransfer(read: WikiDbRead): WikiDbRead | Transfer<WikiDbRead> {
  if (read instanceof Uint8Array) return transferBytes(read);
  if (!isPieces(read)) return read;
  const owned = read.pieces.every((p) => p.byteOffset === 0 && p.byteLength === p.buffer.byteLength);
  return owned ? new Transfer(read, [...new Set(read.pieces.map((p) => p.buffer as ArrayBuffer))]) : read;
}

/** The engine's methods a caller may invoke over the channel. */
const ENGINE_METHODS = [
  'open',
  'apply',
  'rebuild',
  'afterEdit',
  'answer',
  'conceptRecords',
  'lint',
  'regenerate',
  'evaluate',
  'vectorCalibration',
  'stats',
  'embedPass',
  'exportIndex',
  'close',
] as const;

/** Rebuilds an EmbedError (its `kind` says what to tell the person) from its wire form. */
function revive(e: WireError): Error {
  if (e.name === 'EmbedError') return new EmbedError(e.message, (e.kind ?? 'bad-response') as EmbedError['kind']);
  const error = new Error(e.message);
  error.name = e.name;
  return error;
}

/** A report's error as plain data (structured clone would drop an EmbedError's class and kind). */
function plainReport(report: EmbedReport): EmbedReport {
  if (!report.error) return report;
  const error = { name: 'EmbedError', message: report.error.message, kind: report.error.kind };
  return { ...report, error };
}

/** Serves an engine on `port`: the engine side of the channel (the worker's entry calls this on `self`). */
export function serveEngine(port: PortLike): void {
  const handlers: Record<string, (...args: never[]) => unknown> = {};
  const rpc = new Rpc(port, handlers, revive);
  const host: EngineHost = {
    list: () => rpc.call('list'),
    read: (p) => rpc.call('read', p),
    stat: (p) => rpc.call('stat', p),
    readIfExists: (p) => rpc.call('readIfExists', p),
    write: (p, data) => {
      if (typeof data !== 'string' || data.length < ENCODED_TEXT_CHARS) return rpc.call('write', p, data);
      const bytes = encoder.encode(data);
      return rpc.call('writeUtf8', p, new Transfer(bytes, [bytes.buffer]));
    },
    writeUtf8: (p, bytes) => rpc.call('writeUtf8', p, transferBytes(bytes)),
    readWikiDb: async (whole) => {
      const read = await rpc.call<WikiDbRead>('readWikiDb', whole);
      // A Worker's message already gives this realm's bytes; Node's MessageChannel (the jest tests) gives Node's own.
      if (ArrayBuffer.isView(read)) return ownBytes(read);
      return isPieces(read) ? { ...read, pieces: read.pieces.map(ownBytes) } : read;
    },
    indexWritten: () => rpc.note('indexWritten'),
    embed: (model, texts, kind) => rpc.call('embed', model, texts, kind),
    progress: (done, total) => rpc.note('progress', done, total),
    embedProgress: (done, total) => rpc.note('embedProgress', done, total),
    evaluateProgress: (done, total, pass) => rpc.note('evaluateProgress', done, total, pass),
  };
  const core = new EngineCore(host, systemClock);
  for (const m of ENGINE_METHODS) {
    const methods = core as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
    handlers[m] = (...args: unknown[]) => methods[m](...args);
  }
  handlers.embedPass = async (model: string) => plainReport(await core.embedPass(model));
  handlers.exportIndex = async (have?: readonly string[], foreign?: Uint8Array) => {
    const index = await core.exportIndex(have, foreign && ownBytes(foreign));
    if (!index) return index;
    // Each buffer transferred, not copied: wiki.db's whole bytes, or the fresh pieces (each a buffer of its own).
    const views = index.bytes ? [index.bytes] : (index.fresh ?? []).map((f) => f.bytes);
    const whole = views.every((v) => v.byteOffset === 0 && v.byteLength === v.buffer.byteLength);
    return whole
      ? new Transfer(
          index,
          views.map((v) => v.buffer as ArrayBuffer),
        )
      : index;
  };
  handlers.yieldEmbedding = () => core.yieldEmbedding();
}

/** How long close() waits for a live worker to close its index before terminating it anyway. */
export const CLOSE_TIMEOUT_MS = 2_000;

/**
 * The main thread's end: an Engine whose work runs on the other side of `port`. `broken(reason)` (the worker's
 * error or messageerror) fails the waiting calls and tells `onBroken` once; `terminate` ends the worker (at most
 * once: at close, at once when broken, else after the close call or CLOSE_TIMEOUT_MS).
 */
export function connectEngine(
  port: PortLike,
  host: EngineHost,
  terminate: () => void,
  onBroken?: (reason: string) => void,
): Engine & { broken(reason: string): void } {
  const handlers = {
    list: () => host.list(),
    read: (p: string) => host.read(p),
    stat: (p: string) => host.stat(p),
    readIfExists: (p: string) => host.readIfExists(p),
    write: (p: string, data: string | Uint8Array) => host.write(p, data),
    // Node's MessageChannel (the jest tests) gives Node's own Uint8Array: this realm's view of the same buffer.
    writeUtf8: (p: string, bytes: Uint8Array) => host.writeUtf8(p, ownBytes(bytes)),
    readWikiDb: async (whole: boolean) => wikiDbTransfer(await host.readWikiDb(whole)),
    indexWritten: () => host.indexWritten(),
    embed: (model: string, texts: string[], kind: EmbedKind) => host.embed(model, texts, kind),
    progress: (done: number, total: number) => host.progress(done, total),
    embedProgress: (done: number, total: number) => host.embedProgress(done, total),
    evaluateProgress: (done: number, total: number, pass: EvaluationPass) => host.evaluateProgress(done, total, pass),
  };
  const rpc = new Rpc(port, handlers, revive);
  let dead: string | undefined;
  const call =
    (m: (typeof ENGINE_METHODS)[number]) =>
    (...args: unknown[]) =>
      dead === undefined ? rpc.call(m, ...args) : Promise.reject(new Error(dead));
  let closed = false;
  return {
    localIndex: undefined,
    open: call('open') as Engine['open'],
    apply: call('apply') as Engine['apply'],
    rebuild: call('rebuild') as Engine['rebuild'],
    afterEdit: call('afterEdit') as Engine['afterEdit'],
    answer: call('answer') as Engine['answer'],
    conceptRecords: call('conceptRecords') as Engine['conceptRecords'],
    lint: call('lint') as Engine['lint'],
    regenerate: call('regenerate') as Engine['regenerate'],
    evaluate: call('evaluate') as Engine['evaluate'],
    vectorCalibration: call('vectorCalibration') as Engine['vectorCalibration'],
    // The foreign wiki.db's bytes (~100 MB at 10,000 concepts) are moved to the engine, not copied.
    exportIndex: (have, foreign) =>
      call('exportIndex')(have, foreign && transferBytes(foreign)) as ReturnType<Engine['exportIndex']>,
    stats: call('stats') as Engine['stats'],
    async embedPass(model: string): Promise<EmbedReport> {
      const report = (await call('embedPass')(model)) as EmbedReport;
      const e = report.error as unknown as WireError | undefined;
      return e ? { ...report, error: revive(e) as EmbedError } : report;
    },
    yieldEmbedding: () => rpc.note('yieldEmbedding'),
    broken(reason: string): void {
      if (dead !== undefined) return;
      dead = reason;
      rpc.fail(reason);
      onBroken?.(reason);
    },
    abort(): void {
      if (closed) return;
      closed = true;
      dead ??= 'The engine was closed.';
      rpc.fail('The engine was closed.');
      terminate();
    },
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      // A dead worker never answers: terminate at once. A live one gets a short while to close its index.
      const wasDead = dead !== undefined;
      dead ??= 'The engine was closed.';
      try {
        if (!wasDead) await closeWithin(rpc.call('close'), CLOSE_TIMEOUT_MS);
      } finally {
        rpc.fail('The engine was closed.');
        terminate();
      }
    },
  };
}

/** Resolves when `closing` settles or after `ms`, whichever comes first (a hung worker is terminated anyway). */
function closeWithin(closing: Promise<unknown>, ms: number): Promise<void> {
  // The main thread's side (the worker's own code never closes itself): the timer is the main window's.
  let timer: number | undefined;
  const timeout = new Promise<void>((resolve) => (timer = window.setTimeout(resolve, ms)));
  const settled = closing.then(
    () => undefined,
    (error: unknown) => console.error('OKF Graph Wiki: the engine did not close cleanly', error),
  );
  return Promise.race([settled, timeout]).finally(() => window.clearTimeout(timer));
}

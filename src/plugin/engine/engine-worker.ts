// Starting the engine in a dedicated Web Worker. Obsidian installs only main.js, so the worker's script is carried
// inside it as text (esbuild builds src/plugin/engine/worker-entry.ts and defines __OKF_ENGINE_WORKER__ with it)
// and started from a Blob URL. Undefined where the build did not carry it (jest runs the sources).
import { nextTask } from '../next-task';
import type { Engine, EngineHost } from './engine';
import { connectEngine } from './engine-channel';

declare const __OKF_ENGINE_WORKER__: string | undefined;

/** The worker's script, when this build carries one. */
export const ENGINE_WORKER_CODE: string | undefined =
  typeof __OKF_ENGINE_WORKER__ === 'string' ? __OKF_ENGINE_WORKER__ : undefined;

/** Called when a started worker breaks (its error or messageerror event), with what the worker said. */
export type OnEngineBroken = (reason: string) => void;

/** How the plugin's engine is started: in a Web Worker (its script carried by main.js) or in-process. */
export type EngineStart =
  | { kind: 'in-process' }
  | { kind: 'worker'; start(host: EngineHost, onBroken: OnEngineBroken): Engine | Promise<Engine> };

/**
 * Characters of the worker's script (~1.6 million in main.js) encoded into one Blob part per main-thread task.
 * `new Blob([script])` encodes its text to UTF-8 in the one task that calls it, and Blink's encoder is slow: 50-100
 * ms at start on desktop here (the one long task of a start with wiki.db, issue 14), more on a phone. A part of
 * 64K characters costs a few milliseconds; the parts, joined, are one Blob without encoding anything again.
 */
export const SCRIPT_PART_CHARS = 64 * 1024;

/**
 * The worker's script as one Blob, built a part of `partChars` characters per task (`pause`, the next task, runs
 * between parts). A cut never falls between the two halves of a surrogate pair (each part is encoded on its own,
 * and half a pair would become U+FFFD): such a part takes one character more.
 */
export async function scriptBlob(code: string, partChars = SCRIPT_PART_CHARS, pause = nextTask): Promise<Blob> {
  const parts: Blob[] = [];
  for (let at = 0; at < code.length;) {
    let end = Math.min(code.length, at + partChars);
    const last = code.charCodeAt(end - 1);
    if (end < code.length && last >= 0xd800 && last <= 0xdbff) end++;
    parts.push(new Blob([code.slice(at, end)]));
    at = end;
    if (at < code.length) await pause();
  }
  return new Blob(parts, { type: 'text/javascript' });
}

/**
 * Starts the engine worker from `code` (its Blob built a part per task, `scriptBlob`). A worker that breaks fails
 * the calls waiting on it and tells `onBroken`; `new Worker` throwing (a platform that refuses Blob workers)
 * revokes the Blob URL and rejects, so the caller can fall back to the in-process engine.
 */
export async function startEngineWorker(code: string, host: EngineHost, onBroken: OnEngineBroken): Promise<Engine> {
  const url = URL.createObjectURL(await scriptBlob(code));
  let worker: Worker;
  try {
    worker = new Worker(url, { name: 'okf-graph-wiki-engine' });
  } catch (error) {
    URL.revokeObjectURL(url);
    throw error;
  }
  let ended = false;
  const engine = connectEngine(
    worker,
    host,
    () => {
      if (ended) return;
      ended = true;
      worker.terminate();
      URL.revokeObjectURL(url);
    },
    onBroken,
  );
  worker.onerror = (event) => {
    console.error('OKF Graph Wiki: the engine worker failed', event.message, event.error);
    engine.broken(`the engine worker failed: ${event.message || 'it could not start'}`);
  };
  worker.onmessageerror = (event) => {
    console.error('OKF Graph Wiki: a message from the engine worker could not be read', event);
    engine.broken('the engine worker sent a message that could not be read');
  };
  return engine;
}

/** Where the engine runs: a worker when this build carries its script and the platform has Worker. */
export function engineChoice(): EngineStart {
  const code = ENGINE_WORKER_CODE;
  return code !== undefined && typeof Worker === 'function'
    ? { kind: 'worker', start: (host, onBroken) => startEngineWorker(code, host, onBroken) }
    : { kind: 'in-process' };
}

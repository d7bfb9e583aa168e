// Starting the engine in a dedicated Web Worker. Obsidian installs only main.js, so the worker's script is carried
// inside it as text (esbuild builds src/plugin/engine/worker-entry.ts and defines __OKF_ENGINE_WORKER__ with it)
// and started from a Blob URL. Undefined where the build did not carry it (jest runs the sources).
import type { Engine, EngineHost } from './engine';
import { connectEngine } from './engine-channel';

declare const __OKF_ENGINE_WORKER__: string | undefined;

/** The worker's script, when this build carries one. */
export const ENGINE_WORKER_CODE: string | undefined =
  typeof __OKF_ENGINE_WORKER__ === 'string' ? __OKF_ENGINE_WORKER__ : undefined;

/** Starts the engine worker from `code`; a worker that fails to start fails the calls waiting on it. */
export function startEngineWorker(code: string, host: EngineHost): Engine {
  const url = URL.createObjectURL(new Blob([code], { type: 'text/javascript' }));
  const worker = new Worker(url, { name: 'okf-graph-wiki-engine' });
  const engine = connectEngine(worker, host, () => {
    worker.terminate();
    URL.revokeObjectURL(url);
  });
  worker.onerror = (event) => {
    event.preventDefault();
    engine.broken(`the engine worker failed: ${event.message || 'it could not start'}`);
  };
  return engine;
}

/** Where the engine runs: a worker when this build carries its script and the platform has Worker. */
export function engineChoice(): { kind: 'in-process' } | { kind: 'worker'; start(host: EngineHost): Engine } {
  const code = ENGINE_WORKER_CODE;
  return code !== undefined && typeof Worker === 'function'
    ? { kind: 'worker', start: (host) => startEngineWorker(code, host) }
    : { kind: 'in-process' };
}

// Making the plugin's engine where the settings of the build say: in a Web Worker, or in-process (the same
// EngineCore on the main thread) where there is no Worker — and as the fallback when a Worker cannot be created
// (a platform that refuses Blob workers), so the plugin keeps working, only on the main thread.
import type { Clock } from '../../core/types';
import type { Engine, EngineHost } from './engine';
import { EngineCore } from './engine-core';
import type { EngineStart, OnEngineBroken } from './engine-worker';

/**
 * A new engine as `choice` says; a worker that cannot be created falls back to in-process (said on the console).
 * A worker's start spans tasks (its script's Blob is built a part per task): when `closed()` says the caller was
 * closed meanwhile (Obsidian unloading the plugin), the worker is terminated and the start rejects, as a worker
 * building the index is terminated at once when unload comes.
 */
export async function startEngine(
  choice: EngineStart,
  host: EngineHost,
  clock: Clock,
  onBroken: OnEngineBroken,
  closed: () => boolean = () => false,
): Promise<Engine> {
  if (choice.kind === 'in-process') return new EngineCore(host, clock);
  let engine: Engine;
  try {
    engine = await choice.start(host, onBroken);
  } catch (error) {
    console.error(
      'OKF Graph Wiki: the engine worker could not be created; the index runs on the main thread instead.',
      error,
    );
    return new EngineCore(host, clock);
  }
  if (!closed()) return engine;
  if (engine.abort) engine.abort();
  else await engine.close();
  throw new Error('The index was closed while its engine started.');
}

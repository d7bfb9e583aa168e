// Making the plugin's engine where the settings of the build say: in a Web Worker, or in-process (the same
// EngineCore on the main thread) where there is no Worker — and as the fallback when a Worker cannot be created
// (a platform that refuses Blob workers), so the plugin keeps working, only on the main thread.
import type { Clock } from '../../core/types';
import type { Engine, EngineHost } from './engine';
import { EngineCore } from './engine-core';
import type { EngineStart, OnEngineBroken } from './engine-worker';

/** A new engine as `choice` says; a worker that cannot be created falls back to in-process (said on the console). */
export function startEngine(choice: EngineStart, host: EngineHost, clock: Clock, onBroken: OnEngineBroken): Engine {
  if (choice.kind === 'in-process') return new EngineCore(host, clock);
  try {
    return choice.start(host, onBroken);
  } catch (error) {
    console.error(
      'OKF Graph Wiki: the engine worker could not be created; the index runs on the main thread instead.',
      error,
    );
    return new EngineCore(host, clock);
  }
}

// The engine worker's entry (built into a string that main.js carries; see engine-worker.ts): the engine served
// on the worker's own port.
import { serveEngine } from './engine-channel';
import type { PortLike } from './rpc';

serveEngine(self as unknown as PortLike);

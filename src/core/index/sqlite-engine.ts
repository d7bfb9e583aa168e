// Loading the official SQLite WASM build once per process (sqlite.ts's Database is the only user). Its bytes are
// inlined by the builds (esbuild `binary` loader), so the plugin, the CLI and the tests run the same engine.
import sqlite3InitModule, { type Sqlite3Static } from '@sqlite.org/sqlite-wasm';
import wasmBinary from '@sqlite.org/sqlite-wasm/sqlite3.wasm';

/** The Emscripten options the init function takes (the package types it without parameters). */
interface InitOptions {
  readonly wasmBinary: Uint8Array;
  readonly locateFile: (file: string) => string;
  readonly print: () => void;
  readonly printErr: () => void;
}

let enginePromise: Promise<Sqlite3Static> | undefined;

/** Loads (once) the SQLite WASM module. Quiet: no console output from the engine. */
export function engine(): Promise<Sqlite3Static> {
  if (!enginePromise) {
    // The OPFS VFSes are for browser workers; disabling them keeps the engine from warning at start.
    (globalThis as { sqlite3ApiConfig?: unknown }).sqlite3ApiConfig = {
      // kvvfs stores databases in localStorage; wiki.db is kept by the vault adapter, so leave the page's storage
      // alone.
      disable: { vfs: { opfs: true, 'opfs-vfs': true, 'opfs-wl': true, 'opfs-sahpool': true, kvvfs: true } },
      warn: () => undefined,
      debug: () => undefined,
      log: () => undefined,
    };
    enginePromise = (sqlite3InitModule as unknown as (options: InitOptions) => Promise<Sqlite3Static>)({
      wasmBinary,
      locateFile: (file: string) => file,
      print: () => undefined,
      printErr: () => undefined,
    });
  }
  return enginePromise;
}

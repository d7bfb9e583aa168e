// Loading the official SQLite WASM build once per process (sqlite.ts's Database is the only user). The plugin's build
// and the tests inline its bytes (esbuild `binary` loader); the CLI's build hands a function reading them from the file
// beside the bundle (build/sqlite-wasm-file.mjs). Either way the plugin, the CLI and the tests run the same engine.
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
    // A CLI whose file is missing or damaged throws here: the command fails with that one line, and the next call
    // tries again.
    const binary = typeof wasmBinary === 'function' ? wasmBinary() : wasmBinary;
    enginePromise = (sqlite3InitModule as unknown as (options: InitOptions) => Promise<Sqlite3Static>)({
      wasmBinary: binary,
      locateFile: (file: string) => file,
      print: () => undefined,
      printErr: () => undefined,
    });
  }
  return enginePromise;
}

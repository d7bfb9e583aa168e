// A read-only SQLite VFS over files a shell reads for the engine, page by page: a database on it is attached
// without its bytes ever being copied whole into the engine's memory (a rebuild carries the vectors of the previous
// wiki.db, ~150 MB at 10,000 concepts, of which it reads only the pages it needs). The core stays pure: the shell
// hands over a FileReader (Node: positional reads of an open file; the plugin: the bytes it already holds).
import type { Sqlite3Result, Sqlite3Static } from '@sqlite.org/sqlite-wasm';
import type { FileReader } from './snapshot';

const VFS_NAME = 'okf-reader';

/** A file the VFS serves: its first `byteLength` bytes, read through `reader`. */
interface Served {
  readonly byteLength: number;
  readonly reader: FileReader;
  /** Each read fails once the reader says the file changed since it was opened (`FileReader.unchanged`). */
  readonly checkEachRead: boolean;
  /** Why the last read failed, naming the file (SQLite says only "disk I/O error"); `changed`: it was written. */
  problem?: { readonly message: string; readonly changed: boolean };
}

/** A file read in place found written since its checksum vouched for it: load it again, as it now is. */
export class WikiDbChanged extends Error {
  override readonly name = 'WikiDbChanged';
}

/** Per engine: the files by the name they are attached under, and the open sqlite3_file pointers. */
interface VfsState {
  readonly files: Map<string, Served>;
  readonly open: Map<number, Served>;
  next: number;
}

const states = new WeakMap<Sqlite3Static, VfsState>();

/**
 * The URI to attach (`attach '<uri>' as name`) or open to read `file`'s first `byteLength` bytes as a read-only,
 * immutable database; `release` forgets it once detached. Registers the VFS with the engine on first use. With
 * `checkEachRead`, a read after the file changed fails (SQLITE_IOERR_READ): the bytes were vouched for as they were.
 * `problem` is why the last read failed, naming the file (undefined once released), as the error to throw.
 */
export function serveFile(
  sqlite3: Sqlite3Static,
  byteLength: number,
  reader: FileReader,
  checkEachRead = false,
): { uri: string; release: () => void; problem: () => Error | undefined } {
  const state = stateOf(sqlite3);
  const name = `okf-file-${state.next++}`;
  const served: Served = { byteLength, reader, checkEachRead };
  state.files.set(name, served);
  return {
    uri: `file:${name}?vfs=${VFS_NAME}&mode=ro&immutable=1`,
    release: () => state.files.delete(name),
    problem: () => {
      const { message, changed } = (state.files.has(name) && served.problem) || {};
      if (message === undefined) return undefined;
      return changed ? new WikiDbChanged(message) : new Error(message);
    },
  };
}

/** Why a read of a file checked at each read failed after it changed, naming it. */
export function changedWhileRead(reader: FileReader): string {
  return (
    `${reader.name ?? 'wiki.db'} changed while it was read: another program wrote it in place after its checksum ` +
    'was checked'
  );
}

function stateOf(sqlite3: Sqlite3Static): VfsState {
  let state = states.get(sqlite3);
  if (!state) {
    state = { files: new Map(), open: new Map(), next: 1 };
    install(sqlite3, state);
    states.set(sqlite3, state);
  }
  return state;
}

function install(sqlite3: Sqlite3Static, state: VfsState): void {
  const { capi, wasm } = sqlite3;
  const io = new capi.sqlite3_io_methods();
  const vfs = new capi.sqlite3_vfs();
  vfs.$iVersion = 1;
  // The typings put structInfo on instances; the engine has it on the struct's class.
  vfs.$szOsFile = (capi.sqlite3_file as unknown as { structInfo: { sizeof: number } }).structInfo.sizeof;
  vfs.$mxPathname = 512;
  const served = (pFile: number) => state.open.get(pFile);
  sqlite3.vfs.installVfs({
    io: {
      struct: io,
      methods: {
        xClose: (pFile) => {
          state.open.delete(pFile);
          return 0;
        },
        xRead: (pFile, pDest, n, offset) => {
          const file = served(pFile);
          if (!file) return capi.SQLITE_IOERR_READ;
          const at = Number(offset);
          const available = Math.max(0, Math.min(n, file.byteLength - at));
          try {
            if (available > 0) file.reader.readAt(wasm.heap8u().subarray(pDest, pDest + available), at);
            if (file.checkEachRead && file.reader.unchanged && !file.reader.unchanged()) {
              file.problem = { message: changedWhileRead(file.reader), changed: true };
              return capi.SQLITE_IOERR_READ;
            }
          } catch (error) {
            // The shell's message names the file (Node: "… could not be read (EIO: …)").
            file.problem = { message: (error as Error).message, changed: false };
            return capi.SQLITE_IOERR_READ;
          }
          if (available === n) return 0;
          // SQLite's contract for a read past the end: the rest zeroed, and a short-read code.
          wasm.heap8u().fill(0, pDest + available, pDest + n);
          return capi.SQLITE_IOERR_SHORT_READ;
        },
        xWrite: () => capi.SQLITE_READONLY,
        xTruncate: () => capi.SQLITE_READONLY,
        xSync: () => 0,
        xFileSize: (pFile, pSize) => {
          const file = served(pFile);
          if (!file) return capi.SQLITE_IOERR_FSTAT;
          wasm.poke64(pSize, BigInt(file.byteLength));
          return 0;
        },
        xLock: () => 0,
        xUnlock: () => 0,
        xCheckReservedLock: (_pFile, pOut) => {
          wasm.poke32(pOut, 0);
          return 0;
        },
        xFileControl: () => capi.SQLITE_NOTFOUND,
        // Not result codes, but the typings type every method's return as one.
        xSectorSize: () => 4096 as Sqlite3Result,
        xDeviceCharacteristics: () => capi.SQLITE_IOCAP_IMMUTABLE as Sqlite3Result,
      },
    },
    vfs: {
      struct: vfs,
      name: VFS_NAME,
      methods: {
        xOpen: (_pVfs, zName, pFile, flags, pOutFlags) => {
          const file = zName ? state.files.get(wasm.cstrToJs(zName) ?? '') : undefined;
          // Only the files served, never created and never written (no journal: the database is immutable).
          if (!file || (flags & capi.SQLITE_OPEN_MAIN_DB) === 0) return capi.SQLITE_CANTOPEN;
          state.open.set(pFile, file);
          const handle = new capi.sqlite3_file(pFile);
          handle.$pMethods = io.pointer;
          handle.dispose();
          if (pOutFlags) wasm.poke32(pOutFlags, capi.SQLITE_OPEN_READONLY);
          return 0;
        },
        xDelete: () => capi.SQLITE_IOERR_DELETE,
        xAccess: (_pVfs, _zName, _flags, pOut) => {
          wasm.poke32(pOut, 0);
          return 0;
        },
        xFullPathname: (_pVfs, zName, nOut, pOut) =>
          wasm.cstrncpy(pOut, zName, nOut) < nOut ? 0 : capi.SQLITE_CANTOPEN,
        xRandomness: (_pVfs, nOut, pOut) => {
          wasm.heap8u().fill(0, pOut, pOut + nOut);
          return nOut as Sqlite3Result;
        },
        xSleep: () => 0,
        xCurrentTime: (_pVfs, pOut) => {
          wasm.poke64f(pOut, 2440587.5 + Date.now() / 864e5);
          return 0;
        },
        xGetLastError: () => 0,
      },
    },
  });
}

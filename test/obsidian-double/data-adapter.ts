// The vault's DataAdapter over a FileStore, behaving as Obsidian's desktop FileSystemAdapter does where plugins
// can tell: `rename` refuses an existing destination ("Destination file already exists!"), `write` needs the
// folder to exist, `readBinary` answers an ArrayBuffer. Every change it makes is reported to the vault, as
// Obsidian's file watcher would, so writes made through the adapter still reach vault events.
//
// What a read or write costs the main thread, as faithfully as we can argue it and never less than the real one
// (issue 14's long-task figures are measured over this double). Obsidian desktop's adapter calls Node's
// fs.promises on the renderer's main thread; Node moves the bytes in libuv's thread pool, 512 KiB per read(2) or
// write(2) (kReadFileBufferLength, kWriteFileMaxChunkSize), each step's callback its own small task:
// - readBinary: readFile fills one buffer of the file's size off the main thread; what may land on the main
//   thread is at most one copy of the whole file into the ArrayBuffer returned (Buffer → ArrayBuffer; Obsidian's
//   code is not public, so the double assumes the copy). The double: the store's bytes copied once, in one task.
// - writeBinary: writeFile writes from the caller's buffer, 512 KiB per step, with no copy on the main thread. The
//   double must keep bytes of its own, so it copies them 512 KiB per task, yielding between steps (a copy the
//   real adapter does not make on the main thread at all).
// - read / write (text): Node decodes or encodes the whole string on the main thread (one task); so does the double.
// Obsidian mobile's adapter (Capacitor) moves binary data as base64 strings on the main thread, which costs more;
// the double plays desktop.
import type * as O from 'obsidian';
import { nextTask } from '../../src/plugin/next-task';
import { parentOf, toBytes, type FileStore } from './file-store';

/** Called after the adapter changed `paths` behind the vault's back (the file watcher). */
export type ChangeWatcher = (paths: string[]) => void;

/** Bytes per libuv step of Node's readFile and writeFile. */
export const IO_STEP_BYTES = 512 * 1024;

// Node's readFile(path, 'utf8'), which Obsidian's desktop adapter calls, keeps a BOM as U+FEFF.
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

/** One copy of `bytes` in an ArrayBuffer of their own. */
function toArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return copy.buffer;
}

/** A copy of `data`, made IO_STEP_BYTES per task as libuv writes it (the caller may reuse its buffer after). */
export async function copyInSteps(data: ArrayBuffer | ArrayBufferView): Promise<Uint8Array> {
  const from = ArrayBuffer.isView(data)
    ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
    : new Uint8Array(data);
  const copy = new Uint8Array(from.byteLength);
  for (let at = 0; at < from.byteLength; at += IO_STEP_BYTES) {
    if (at > 0) await nextTask();
    copy.set(from.subarray(at, at + IO_STEP_BYTES), at);
  }
  return copy;
}

/** Vault paths reach the store without a leading `/`; the root is ``. */
function storePath(normalizedPath: string): string {
  return normalizedPath === '/' ? '' : normalizedPath.replace(/^\/+/, '');
}

export class DataAdapterDouble implements O.DataAdapter {
  /** Test helper (not Obsidian API): every call made, in order, as `method path [path2]`. */
  readonly calls: string[] = [];
  private watcher: ChangeWatcher = () => undefined;

  constructor(
    readonly store: FileStore,
    private readonly name = 'test-vault',
  ) {}

  /** Connects the vault's reconciler (the double's file watcher). */
  watch(watcher: ChangeWatcher): void {
    this.watcher = watcher;
  }

  getName(): string {
    return this.name;
  }

  async exists(normalizedPath: string): Promise<boolean> {
    this.calls.push(`exists ${normalizedPath}`);
    return (await this.store.stat(storePath(normalizedPath))) !== null;
  }

  async stat(normalizedPath: string): Promise<O.Stat | null> {
    const s = await this.store.stat(storePath(normalizedPath));
    return s ? { ...s } : null;
  }

  async list(normalizedPath: string): Promise<O.ListedFiles> {
    const dir = storePath(normalizedPath);
    const { files, folders } = await this.store.list(dir);
    const join = (n: string) => (dir === '' ? n : `${dir}/${n}`);
    return { files: files.map(join), folders: folders.map(join) };
  }

  async read(normalizedPath: string): Promise<string> {
    this.calls.push(`read ${normalizedPath}`);
    return decoder.decode(await this.store.readView(storePath(normalizedPath)));
  }

  async readBinary(normalizedPath: string): Promise<ArrayBuffer> {
    this.calls.push(`readBinary ${normalizedPath}`);
    return toArrayBuffer(await this.store.readView(storePath(normalizedPath)));
  }

  async write(normalizedPath: string, data: string): Promise<void> {
    this.calls.push(`write ${normalizedPath}`);
    await this.store.writeOwned(storePath(normalizedPath), toBytes(data));
    this.watcher([storePath(normalizedPath)]);
  }

  async writeBinary(normalizedPath: string, data: ArrayBuffer): Promise<void> {
    this.calls.push(`writeBinary ${normalizedPath}`);
    const path = storePath(normalizedPath);
    const copy = await copyInSteps(data);
    await this.store.writeOwned(path, copy);
    this.watcher([path]);
  }

  async append(normalizedPath: string, data: string): Promise<void> {
    const path = storePath(normalizedPath);
    const before = (await this.store.stat(path)) ? await this.store.readBytes(path) : new Uint8Array();
    const added = toBytes(data);
    const all = new Uint8Array(before.byteLength + added.byteLength);
    all.set(before);
    all.set(added, before.byteLength);
    await this.store.writeBytes(path, all);
    this.watcher([path]);
  }

  async appendBinary(normalizedPath: string, data: ArrayBuffer): Promise<void> {
    const path = storePath(normalizedPath);
    const before = (await this.store.stat(path)) ? await this.store.readBytes(path) : new Uint8Array();
    const added = await copyInSteps(data);
    const all = new Uint8Array(before.byteLength + added.byteLength);
    all.set(before);
    all.set(added, before.byteLength);
    await this.store.writeBytes(path, all);
    this.watcher([path]);
  }

  async process(normalizedPath: string, fn: (data: string) => string): Promise<string> {
    const next = fn(await this.read(normalizedPath));
    await this.write(normalizedPath, next);
    return next;
  }

  getResourcePath(normalizedPath: string): string {
    return `app://local/${storePath(normalizedPath)}`;
  }

  async mkdir(normalizedPath: string): Promise<void> {
    this.calls.push(`mkdir ${normalizedPath}`);
    await this.store.mkdir(storePath(normalizedPath));
    this.watcher([storePath(normalizedPath)]);
  }

  async trashSystem(normalizedPath: string): Promise<boolean> {
    await this.remove(normalizedPath);
    return true;
  }

  async trashLocal(normalizedPath: string): Promise<void> {
    const path = storePath(normalizedPath);
    await this.store.mkdir('.trash');
    await this.store.rename(path, `.trash/${path.slice(path.lastIndexOf('/') + 1)}`);
    this.watcher([path]);
  }

  async rmdir(normalizedPath: string, recursive: boolean): Promise<void> {
    const path = storePath(normalizedPath);
    const listed = await this.store.list(path);
    if (!recursive && listed.files.length + listed.folders.length > 0)
      throw new Error(`ENOTEMPTY: directory not empty, rmdir '${path}'`);
    await this.store.rmdir(path);
    this.watcher([path]);
  }

  async remove(normalizedPath: string): Promise<void> {
    this.calls.push(`remove ${normalizedPath}`);
    await this.store.remove(storePath(normalizedPath));
    this.watcher([storePath(normalizedPath)]);
  }

  /** Obsidian's adapter refuses to overwrite: the destination must not exist (a case-only rename excepted). */
  async rename(normalizedPath: string, normalizedNewPath: string): Promise<void> {
    this.calls.push(`rename ${normalizedPath} ${normalizedNewPath}`);
    const from = storePath(normalizedPath);
    const to = storePath(normalizedNewPath);
    if (from.toLowerCase() !== to.toLowerCase() && (await this.store.stat(to)) !== null)
      throw new Error('Destination file already exists!');
    const parent = parentOf(to);
    if ((await this.store.stat(parent)) === null) await this.store.mkdir(parent);
    await this.store.rename(from, to);
    this.watcher([from, to]);
  }

  async copy(normalizedPath: string, normalizedNewPath: string): Promise<void> {
    const to = storePath(normalizedNewPath);
    if ((await this.store.stat(to)) !== null) throw new Error('Destination file already exists!');
    await this.store.writeBytes(to, await this.store.readBytes(storePath(normalizedPath)));
    this.watcher([to]);
  }
}

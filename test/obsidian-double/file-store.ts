// Where the double's vault keeps its bytes: a real folder (node-fs-store.ts, for jest) or memory (the browser
// test). Paths are vault-relative and normalized (`entities/x.md`), `` being the root; the store knows nothing
// of Obsidian, so the DataAdapter above it stays the one place that behaves like Obsidian's.

export interface StoreStat {
  readonly type: 'file' | 'folder';
  readonly ctime: number;
  readonly mtime: number;
  readonly size: number;
}

export interface FileStore {
  stat(path: string): Promise<StoreStat | null>;
  /** Direct children of a folder: names only. */
  list(path: string): Promise<{ files: string[]; folders: string[] }>;
  readBytes(path: string): Promise<Uint8Array>;
  /**
   * The stored bytes themselves, not a copy: the caller only reads them (the adapter copies them once into what
   * it returns, as the real read does). No copy here, so a read through the double costs no more copies than the
   * real one.
   */
  readView(path: string): Promise<Uint8Array>;
  /** Writes a file; the parent folder must exist (as with fs.writeFile). */
  writeBytes(path: string, data: Uint8Array): Promise<void>;
  /** As writeBytes, but the store keeps `data` itself: the caller hands it over (the adapter's own copy). */
  writeOwned(path: string, data: Uint8Array): Promise<void>;
  mkdir(path: string): Promise<void>;
  remove(path: string): Promise<void>;
  rmdir(path: string): Promise<void>;
  /** Moves a file or folder; the destination must not exist. */
  rename(from: string, to: string): Promise<void>;
}

/** A vault held in memory. */
export class MemoryStore implements FileStore {
  private readonly files = new Map<string, { data: Uint8Array; ctime: number; mtime: number }>();
  private readonly folders = new Set<string>(['']);
  private clock = 1_700_000_000_000;

  /** Seeds the store from `{path: text}`, creating folders. */
  static from(files: Record<string, string | Uint8Array>): MemoryStore {
    const store = new MemoryStore();
    for (const [path, data] of Object.entries(files)) {
      store.ensureFolders(parentOf(path));
      store.files.set(path, { data: toBytes(data), ctime: store.tick(), mtime: store.clock });
    }
    return store;
  }

  async stat(path: string): Promise<StoreStat | null> {
    if (this.folders.has(path)) return { type: 'folder', ctime: 0, mtime: 0, size: 0 };
    const f = this.files.get(path);
    return f ? { type: 'file', ctime: f.ctime, mtime: f.mtime, size: f.data.byteLength } : null;
  }

  async list(path: string): Promise<{ files: string[]; folders: string[] }> {
    if (!this.folders.has(path)) throw new Error(`ENOENT: no such file or directory, scandir '${path}'`);
    const prefix = path === '' ? '' : path + '/';
    const direct = (p: string) => p.startsWith(prefix) && p !== path && !p.slice(prefix.length).includes('/');
    return {
      files: [...this.files.keys()]
        .filter(direct)
        .map((p) => p.slice(prefix.length))
        .sort(),
      folders: [...this.folders]
        .filter(direct)
        .map((p) => p.slice(prefix.length))
        .sort(),
    };
  }

  async readBytes(path: string): Promise<Uint8Array> {
    const f = this.files.get(path);
    if (!f) throw new Error(`ENOENT: no such file or directory, open '${path}'`);
    return f.data.slice();
  }

  async readView(path: string): Promise<Uint8Array> {
    const f = this.files.get(path);
    if (!f) throw new Error(`ENOENT: no such file or directory, open '${path}'`);
    return f.data;
  }

  async writeBytes(path: string, data: Uint8Array): Promise<void> {
    return this.writeOwned(path, data.slice());
  }

  async writeOwned(path: string, data: Uint8Array): Promise<void> {
    if (!this.folders.has(parentOf(path))) throw new Error(`ENOENT: no such file or directory, open '${path}'`);
    if (this.folders.has(path)) throw new Error(`EISDIR: illegal operation on a directory, open '${path}'`);
    const existing = this.files.get(path);
    this.files.set(path, { data, ctime: existing?.ctime ?? this.tick(), mtime: this.tick() });
  }

  async mkdir(path: string): Promise<void> {
    this.ensureFolders(path);
  }

  async remove(path: string): Promise<void> {
    if (!this.files.delete(path)) throw new Error(`ENOENT: no such file or directory, unlink '${path}'`);
  }

  async rmdir(path: string): Promise<void> {
    const prefix = path + '/';
    for (const p of [...this.files.keys()]) if (p.startsWith(prefix)) this.files.delete(p);
    for (const p of [...this.folders]) if (p.startsWith(prefix)) this.folders.delete(p);
    this.folders.delete(path);
  }

  async rename(from: string, to: string): Promise<void> {
    if ((await this.stat(to)) !== null) throw new Error(`EEXIST: file already exists, rename '${from}' -> '${to}'`);
    if (!this.folders.has(parentOf(to)))
      throw new Error(`ENOENT: no such file or directory, rename '${from}' -> '${to}'`);
    const file = this.files.get(from);
    if (file) {
      this.files.delete(from);
      this.files.set(to, file);
      return;
    }
    if (!this.folders.has(from)) throw new Error(`ENOENT: no such file or directory, rename '${from}' -> '${to}'`);
    const prefix = from + '/';
    for (const [p, f] of [...this.files])
      if (p.startsWith(prefix)) (this.files.delete(p), this.files.set(to + '/' + p.slice(prefix.length), f));
    for (const p of [...this.folders])
      if (p.startsWith(prefix)) (this.folders.delete(p), this.folders.add(to + '/' + p.slice(prefix.length)));
    this.folders.delete(from);
    this.folders.add(to);
  }

  private ensureFolders(path: string): void {
    let current = '';
    for (const part of path.split('/').filter(Boolean)) {
      current = current === '' ? part : `${current}/${part}`;
      this.folders.add(current);
    }
  }

  private tick(): number {
    return (this.clock += 1000);
  }
}

export function parentOf(path: string): string {
  const i = path.lastIndexOf('/');
  return i < 0 ? '' : path.slice(0, i);
}

export function toBytes(data: string | Uint8Array): Uint8Array {
  return typeof data === 'string' ? new TextEncoder().encode(data) : data;
}

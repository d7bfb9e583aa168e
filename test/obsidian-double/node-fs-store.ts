// The double's vault over a real folder on disk (jest only: imports node:fs).
import { promises as fs } from 'node:fs';
import * as nodePath from 'node:path';
import type { FileStore, StoreStat } from './file-store';

export class NodeFsStore implements FileStore {
  constructor(readonly root: string) {}

  private full(path: string): string {
    return nodePath.join(this.root, ...path.split('/').filter(Boolean));
  }

  async stat(path: string): Promise<StoreStat | null> {
    try {
      const s = await fs.stat(this.full(path));
      // Obsidian's stat.ctime is the creation time (obsidian.d.ts: "Time of creation"), not POSIX's change time.
      return { type: s.isDirectory() ? 'folder' : 'file', ctime: s.birthtimeMs, mtime: s.mtimeMs, size: s.size };
    } catch {
      return null;
    }
  }

  async list(path: string): Promise<{ files: string[]; folders: string[] }> {
    const entries = await fs.readdir(this.full(path), { withFileTypes: true });
    return {
      files: entries
        .filter((e) => e.isFile())
        .map((e) => e.name)
        .sort(),
      folders: entries
        .filter((e) => e.isDirectory())
        .map((e) => e.name)
        .sort(),
    };
  }

  async readBytes(path: string): Promise<Uint8Array> {
    return new Uint8Array(await fs.readFile(this.full(path)));
  }

  async readView(path: string): Promise<Uint8Array> {
    return this.readBytes(path);
  }

  async writeBytes(path: string, data: Uint8Array): Promise<void> {
    await fs.writeFile(this.full(path), data);
  }

  async writeOwned(path: string, data: Uint8Array): Promise<void> {
    await this.writeBytes(path, data);
  }

  async mkdir(path: string): Promise<void> {
    await fs.mkdir(this.full(path), { recursive: true });
  }

  async remove(path: string): Promise<void> {
    await fs.unlink(this.full(path));
  }

  async rmdir(path: string): Promise<void> {
    await fs.rm(this.full(path), { recursive: true, force: true });
  }

  async rename(from: string, to: string): Promise<void> {
    if ((await this.stat(to)) !== null) throw new Error(`EEXIST: file already exists, rename '${from}' -> '${to}'`);
    await fs.rename(this.full(from), this.full(to));
  }
}

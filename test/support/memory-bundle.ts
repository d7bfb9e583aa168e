// An in-memory bundle (BundleSource and BundleWriter): the fake beside FsBundle, so index tests can create, edit, rename and delete
// files without touching the disk.
import type { BundleSource, BundleWriter } from '../../src/core/types';

export class MemoryBundle implements BundleSource, BundleWriter {
  private readonly files = new Map<string, string>();

  constructor(files: Readonly<Record<string, string>> = {}) {
    for (const [path, text] of Object.entries(files)) this.files.set(path, text);
  }

  async list(): Promise<string[]> {
    return [...this.files.keys()].sort();
  }

  async read(path: string): Promise<string> {
    const text = this.files.get(path);
    if (text === undefined) throw new Error(`${path}: no such file`);
    return text;
  }

  /** Generated files (timeline.md, log.md, …) land here as text, like any other file. */
  async write(path: string, data: string | Uint8Array): Promise<void> {
    this.files.set(path, typeof data === 'string' ? data : new TextDecoder().decode(data));
  }

  /** A file's text, or undefined. */
  text(path: string): string | undefined {
    return this.files.get(path);
  }

  set(path: string, text: string): this {
    this.files.set(path, text);
    return this;
  }

  delete(path: string): this {
    if (!this.files.delete(path)) throw new Error(`${path}: no such file to delete`);
    return this;
  }

  rename(from: string, to: string): this {
    const text = this.files.get(from);
    if (text === undefined) throw new Error(`${from}: no such file to rename`);
    this.files.delete(from);
    this.files.set(to, text);
    return this;
  }

  /** A copy with the same files, to build a reference index from. */
  clone(): MemoryBundle {
    return new MemoryBundle(Object.fromEntries(this.files));
  }

  get size(): number {
    return this.files.size;
  }
}

// The one in-memory bundle of the tests (BundleSource and BundleWriter): the fake beside FsBundle, so index,
// retrieval and authoring tests can create, edit, rename and delete files, load a fixture folder, and make a
// write fail, without touching the disk.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import * as nodePath from 'node:path';
import type { BundleSource, BundleWriter } from '../../src/core/types';
import { fixtureDir, type FixtureName } from './fixtures';

export class MemoryBundle implements BundleSource, BundleWriter {
  /** Bundle path → text. */
  readonly files = new Map<string, string>();
  /** Paths whose next write fails ("disk full"), to test putting back. */
  readonly failWrites = new Set<string>();
  /** Every path written, in order. */
  readonly writes: string[] = [];

  constructor(files: Readonly<Record<string, string>> = {}) {
    for (const [path, text] of Object.entries(files)) this.files.set(path, text);
  }

  /** The files of a folder under test/fixtures/, read once (the fixture is never written). */
  static fromFixture(name: FixtureName): MemoryBundle {
    const bundle = new MemoryBundle();
    const walk = (dir: string, prefix: string) => {
      for (const entry of readdirSync(dir).sort()) {
        const full = nodePath.join(dir, entry);
        if (statSync(full).isDirectory()) walk(full, `${prefix}/${entry}`);
        else bundle.files.set(`${prefix}/${entry}`, readFileSync(full, 'utf8'));
      }
    };
    walk(fixtureDir(name), '');
    return bundle;
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
    if (this.failWrites.delete(path)) throw new Error('disk full');
    this.writes.push(path);
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

  /** The files as they are now. */
  snapshot(): Map<string, string> {
    return new Map(this.files);
  }

  get size(): number {
    return this.files.size;
  }
}

// An in-memory bundle (BundleSource + BundleWriter) loaded from a fixture folder, for authoring tests.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import type { BundleSource, BundleWriter } from '../../../src/core/types';

export class MemoryBundle implements BundleSource, BundleWriter {
  readonly files = new Map<string, string>();
  /** Paths whose next write fails, to test rollback. */
  readonly failWrites = new Set<string>();
  readonly writes: string[] = [];

  static fromFixture(name: string): MemoryBundle {
    const bundle = new MemoryBundle();
    const root = path.join(__dirname, '../../fixtures', name);
    const walk = (dir: string, prefix: string) => {
      for (const entry of readdirSync(dir).sort()) {
        const full = path.join(dir, entry);
        if (statSync(full).isDirectory()) walk(full, `${prefix}/${entry}`);
        else bundle.files.set(`${prefix}/${entry}`, readFileSync(full, 'utf8'));
      }
    };
    walk(root, '');
    return bundle;
  }

  async list(): Promise<string[]> {
    return [...this.files.keys()].sort();
  }

  async read(p: string): Promise<string> {
    const text = this.files.get(p);
    if (text === undefined) throw new Error(`${p}: no such file`);
    return text;
  }

  async write(p: string, data: string | Uint8Array): Promise<void> {
    if (this.failWrites.has(p)) {
      this.failWrites.delete(p);
      throw new Error('disk full');
    }
    this.writes.push(p);
    this.files.set(p, typeof data === 'string' ? data : `<${data.length} bytes>`);
  }

  snapshot(): Map<string, string> {
    return new Map(this.files);
  }
}

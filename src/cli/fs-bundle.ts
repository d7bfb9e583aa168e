// The Node adapter for a bundle folder: lists and reads files, writes generated files atomically. Every path
// is checked to stay inside the bundle, symlinks included (a link pointing outside is refused, not followed).
import { promises as fs, realpathSync } from 'node:fs';
import * as nodePath from 'node:path';
import { normalizeBundlePath } from '../core/okf/paths';
import type { BundleSource, BundleWriter } from '../core/types';

/** Files larger than this are refused rather than read into memory. */
const MAX_FILE_BYTES = 32 * 1024 * 1024;
/** Folders never walked: hidden ones (`.obsidian`, `.git`, `.trash`) and dependency trees. */
const SKIPPED_DIRS = new Set(['node_modules']);

/** Numbers temporary files, so concurrent writes in one process never pick the same name. */
let tempCounter = 0;

/** A bundle on the local file system. */
export class FsBundle implements BundleSource, BundleWriter {
  /** The bundle folder, symlinks resolved. */
  readonly root: string;

  constructor(dir: string) {
    this.root = realpathSync(dir);
  }

  async list(): Promise<string[]> {
    const out: string[] = [];
    const walk = async (dir: string, prefix: string): Promise<void> => {
      const entries = await fs.readdir(dir, { withFileTypes: true });
      for (const entry of entries) {
        if (entry.name.startsWith('.') || SKIPPED_DIRS.has(entry.name)) continue;
        const full = nodePath.join(dir, entry.name);
        const bundlePath = `${prefix}/${entry.name}`;
        if (entry.isDirectory()) await walk(full, bundlePath);
        else if (entry.isFile() || entry.isSymbolicLink()) out.push(bundlePath);
      }
    };
    await walk(this.root, '');
    return out.sort();
  }

  async read(path: string): Promise<string> {
    const full = await this.resolveExisting(path);
    const stat = await fs.stat(full);
    if (!stat.isFile()) throw new Error(`${path} is not a file`);
    if (stat.size > MAX_FILE_BYTES) throw new Error(`${path} is ${stat.size} bytes, over the ${MAX_FILE_BYTES}-byte limit`);
    const bytes = await fs.readFile(full);
    return new TextDecoder('utf-8', { fatal: false, ignoreBOM: true }).decode(bytes);
  }

  async stat(path: string): Promise<{ mtime: number; size: number } | undefined> {
    try {
      const st = await fs.stat(await this.resolveExisting(path));
      // ctime moves on every write and cannot be set back (cp -p, rsync -t and touch -d restore only mtime),
      // so the later of the two marks a changed file even when its mtime and size were kept.
      return st.isFile() ? { mtime: Math.floor(Math.max(st.mtimeMs, st.ctimeMs)), size: st.size } : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * Reads raw bytes (wiki.db). Undefined when there is no regular file inside the bundle there: missing, a folder,
   * or a link pointing out of the bundle (never followed). Callers then rebuild, and the write replaces it.
   */
  async readBytes(path: string): Promise<Uint8Array | undefined> {
    let real: string;
    try {
      real = await fs.realpath(this.resolve(path));
      if (!isInside(this.root, real) || !(await fs.stat(real)).isFile()) return undefined;
    } catch (error) {
      if (NOT_A_FILE.has((error as NodeJS.ErrnoException).code ?? '')) return undefined;
      throw error;
    }
    return new Uint8Array(await fs.readFile(real));
  }

  async exists(path: string): Promise<boolean> {
    try {
      await fs.access(this.resolve(path));
      return true;
    } catch {
      return false;
    }
  }

  /** Writes to a temporary file beside the target, then renames it over the target: never a half-written file. */
  async write(path: string, data: string | Uint8Array): Promise<void> {
    const full = this.resolve(path);
    // Checked before mkdir too: a linked folder must not get new folders created inside its outside target.
    const outside = () => new Error(`${path}: folder resolves outside the bundle`);
    if (!isInside(this.root, await realpathOfNearest(nodePath.dirname(full)))) throw outside();
    await fs.mkdir(nodePath.dirname(full), { recursive: true });
    const dirReal = realpathSync(nodePath.dirname(full));
    if (!isInside(this.root, dirReal)) throw outside();
    // Unique per write, not only per process and millisecond: two writes of one file at once must not share it.
    const tmp = `${full}.tmp-${process.pid}-${Date.now().toString(36)}-${(tempCounter++).toString(36)}`;
    try {
      const handle = await fs.open(tmp, 'w');
      try {
        await handle.writeFile(data);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.rename(tmp, full);
    } catch (error) {
      // A write that failed half-way leaves no partial temporary file behind.
      await fs.rm(tmp, { force: true });
      throw error;
    }
  }

  /** The absolute path of a bundle path; throws when it would leave the bundle. */
  resolve(path: string): string {
    const normalized = normalizeBundlePath(path);
    if (normalized === null) throw new Error(`${JSON.stringify(path)} is outside the bundle`);
    return nodePath.join(this.root, ...normalized.split('/').filter(Boolean));
  }

  private async resolveExisting(path: string): Promise<string> {
    const full = this.resolve(path);
    const real = await fs.realpath(full);
    if (!isInside(this.root, real)) throw new Error(`${path} is a link to ${real}, outside the bundle; refused`);
    return real;
  }
}

/** Errors that mean "no file there" rather than "the disk failed". */
const NOT_A_FILE = new Set(['ENOENT', 'ENOTDIR', 'EISDIR', 'ELOOP']);

/** The real path of `dir`, or of its nearest existing ancestor when it does not exist yet. */
async function realpathOfNearest(dir: string): Promise<string> {
  for (let current = dir; ; current = nodePath.dirname(current)) {
    try {
      return await fs.realpath(current);
    } catch (error) {
      if (!NOT_A_FILE.has((error as NodeJS.ErrnoException).code ?? '') || nodePath.dirname(current) === current) throw error;
    }
  }
}

function isInside(root: string, candidate: string): boolean {
  const rel = nodePath.relative(root, candidate);
  return rel === '' || (!rel.startsWith('..') && !nodePath.isAbsolute(rel));
}

// The Node adapter for a bundle folder: lists and reads files, writes generated files atomically. Every path
// is checked to stay inside the bundle, symlinks included (a link pointing outside is refused, not followed).
import {
  closeSync,
  constants as fsConstants,
  fstatSync,
  lstatSync,
  openSync,
  promises as fs,
  realpathSync,
  statSync,
  type Stats,
} from 'node:fs';
import * as nodePath from 'node:path';
import { Buffer } from 'node:buffer';
import { TextDecoder } from 'node:util';
import { ChangedSincePlan } from '../core/author/apply-plan';
import type { PersistedFile } from '../core/index/snapshot';
import { normalizeBundlePath } from '../core/okf/paths';
import type { BundleSource, BundleWriter, FileStat } from '../core/types';
import type { PieceWriter } from './folder-bundle';
import {
  checkUnchanged,
  createExclusively,
  keepOwnerAndMode,
  lstatIfExists,
  realpathOfNearest,
  refusalOf,
} from './write-guards';
import { closedUnless, namesOpenFiles, NOT_A_FILE, NotAFileInside, openedRealPath, sameFile } from './opened-path';
import { persistedFile, READ_FLAGS, readOpenFile, writeWhole } from './whole-file';
import { listShown, ShownPaths } from './shown-names';
import { FolderLinks } from './folder-links';
import { BundleRoot } from './bundle-root';
import { asWriteFailure } from './write-failure';

/** Files larger than this are refused rather than read into memory. */
const MAX_FILE_BYTES = 32 * 1024 * 1024;
/** Folders never walked: hidden ones (`.obsidian`, `.git`, `.trash`) and dependency trees. */
const SKIPPED_DIRS = new Set(['node_modules']);
export const skippedName = (name: string): boolean => name.startsWith('.') || SKIPPED_DIRS.has(name);

/** Refuses to open a link in the file's place (undefined where the system has no such flag: Windows). */
const NO_FOLLOW: number | undefined = fsConstants.O_NOFOLLOW;
/**
 * Bundle text: undecodable bytes become U+FFFD, a BOM is kept. One decoder (it keeps no state); Node's own, as a
 * test environment without the global one (jsdom) loads this file too.
 */
const UTF8 = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });
/** Files that fit are read into this one buffer: 10,000 new ones outside the JS heap weighed on a build's GC. */
const SCRATCH = Buffer.allocUnsafe(256 * 1024);
/** Numbers temporary files, so concurrent writes in one process never pick the same name. */
let tempCounter = 0;
/** How an FsBundle reads; for tests. */
export interface FsBundleOptions {
  /** false: read as where no system call names an open file's real path (no /proc: macOS, the BSDs). */
  openedPaths?: boolean;
}

/** A bundle on the local file system. */
export class FsBundle implements BundleSource, BundleWriter {
  /** The bundle folder, symlinks resolved. */
  readonly root: string;
  /** Whether the system names an open file's real path (probed at the first read). */
  private namesOpened: boolean | undefined;

  /** The bundle folder as opened (its device and inode). */
  private readonly opened: BundleRoot;

  constructor(
    dir: string,
    private readonly options: FsBundleOptions = {},
  ) {
    this.root = realpathSync(dir);
    this.opened = new BundleRoot(this.root);
  }

  /** Why the bundle folder is no longer the one opened (moved, deleted), or undefined: asked by every write. */
  gone(): string | undefined {
    return this.opened.gone();
  }

  /** Names shown composed (NFC) as Obsidian shows them, and the stored names they stand for (shown-names.ts). */
  private readonly shown = new ShownPaths();

  /** Links to folders found by the last listing: never walked, reported (folder-links.ts). */
  private readonly folderLinks = new FolderLinks();

  /** Every file, by its shown path: a name stored decomposed (NFD) is shown composed, as Obsidian shows it. */
  async list(): Promise<string[]> {
    this.folderLinks.reset();
    return listShown(this.root, skippedName, this.shown, (path, full) => this.folderLinks.note(path, full));
  }

  /** True for a link to a folder the last listing found; reading it fails, naming where it leads. */
  readonly isFolderLink = (path: string): boolean => this.folderLinks.has(path);

  /** The path `list` shows for `stored`, a bundle path as on disk (a file watcher's report). */
  shownPath(stored: string): string {
    return this.shown.shownPath(this.root, stored);
  }

  // read and stat use synchronous calls: a catch-up or a build makes ~10,000 of each; the promise API cost 4x their CPU
  // (630 against 160 ms at 10,000 files), lstat callbacks ~3x, a worker ~0.1 s to start (ARCHITECTURE.md, session 12).
  async read(path: string): Promise<string> {
    return this.readOpened(path).text;
  }

  /** As read, with the stat of the file read (its descriptor's): never an outside file's, as `stat`'s may be. */
  async readWithStat(path: string): Promise<{ text: string; stat: FileStat }> {
    const { text, stats } = this.readOpened(path);
    return { text, stat: fileStatOf(stats) };
  }

  /** The text of `path` and the fstat of the file it was read from. */
  private readOpened(path: string): { text: string; stats: Stats } {
    const { fd, stats } = this.openFile(path);
    try {
      const size = stats.size;
      if (size > MAX_FILE_BYTES) throw new Error(`${path} is ${size} bytes, over the ${MAX_FILE_BYTES}-byte limit`);
      // Decoded before anything else runs: the shared buffer is the next read's.
      return { text: UTF8.decode(readOpenFile(fd, size, SCRATCH)), stats };
    } finally {
      closeSync(fd);
    }
  }

  /** `path` opened to read (openInside) and its fstat; throws unless it is a regular file. */
  private openFile(path: string): { fd: number; stats: Stats } {
    this.folderLinks.refuse(path, this.root);
    const fd = this.openInside(path);
    let stats: Stats | undefined;
    closedUnless(fd, () => {
      stats = fstatSync(fd);
      return stats.isFile() ? undefined : new NotAFileInside(`${path} is not a file`);
    });
    return { fd, stats: stats! };
  }

  /** As openFile, but undefined when no regular file is inside the bundle there: missing, a folder, a link out. */
  private openFileIfAny(path: string): { fd: number; stats: Stats } | undefined {
    try {
      return this.openFile(path);
    } catch (error) {
      if (error instanceof NotAFileInside || NOT_A_FILE.has((error as NodeJS.ErrnoException).code ?? '')) return;
      throw error;
    }
  }

  // Opens `path` to read, following a link only when it stays inside. Where the system names an open file's real path
  // (Linux), that is what is judged, so a path changed between a check and the open cannot lead out: a plain file opens
  // in its folder's real path cached for one synchronous burst, with O_NOFOLLOW (a realpath per file was a fifth of
  // reading a 10,000-file bundle); a link, a missing file or a folder leading out takes the full check, with its
  // messages; either way the file opened is refused unless it is inside (a folder swapped for a link during the burst).
  // Elsewhere each file's real path is checked before the open and again once open, and must name the file opened.
  private openInside(path: string): number {
    if (this.namesOpened === undefined) this.namesOpened = this.options.openedPaths !== false && namesOpenFiles();
    if (this.namesOpened) {
      const normalized = this.storedPath(path);
      let fd: number | undefined;
      try {
        // A link is never opened here, even to fail (O_NOFOLLOW): one leading out is not to be touched at all.
        const full = normalized === null ? undefined : this.inRealDir(normalized);
        if (full !== undefined && !lstatSync(full).isSymbolicLink()) fd = openSync(full, READ_FLAGS | (NO_FOLLOW ?? 0));
      } catch {
        // Missing, or a folder leading out: the full check below says so.
      }
      fd ??= openSync(this.resolveExisting(path), READ_FLAGS);
      return closedUnless(fd, () => {
        const real = openedRealPath(fd);
        return isInside(this.root, real)
          ? undefined
          : new NotAFileInside(`${path} is a link to ${real}, outside the bundle; refused`);
      });
    }
    const full = this.resolve(path);
    const fd = openSync(this.insideReal(path, full), READ_FLAGS | (NO_FOLLOW ?? 0));
    return closedUnless(fd, () => {
      // Resolved again once open: a folder swapped for a link before the open leads out now, or, swapped back since,
      // no longer holds the file opened.
      const real = realpathSync.native(full);
      return isInside(this.root, real) && sameFile(fd, real)
        ? undefined
        : new NotAFileInside(
            `${path} changed as it was opened (a folder or link swapped), it may lead outside the bundle; refused`,
          );
    });
  }

  async stat(path: string): Promise<FileStat | undefined> {
    return this.statNow(path);
  }

  /** `stat` of each path, in one synchronous burst (the folders' real paths checked once for all of them). */
  async statMany(paths: readonly string[]): Promise<(FileStat | undefined)[]> {
    return paths.map((path) => this.statNow(path));
  }

  private statNow(path: string): FileStat | undefined {
    try {
      const st = this.statInside(path);
      return st.isFile() ? fileStatOf(st) : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * Reads raw bytes (wiki.db, a file an interrupted write completes). Undefined when there is no regular file inside
   * the bundle there: missing, a folder, or a link pointing out of the bundle (never followed). The file opened is
   * judged, as by `read` (a folder swapped for a link meanwhile is refused), and has no size limit.
   */
  async readBytes(path: string): Promise<Uint8Array | undefined> {
    const file = this.openFileIfAny(path);
    if (file === undefined) return undefined;
    try {
      return new Uint8Array(readOpenFile(file.fd, file.stats.size));
    } finally {
      closeSync(file.fd);
    }
  }

  /**
   * As readBytes, but the bytes are read only when `readInto` is called, into the caller's buffer (wiki.db goes
   * straight into the SQLite engine's memory: a 150 MB file is never held twice). `readInto`, `readIntoLater` and
   * `openReader` open the file again, judged as the first open was (what lies between them is the caller's), and throw
   * (reject) when it is no longer inside the bundle or no longer has the size it had here.
   */
  async openBytes(path: string): Promise<PersistedFile | undefined> {
    const file = this.openFileIfAny(path);
    if (file === undefined) return undefined;
    closeSync(file.fd);
    return persistedFile(file.stats.size, () => this.openFile(path).fd);
  }

  async exists(path: string): Promise<boolean> {
    try {
      await fs.access(this.resolve(path));
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Writes to a temporary file beside the target, then renames it over the target: never a half-written file.
   * The file keeps its mode (and owner, where permitted); a read-only file is refused. A link inside the bundle
   * is kept and its target edited. `expected` (authoring): the text the file must still hold, checked right
   * before the rename; null: the file must not exist, and it is created exclusively (never overwritten). `data` may
   * be a PieceWriter: its pieces are written as they come, into the same temporary file.
   */
  async write(path: string, data: string | Uint8Array | PieceWriter, expected?: string | null): Promise<void> {
    const full = await this.writeTarget(path);
    const found = await lstatIfExists(full);
    // A link still here leads out of the bundle or nowhere: it is replaced, and its target's mode means nothing.
    if (found?.isSymbolicLink() && expected === null)
      throw new ChangedSincePlan(path, `${path} was created since the preview; it was not overwritten`);
    const existing = found?.isSymbolicLink() ? undefined : found;
    if (existing !== undefined) {
      const refusal = await refusalOf(path, full, existing);
      if (refusal !== undefined) throw new Error(refusal);
      if (expected === null)
        throw new ChangedSincePlan(path, `${path} was created since the preview; it was not overwritten`);
    }
    // Unique per write, not only per process and millisecond: two writes of one file at once must not share it.
    const tmp = `${full}.tmp-${process.pid}-${Date.now().toString(36)}-${(tempCounter++).toString(36)}`;
    try {
      const handle = await fs.open(tmp, 'wx', existing ? existing.mode & 0o7777 : 0o666);
      try {
        if (typeof data === 'function') data((piece) => writeWhole(handle.fd, piece));
        else await handle.writeFile(data);
        if (existing !== undefined) await keepOwnerAndMode(handle, existing);
        await handle.sync();
      } finally {
        await handle.close();
      }
      if (expected === null) await createExclusively(tmp, full, path);
      else {
        if (expected !== undefined) await checkUnchanged(path, full, expected);
        await fs.rename(tmp, full);
      }
    } catch (error) {
      throw asWriteFailure(full, error, existing !== undefined);
    } finally {
      // A write that failed half-way, or a page linked into place, leaves no temporary file behind.
      await fs.rm(tmp, { force: true });
    }
  }

  /** Why `write` would refuse the file outright (read-only, not a file), or undefined. */
  async refusal(path: string): Promise<string | undefined> {
    if (!(await this.exists(path))) return undefined;
    const full = await this.writeTarget(path);
    const found = await lstatIfExists(full);
    return found === undefined || found.isSymbolicLink() ? undefined : refusalOf(path, full, found);
  }

  /**
   * The file a write replaces, inside the bundle, its folder created: for a link, the file it points to when that is
   * inside too.
   */
  private async writeTarget(path: string): Promise<string> {
    const full = this.resolve(path);
    // mkdir below would create the bundle folder itself again, were it gone (and it is not "outside the bundle").
    const gone = this.gone();
    if (gone !== undefined) throw new Error(`${gone}; ${path} was not written`);
    // Checked before mkdir too: a linked folder must not get new folders created inside its outside target.
    const outside = () => new Error(`${path}: folder resolves outside the bundle`);
    if (!isInside(this.root, await realpathOfNearest(nodePath.dirname(full)))) throw outside();
    await fs.mkdir(nodePath.dirname(full), { recursive: true });
    const dirReal = realpathSync(nodePath.dirname(full));
    if (!isInside(this.root, dirReal)) throw outside();
    const target = nodePath.join(dirReal, nodePath.basename(full));
    const link = await fs.lstat(target).catch(() => undefined);
    if (!link?.isSymbolicLink()) return target;
    // A link inside the bundle: renaming over it would replace it with a copy and cut it from the file it shares.
    // One leading out of the bundle (or nowhere) is replaced by the file, and what it pointed at is never touched.
    const real = await fs.realpath(target).catch(() => undefined);
    return real !== undefined && isInside(this.root, real) ? real : target;
  }

  /** The absolute path of a bundle path; throws when it would leave the bundle. */
  resolve(path: string): string {
    const normalized = this.storedPath(path);
    if (normalized === null) throw new Error(`${JSON.stringify(path)} is outside the bundle`);
    return nodePath.join(this.root, ...normalized.split('/').filter(Boolean));
  }

  /** The normalized bundle path of the file shown as `path`, with its names as stored; null when outside. */
  private storedPath(path: string): string | null {
    const normalized = normalizeBundlePath(path);
    return normalized === null ? null : this.shown.storedForm(normalized);
  }

  /**
   * Stats the file at `path`, following a link only when it stays inside the bundle. A plain file needs only its
   * folder's real path, checked and cached for one synchronous burst (a catch-up stats 200 files in one go): a
   * realpath and the path arithmetic per file were most of a cold CLI question's catch-up. A link gets the full check.
   */
  private statInside(path: string): Stats {
    const normalized = this.storedPath(path);
    if (normalized === null) throw new Error(`${JSON.stringify(path)} is outside the bundle`);
    const st = lstatSync(this.inRealDir(normalized));
    return st.isSymbolicLink() ? statSync(this.resolveExisting(path)) : st;
  }

  /** The file of normalized bundle path `normalized` in its folder's real path (realDir), not following it. */
  private inRealDir(normalized: string): string {
    const slash = normalized.lastIndexOf('/');
    // One segment, never `.`, `..` or empty (normalized), so plain concatenation stays in that folder.
    return this.realDir(normalized.slice(0, slash)) + nodePath.sep + normalized.slice(slash + 1);
  }

  /** Real paths of bundle folders, valid until the current synchronous run of code ends (then folders may change). */
  private dirCache: Map<string, string> | undefined;

  /** The real path of bundle folder `dir` ('' for the root, else '/a/b'); throws when it resolves outside. */
  private realDir(dir: string): string {
    if (this.dirCache === undefined) {
      const cache = new Map<string, string>();
      this.dirCache = cache;
      queueMicrotask(() => {
        if (this.dirCache === cache) this.dirCache = undefined;
      });
    }
    let real = this.dirCache.get(dir);
    if (real === undefined) {
      real = realpathSync.native(nodePath.join(this.root, ...dir.split('/').filter(Boolean)));
      if (!isInside(this.root, real)) throw new Error(`${dir}: folder resolves outside the bundle`);
      this.dirCache.set(dir, real);
    }
    return real;
  }

  private resolveExisting(path: string): string {
    return this.insideReal(path, this.resolve(path));
  }

  /** The real path of `full`, the file of bundle path `path`; throws when it is outside the bundle. */
  private insideReal(path: string, full: string): string {
    const real = realpathSync.native(full);
    if (!isInside(this.root, real))
      throw new NotAFileInside(`${path} is a link to ${real}, outside the bundle; refused`);
    return real;
  }
}

/**
 * What the index records of a file. ctime moves on every write and cannot be set back (cp -p, rsync -t and touch -d
 * restore only mtime), so it marks a changed file even when its mtime and size were kept (FileStat.ctime).
 */
function fileStatOf(st: Stats): FileStat {
  return { mtime: Math.floor(st.mtimeMs), size: st.size, ctime: Math.floor(st.ctimeMs) };
}

function isInside(root: string, candidate: string): boolean {
  const rel = nodePath.relative(root, candidate);
  return rel === '' || (!rel.startsWith('..') && !nodePath.isAbsolute(rel));
}

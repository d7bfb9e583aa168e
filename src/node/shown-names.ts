// The names the CLI and the MCP server show for a bundle's files: composed (NFC) where a name is stored otherwise
// (decomposed by macOS tools, or an rsync from a Mac), as Obsidian shows it (its normalizePath composes). Else the
// two shells hold one file under two paths: ties in a ranking, which go by path, fall differently ("e\u0301"
// sorts before "f", "\u00e9" after it), each re-reads the file the other recorded, and the printed paths differ.
// Only the shown path is composed; the file is always reached by its stored name, taken from the folder's listing,
// so a shown path names nothing the listing did not find (the usual checks against leaving the bundle then apply).
import { promises as fs, readdirSync, type Dirent } from 'node:fs';
import * as nodePath from 'node:path';

/** Why a folder's listing fails when it is no longer there (or no longer a folder). */
const GONE = new Set(['ENOENT', 'ENOTDIR']);

/** Any character outside ASCII (an all-ASCII name is composed already: the common case costs one test). */
const NON_ASCII = /[\u0080-\uffff]/;

/**
 * The name shown for each of one folder's stored `names`, in order: its NFC form when that differs, unless another
 * name of the folder has the same NFC form (two files Obsidian could not tell apart: each is shown as stored, so
 * neither hides the other).
 */
export function shownNames(names: readonly string[]): readonly string[] {
  // The same array when every name is shown as stored (an all-ASCII folder), so a caller can tell at a glance.
  if (!names.some((n) => NON_ASCII.test(n))) return names;
  const composed = names.map((n) => (NON_ASCII.test(n) ? n.normalize('NFC') : n));
  const count = new Map<string, number>();
  for (const c of composed) count.set(c, (count.get(c) ?? 0) + 1);
  return names.map((n, i) => (composed[i] !== n && count.get(composed[i]) === 1 ? composed[i] : n));
}

/** The stored form of shown bundle paths, as the last listing (or `shownPath`) found them. */
export class ShownPaths {
  /** Stored bundle path by shown bundle path, for the paths whose forms differ (files and folders). */
  private stored = new Map<string, string>();
  /** Shown bundle path by stored bundle path (the reverse of `stored`). */
  private shown = new Map<string, string>();

  /** Forgets what an earlier listing found (a listing records everything anew). */
  reset(): void {
    this.stored = new Map();
    this.shown = new Map();
  }

  /**
   * Records that `stored` (a bundle path as on disk) is shown as `shown`. Shown as itself, a path drops what an
   * earlier record sent elsewhere: a name replaced by its composed form since the listing (a commit normalizing names,
   * a sync) is the file that bears it now, not the stored name that is gone.
   */
  record(shown: string, stored: string): void {
    if (shown === stored) {
      const earlier = this.stored.get(shown);
      if (earlier !== undefined) {
        this.stored.delete(shown);
        this.shown.delete(earlier);
      }
      return;
    }
    this.stored.set(shown, stored);
    this.shown.set(stored, shown);
  }

  /**
   * The stored form of normalized bundle path `path`: as recorded, or under a folder recorded (a new file written
   * into a folder shown composed), else `path` itself.
   */
  storedForm(path: string): string {
    if (this.stored.size === 0) return path;
    const exact = this.stored.get(path);
    if (exact !== undefined) return exact;
    for (let slash = path.lastIndexOf('/'); slash > 0; slash = path.lastIndexOf('/', slash - 1)) {
      const folder = this.stored.get(path.slice(0, slash));
      if (folder !== undefined) return folder + path.slice(slash);
    }
    return path;
  }

  /**
   * The shown form of `stored`, a bundle path as on disk under `root` (a watcher's report): as recorded, else found
   * segment by segment from each folder's listing, as `list` shows it (a folder gone shows the rest as stored).
   */
  shownPath(root: string, stored: string): string {
    // An ASCII path is shown as itself, but may still be the shown form of a name since replaced (KELVIN SIGN -> K).
    if (this.stored.size === 0 && !NON_ASCII.test(stored)) return stored;
    const known = this.shown.get(stored);
    if (known !== undefined) return known;
    const segments = stored.split('/').filter(Boolean);
    let shownSoFar = '';
    let storedSoFar = '';
    for (const name of segments) {
      let shown = name;
      // A composed name is always shown as stored (shownNames): its folder is not read, or every report of a file
      // under a non-Latin name read a 10,000-name folder (~26 ms each, synchronous: a pull of 1,000 such files held the
      // MCP server ~26 s).
      if (NON_ASCII.test(name) && name.normalize('NFC') !== name) {
        try {
          const siblings = readdirSync(nodePath.join(root, ...storedSoFar.split('/').filter(Boolean)));
          // The name itself is among them unless it is gone (an unlink): counted as if still there.
          const all = siblings.includes(name) ? siblings : [...siblings, name];
          shown = shownNames(all)[all.indexOf(name)];
        } catch {
          // The folder is gone: the name as stored.
        }
      }
      shownSoFar += '/' + shown;
      storedSoFar += '/' + name;
      this.record(shownSoFar, storedSoFar);
    }
    return shownSoFar;
  }
}

/**
 * Every file under `root` (links included, never walked; folders whose name `skipped` are not walked), by shown
 * bundle path, sorted; `shown` records the stored form of each path shown otherwise (what an earlier listing
 * recorded is forgotten). `onLink` is told each link listed: its shown path and its full path on disk.
 */
export async function listShown(
  root: string,
  skipped: (name: string) => boolean,
  shown: ShownPaths,
  onLink?: (path: string, full: string) => void,
): Promise<string[]> {
  const out: string[] = [];
  shown.reset();
  const walk = async (dir: string, prefix: string, storedPrefix: string): Promise<void> => {
    let entries: Dirent[];
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch (error) {
      // A folder gone since its parent was listed (a sync client, a build, `git checkout`): gone, as a file gone
      // between the listing and its read is; context and lint failed with a raw `ENOENT: scandir` (QA3 Q12). The
      // bundle folder itself still fails, with its own error.
      if (prefix !== '' && GONE.has(String((error as NodeJS.ErrnoException).code))) return;
      throw error;
    }
    const stored = entries.map((e) => e.name);
    const names = shownNames(stored);
    // Nothing to record in a folder shown as stored (nearly all of them): no second path built per file.
    const asStored = names === stored && prefix === storedPrefix;
    for (let i = 0; i < entries.length; i++) {
      const entry = entries[i];
      if (skipped(entry.name)) continue;
      const bundlePath = `${prefix}/${names[i]}`;
      const storedPath = asStored ? bundlePath : `${storedPrefix}/${entry.name}`;
      if (!asStored) shown.record(bundlePath, storedPath);
      // Joined only for a folder: 10,000 joins for the files cost a cold question ~10 ms.
      if (entry.isDirectory()) await walk(nodePath.join(dir, entry.name), bundlePath, storedPath);
      else if (entry.isFile()) out.push(bundlePath);
      else if (entry.isSymbolicLink()) {
        out.push(bundlePath);
        onLink?.(bundlePath, nodePath.join(dir, entry.name));
      }
    }
  };
  await walk(root, '', '');
  return out.sort();
}

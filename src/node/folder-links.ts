// Linked folders in a bundle folder: never walked (their notes could be outside the bundle, or indexed twice under
// two paths), but said, as a linked file leading out is. The listing records them (FsBundle.list), a build lists
// them among the concept files (BundleSource.isFolderLink), and their read fails with a message naming the link and
// where it leads: reindex, lint and every catch-up report it as a diagnostic of that path (code linked-folder).
import { realpathSync, statSync } from 'node:fs';
import * as nodePath from 'node:path';
import { LINKED_FOLDER, type LinkedFolderRefusal, type Severity } from '../core/types';
import { NotAFileInside } from './opened-path';

/** The links to folders the last listing found, by shown bundle path. */
export class FolderLinks {
  /** Full path on disk by shown bundle path. */
  private found = new Map<string, string>();

  /** Forgets what an earlier listing found. */
  reset(): void {
    this.found = new Map();
  }

  /** Records the link at `full` (shown as `path`) when it leads to a folder; a broken link is left to the read. */
  note(path: string, full: string): void {
    try {
      if (statSync(full).isDirectory()) this.found.set(path, full);
    } catch {
      // Dangling or unreadable: not a folder.
    }
  }

  has(path: string): boolean {
    return this.found.has(path);
  }

  /** Throws why `path`, a linked folder of `root`'s bundle, is not read; returns for any other path. */
  refuse(path: string, root: string): void {
    const full = this.found.size === 0 ? undefined : this.found.get(path);
    if (full === undefined) return;
    let real: string;
    try {
      real = realpathSync.native(full);
    } catch {
      real = full;
    }
    const rel = nodePath.relative(root, real);
    if (rel.startsWith('..') || nodePath.isAbsolute(rel))
      throw new LinkedFolder(`${path} is a link to ${real}, a folder outside the bundle; not followed`, 'error');
    throw new LinkedFolder(
      `${path} is a link to the folder /${rel.split(nodePath.sep).join('/')}; linked folders are not followed, ` +
        `so the notes in it are not indexed through the link (they are, under their own path)`,
      'warning',
    );
  }
}

/**
 * Why a linked folder is not read. Leading out of the bundle it is an error, as a linked file leading out is; leading
 * inside, a warning: an alias of notes indexed under their own path (lint then still exits 0).
 */
export class LinkedFolder extends NotAFileInside implements LinkedFolderRefusal {
  readonly code = LINKED_FOLDER;
  constructor(
    message: string,
    readonly severity: Severity,
  ) {
    super(message);
  }
}

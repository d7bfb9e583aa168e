// Linked folders in a bundle folder: never walked (their notes could be outside the bundle, or indexed twice under
// two paths), but said, as a linked file leading out is. The listing records them (FsBundle.list), a build lists
// them among the concept files (BundleSource.isFolderLink), and their read fails with a message naming the link and
// where it leads: reindex, lint and every catch-up report it as a diagnostic of that path (code linked-folder).
// A link to a concept file inside the bundle is read once, under the file's own path: through the link it was a
// second concept with every fact twice, the link a seed, and lint's fixes wrote relations to the link (QA3 Q5); its
// read fails with a warning naming both (code linked-file). A link to nothing says so, not `ENOENT … realpath`.
import { readlinkSync, realpathSync, statSync } from 'node:fs';
import * as nodePath from 'node:path';
import { isConceptCandidate } from '../core/okf/paths';
import { LINKED_FILE, LINKED_FOLDER, type LinkedFolderRefusal, type Severity } from '../core/types';
import { NotAFileInside } from './opened-path';

/** The links to folders the last listing found, by shown bundle path. */
export class FolderLinks {
  /** Full path on disk by shown bundle path. */
  private found = new Map<string, string>();
  /** Links of concept files (a folder's are in `found`), full path on disk by shown bundle path. */
  private files = new Map<string, string>();

  /** Forgets what an earlier listing found. */
  reset(): void {
    this.found = new Map();
    this.files = new Map();
  }

  /** Records the link at `full` (shown as `path`) when it leads to a folder, or is a concept file's. */
  note(path: string, full: string): void {
    try {
      if (statSync(full).isDirectory()) return void this.found.set(path, full);
    } catch {
      // Dangling or unreadable: not a folder.
    }
    if (isConceptCandidate(path)) this.files.set(path, full);
  }

  /** Throws for a concept file's link the listing found (refuseLinkedFile). */
  private refuseFile(path: string, root: string): void {
    const full = this.files.get(path);
    if (full !== undefined) refuseLinkedFile(path, full, root);
  }

  has(path: string): boolean {
    return this.found.has(path);
  }

  /** Throws why `path`, a linked folder of `root`'s bundle, is not read; returns for any other path. */
  refuse(path: string, root: string): void {
    if (this.files.size > 0) this.refuseFile(path, root);
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
 * Throws why `path`, a link to a concept file the listing found, is not read: it leads to a file inside the bundle
 * (indexed under that path: a warning), or to nothing. One leading out is left to the read, which refuses it.
 */
function refuseLinkedFile(path: string, full: string, root: string): void {
  let real: string;
  try {
    real = realpathSync.native(full);
  } catch {
    let target = '?';
    try {
      target = readlinkSync(full);
    } catch {
      // Gone meanwhile: the read says so.
      return;
    }
    throw new NotAFileInside(`${path} is a link to ${target}, which does not exist`);
  }
  const rel = nodePath.relative(root, real);
  if (rel.startsWith('..') || nodePath.isAbsolute(rel)) return;
  throw new LinkedFolder(
    `${path} is a link to /${rel.split(nodePath.sep).join('/')}: linked files are not read through the link, ` +
      'so that file is indexed once, under its own path',
    'warning',
    LINKED_FILE,
  );
}

/**
 * Why a linked folder is not read. Leading out of the bundle it is an error, as a linked file leading out is; leading
 * inside, a warning: an alias of notes indexed under their own path (lint then still exits 0).
 */
export class LinkedFolder extends NotAFileInside implements LinkedFolderRefusal {
  constructor(
    message: string,
    readonly severity: Severity,
    readonly code: typeof LINKED_FOLDER | typeof LINKED_FILE = LINKED_FOLDER,
  ) {
    super(message);
  }
}

// The bundle folder as the Node shells opened it: a long-lived server (and every write) checks it is still there and
// still that folder, so none answers from an empty index or re-creates a folder moved or deleted (review rv-qa 2).
import { lstatSync, statSync, type Stats } from 'node:fs';

/** Says that the bundle folder `root` is no longer there (FsBundle.gone, and the write lock of a folder gone). */
export function bundleGone(root: string): string {
  return `the bundle folder ${root} is gone (moved or deleted)`;
}

/** The device and inode of a bundle folder when opened: the folder at its path later must be that one. */
export class BundleRoot {
  private readonly dev: number;
  private readonly ino: number;

  constructor(private readonly root: string) {
    ({ dev: this.dev, ino: this.ino } = statSync(root));
  }

  /** Why the folder is no longer the one opened (moved, deleted, or another put in its place), or undefined. */
  gone(): string | undefined {
    let found: Stats | undefined;
    try {
      found = lstatSync(this.root);
    } catch {
      // Missing (or unreachable): gone either way.
    }
    if (found?.isDirectory() && found.dev === this.dev && found.ino === this.ino) return undefined;
    return bundleGone(this.root);
  }
}

// `.okf-wiki/`, the bundle's scratch folder (the write lock, the pending-edit records), is used only as a real
// folder inside the bundle. A bundle from elsewhere can hold it, or a folder in it, as a link (git keeps links):
// followed, a writer would create its lock and records of planned texts outside the bundle, and clear "leftover"
// files from the link's target, deleting files that are not its own.
import { promises as fs, type Stats } from 'node:fs';
import * as nodePath from 'node:path';

/** Folder of the lock and the pending-write records, inside the bundle (hidden: never listed or indexed). */
export const STATE_DIR = '.okf-wiki';

/** What `full` is (lstat), or undefined when it does not exist; throws naming it when it is a link. */
export async function refuseLink(full: string): Promise<Stats | undefined> {
  const found = await fs.lstat(full).catch(() => undefined);
  if (found?.isSymbolicLink())
    throw new Error(
      `${full} is a link; refused: okf-wiki keeps its write lock and pending edits in ${STATE_DIR} ` +
        'and never follows a link there out of the bundle. Remove it and run again.',
    );
  return found;
}

/**
 * `root/.okf-wiki/…sub`, after checking that none of the folders on the way is a link (`root` is the bundle's real
 * path). Throws naming the first link. One that is missing is created later as a real folder; a file in the way
 * fails there, with the caller's own message.
 */
export async function stateDir(root: string, ...sub: string[]): Promise<string> {
  let relative = STATE_DIR;
  for (let i = 0; ; i++) {
    const found = await refuseLink(nodePath.join(root, relative));
    if (found === undefined || !found.isDirectory() || i === sub.length) break;
    relative = nodePath.join(relative, sub[i]);
  }
  return nodePath.join(root, STATE_DIR, ...sub);
}

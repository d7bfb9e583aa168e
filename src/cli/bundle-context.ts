// Opening the bundle named by --bundle: a clear error (exit 2) when it is missing, not a folder, a folder inside
// another bundle, or a folder above one (wiki-root.ts).
import { realpathSync, statSync } from 'node:fs';
import * as nodePath from 'node:path';
import type { Flags } from './args';
import { InputError } from './input-error';
import { FsBundle } from '../node/fs-bundle';
import type { CliIo } from './io';
import { enclosingBundle, hasConfig, looksLikeTop, wikiBelow } from './wiki-root';

export { WIKI_DB } from '../node/paths';

export function openBundle(flags: Flags, io: CliIo): FsBundle {
  const hint = "--bundle names the wiki's folder (default: the current folder)";
  // An empty value is a mistake (an unset variable), not "the current folder".
  if (flags.bundle === '') throw new InputError('--bundle is empty', hint);
  const dir = nodePath.resolve(io.cwd, flags.bundle ?? '.');
  let isDir = false;
  try {
    isDir = statSync(dir).isDirectory();
  } catch {
    throw new InputError(`bundle folder not found: ${dir}`, hint);
  }
  if (!isDir) throw new InputError(`--bundle must be a folder: ${dir}`, hint);
  refuseUnlessRoot(realpathSync(dir), hint);
  return new FsBundle(dir);
}

/**
 * Throws (exit 2) for a folder inside a bundle, and for one above a wiki that is found below it. Every command
 * refuses, the read-only ones too: `context` and `lint` save wiki.db, and answering from the enclosing bundle instead
 * would use (and write) a folder the user did not name; the message gives the --bundle to pass. A folder with its own
 * okf-wiki.json is a bundle of its own, even inside another.
 */
function refuseUnlessRoot(dir: string, hint: string): void {
  if (!hasConfig(dir)) {
    const outer = enclosingBundle(dir);
    if (outer !== undefined)
      throw new InputError(
        `${dir} is inside the bundle ${outer.root} (it holds ${outer.marker}): use --bundle ${outer.root}`,
        'run okf-wiki on the whole bundle: paths written from a folder inside it would be wrong for the bundle',
      );
  }
  if (looksLikeTop(dir)) return;
  const below = wikiBelow(dir);
  if (below !== undefined)
    throw new InputError(
      `no wiki here: ${dir} holds no okf-wiki.json and no concept at its top; did you mean --bundle ${below}?`,
      hint,
    );
}

// Where `okf-wiki evaluate` reads its labeled set and writes the set's companions, `<set>.last.json` (the last run) and
// `<set>.baseline.json` (the committed metrics): always beside the set, under the name it was given. The bundle's own
// evaluate.json, and a --set FILE inside the bundle, go through the bundle like any of its files (a link or a folder
// leading out of it refused). A --set FILE outside the bundle is the user's to name: it is read where they say (a
// link followed: they named it), and its companions are plain files beside that name, never written through a link
// (one at the companion's name is refused, the temporary file is created exclusively under an unguessable name).
import { randomBytes } from 'node:crypto';
import { promises as fs, realpathSync } from 'node:fs';
import * as nodePath from 'node:path';
import { baselinePath, DEFAULT_SET_NAME, lastResultPath, type SetFiles } from '../core/evaluate/evaluate-set-file';
import type { FsBundle } from '../node/fs-bundle';
import { asWriteFailure } from '../node/write-failure';
import { InputError } from './input-error';

/** The set to run and how to reach it and its companions. */
export interface EvaluateSet {
  /** The set's absolute path (its companions' names derive from it). */
  readonly setPath: string;
  readonly files: SetFiles;
}

const SET_HINT = '--set names a JSON file of labeled questions (default: evaluate.json in the bundle)';

/**
 * The set `--set` names (`named`, resolved against the working folder; undefined: the bundle's own evaluate.json).
 * `given`: the bundle folder as typed, before its links were resolved, so a set named through it counts as inside.
 */
export async function evaluateSet(bundle: FsBundle, given: string, named: string | undefined): Promise<EvaluateSet> {
  if (named === undefined) return { setPath: bundle.resolve('/' + DEFAULT_SET_NAME), files: bundleSetFiles(bundle) };
  const inside = insideBundle(bundle.root, given, named);
  if (inside !== undefined) return { setPath: inside, files: bundleSetFiles(bundle) };
  await refuseLinkedCompanions(named);
  return { setPath: named, files: namedSetFiles(named) };
}

/**
 * `named` as a path under the bundle's real root when it lies in the bundle: under the root or the folder as typed, or
 * in a folder whose real path is under the root. Undefined when it is outside.
 */
function insideBundle(root: string, given: string, named: string): string | undefined {
  for (const base of [root, given]) {
    const relative = under(base, named);
    if (relative !== undefined && relative !== '') return nodePath.join(root, relative);
  }
  let folder: string;
  try {
    folder = realpathSync.native(nodePath.dirname(named));
  } catch {
    return undefined;
  }
  return under(root, folder) === undefined ? undefined : nodePath.join(folder, nodePath.basename(named));
}

/** `path` relative to `base` when it is `base` or below it ('' for `base` itself), else undefined. */
function under(base: string, path: string): string | undefined {
  const relative = nodePath.relative(base, path);
  const climbs = relative === '..' || relative.startsWith('..' + nodePath.sep) || nodePath.isAbsolute(relative);
  return climbs ? undefined : relative;
}

/**
 * A set in the bundle and its companions, read and written through the bundle: a link among them leading outside is
 * refused like any other link, never followed; a folder resolving outside is refused before anything is written.
 */
function bundleSetFiles(bundle: FsBundle): SetFiles {
  const inBundle = (path: string) => '/' + nodePath.relative(bundle.root, path).split(nodePath.sep).join('/');
  return {
    async read(path) {
      const file = inBundle(path);
      return (await bundle.exists(file)) ? bundle.read(file) : undefined;
    },
    write: (path, text) => bundle.write(inBundle(path), text),
  };
}

/** A companion of a set outside the bundle that is a link or not a file: refused, before the run, naming it. */
async function refuseLinkedCompanions(setPath: string): Promise<void> {
  for (const path of [lastResultPath(setPath), baselinePath(setPath)]) await refuseUnlessPlainFile(path);
}

async function refuseUnlessPlainFile(path: string): Promise<void> {
  const found = await fs.lstat(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw new InputError(`cannot read ${path}: ${error.message}`, SET_HINT);
  });
  if (found === undefined || found.isFile()) return;
  const what = found.isSymbolicLink() ? 'a link' : 'not a regular file';
  throw new InputError(
    `${path} is ${what}; evaluate keeps its results only in plain files beside the set, never through a link`,
    'move it away, or copy the set to another folder and name that copy with --set',
  );
}

/** A set the user named outside the bundle, read where they say; its companions as plain files beside it. */
function namedSetFiles(setPath: string): SetFiles {
  return {
    async read(path) {
      if (path !== setPath) await refuseUnlessPlainFile(path);
      try {
        return await fs.readFile(path, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw new InputError(`cannot read ${path}: ${(error as Error).message}`, SET_HINT);
      }
    },
    async write(path, text) {
      await refuseUnlessPlainFile(path);
      // Created exclusively (O_EXCL never follows a link) under a name no one can plant beforehand; the rename then
      // replaces the name itself, never what a link there would point at.
      const tmp = `${path}.tmp-${process.pid}-${randomBytes(6).toString('hex')}`;
      const existed = await fs.lstat(path).then(
        () => true,
        () => false,
      );
      try {
        const handle = await fs.open(tmp, 'wx', 0o666);
        try {
          await handle.writeFile(text, 'utf8');
        } finally {
          await handle.close();
        }
        await fs.rename(tmp, path);
      } catch (error) {
        // A read-only folder: "could not write <the result file> (read-only file system)", not the temporary name.
        throw asWriteFailure(path, error, existed);
      } finally {
        await fs.rm(tmp, { force: true });
      }
    },
  };
}

// Opening the bundle named by --bundle: a clear error (exit 2) when it is missing or not a folder.
import { statSync } from 'node:fs';
import * as nodePath from 'node:path';
import type { Flags } from './args';
import { InputError } from './input-error';
import { FsBundle } from '../node/fs-bundle';
import type { CliIo } from './io';

export { WIKI_DB } from '../node/paths';

export function openBundle(flags: Flags, io: CliIo): FsBundle {
  const dir = nodePath.resolve(io.cwd, flags.bundle ?? '.');
  const hint = "--bundle names the wiki's folder (default: the current folder)";
  let isDir = false;
  try {
    isDir = statSync(dir).isDirectory();
  } catch {
    throw new InputError(`bundle folder not found: ${dir}`, hint);
  }
  if (!isDir) throw new InputError(`--bundle must be a folder: ${dir}`, hint);
  return new FsBundle(dir);
}

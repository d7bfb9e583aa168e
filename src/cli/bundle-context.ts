// Opening the bundle named by --bundle: a clear usage error (exit 2) when it is missing or not a folder.
import { statSync } from 'node:fs';
import * as nodePath from 'node:path';
import { UsageError, type Flags } from './args';
import { FsBundle } from '../node/fs-bundle';
import type { CliIo } from './io';

export { WIKI_DB } from '../node/paths';

export function openBundle(flags: Flags, io: CliIo): FsBundle {
  const dir = nodePath.resolve(io.cwd, flags.bundle ?? '.');
  let isDir = false;
  try {
    isDir = statSync(dir).isDirectory();
  } catch {
    throw new UsageError(`bundle folder not found: ${dir}`);
  }
  if (!isDir) throw new UsageError(`--bundle must be a folder: ${dir}`);
  return new FsBundle(dir);
}

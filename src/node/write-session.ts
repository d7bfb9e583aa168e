// How a Node command writes in a bundle: holding the bundle's write lock, after completing any commit a crash
// interrupted and sweeping the temporary files killed writers left. Every writing command of the CLI and the
// MCP server goes through here, so two of them never interleave their reads and writes.
import type { Clock } from '../core/types';
import { withBundleLock } from './bundle-lock';
import type { FsBundle } from './fs-bundle';
import type { Notes } from './folder-bundle';
import { completePendingWrites, sweepTempFiles } from './pending-writes';

/** Runs `work` holding `bundle`'s write lock; `command` (`okf-wiki relate`) is what a waiting writer is told. */
export function underWriteLock<T>(
  bundle: FsBundle,
  io: Notes,
  command: string,
  clock: Clock,
  work: () => Promise<T>,
): Promise<T> {
  return withBundleLock(
    bundle.root,
    command,
    async () => {
      for (const note of await completePendingWrites(bundle, clock)) io.err(`note: ${note}\n`);
      await sweepTempFiles(bundle);
      return work();
    },
    {
      onWait: (owner) =>
        io.err(
          `note: ${owner ? `${owner.command} (pid ${owner.pid})` : 'another okf-wiki'} ` +
            `is writing ${bundle.root}; waiting for it to finish\n`,
        ),
    },
  );
}

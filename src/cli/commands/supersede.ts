// `okf-wiki supersede OLD NEW [--at DATE]`: records that NEW replaces OLD, on both files (spec §7.7);
// `--dry-run` shows the diff without writing.
import { planSupersede } from '../../core/author/supersede';
import { UsageError, type Flags } from '../args';
import { openBundle } from '../bundle-context';
import { clockFromFlags } from '../clock';
import { todayOf } from '../../core/types';
import type { CliIo } from '../io';
import { authorInFolder, DEFAULT_CLI_ACTOR } from './author-common';

export async function supersedeCommand(flags: Flags, io: CliIo, positionals: string[]): Promise<number> {
  if (positionals.length !== 2)
    throw new UsageError(
      'supersede needs OLD NEW, e.g. okf-wiki supersede ' +
        'entities/att-bell-labs entities/lucent-bell-labs --at 1996-09-30',
    );
  const [old, successor] = positionals;
  const bundle = openBundle(flags, io);
  return authorInFolder(bundle, flags, io, 'supersede', () =>
    planSupersede(bundle, {
      old,
      new: successor,
      ...(flags.at !== undefined ? { at: flags.at } : {}),
      by: flags.by ?? DEFAULT_CLI_ACTOR,
      today: todayOf(clockFromFlags(flags)),
    }),
  );
}

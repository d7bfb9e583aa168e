// `okf-wiki relate SUBJECT PREDICATE OBJECT`: asserts a relation and its inverse in one step (spec §7.1);
// `--dry-run` shows the diff of both files without writing.
import { planRelate } from '../../core/author/relate';
import { UsageError, type Flags } from '../args';
import { openBundle } from '../bundle-context';
import type { CliIo } from '../io';
import { authorInFolder, bundleConfig, DEFAULT_CLI_ACTOR } from './author-common';

export async function relateCommand(flags: Flags, io: CliIo, positionals: string[]): Promise<number> {
  if (positionals.length !== 3) {
    throw new UsageError(
      'relate needs SUBJECT PREDICATE OBJECT, e.g. okf-wiki relate entities/marc-andreessen founded entities/netscape',
    );
  }
  const [subject, predicate, object] = positionals;
  const bundle = openBundle(flags, io);
  const request = {
    subject,
    predicate,
    object,
    ...(flags.inverse !== undefined ? { inverse: flags.inverse } : {}),
    ...(flags.date !== undefined ? { date: flags.date } : {}),
    ...(flags.source !== undefined ? { source: flags.source } : {}),
    by: flags.by ?? DEFAULT_CLI_ACTOR,
  };
  // okf-wiki.json is read under the lock too: the plan is made from what the bundle holds when it is written.
  return authorInFolder(bundle, flags, io, 'relate', async () =>
    planRelate(bundle, request, await bundleConfig(bundle, io)),
  );
}

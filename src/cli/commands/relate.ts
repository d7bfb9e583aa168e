// `okf-wiki relate SUBJECT PREDICATE OBJECT`: asserts a relation and its inverse in one step (spec §7.1);
// `--dry-run` shows the diff of both files without writing.
import { planRelate } from '../../core/author/relate';
import { UsageError, type Flags } from '../args';
import { openBundle } from '../bundle-context';
import { clockFromFlags } from '../clock';
import type { CliIo } from '../io';
import { bundleConfig, commitInFolder, DEFAULT_CLI_ACTOR, finishPlan } from './author-common';

export async function relateCommand(flags: Flags, io: CliIo, positionals: string[]): Promise<number> {
  if (positionals.length !== 3) {
    throw new UsageError('relate needs SUBJECT PREDICATE OBJECT, e.g. okf-wiki relate entities/marc-andreessen founded entities/netscape');
  }
  const [subject, predicate, object] = positionals;
  const clock = clockFromFlags(flags);
  const bundle = openBundle(flags, io);
  const config = await bundleConfig(bundle, io);
  const plan = await planRelate(
    bundle,
    {
      subject,
      predicate,
      object,
      ...(flags.inverse !== undefined ? { inverse: flags.inverse } : {}),
      ...(flags.date !== undefined ? { date: flags.date } : {}),
      ...(flags.source !== undefined ? { source: flags.source } : {}),
    },
    config,
  );
  return finishPlan(plan, flags, io, commitInFolder(bundle, io, flags, clock, flags.by ?? DEFAULT_CLI_ACTOR));
}

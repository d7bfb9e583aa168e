// `okf-wiki rebuild-candidates`: list the ingest-derived concept files (spec §7.6 step 1), from wiki.db caught up
// with the concept files. It only lists; deleting and re-ingesting stays a person's (or agent's) decision.
import { openIndex } from '../../core/index/open';
import { findRebuildCandidates } from '../../core/lint/rebuild-candidates';
import type { Flags } from '../args';
import { openBundle } from '../bundle-context';
import { jsonText, type CliIo } from '../io';
import { readWikiDb } from '../../node/index-store';

export async function rebuildCandidatesCommand(flags: Flags, io: CliIo): Promise<number> {
  const bundle = openBundle(flags, io);
  const { index } = await openIndex(bundle, await readWikiDb(bundle));
  try {
    const candidates = findRebuildCandidates(index);
    if (flags.json) {
      io.out(jsonText({ bundle: bundle.root, count: candidates.length, candidates }));
      return 0;
    }
    if (candidates.length === 0) {
      io.out('No ingest-derived concepts: no concept cites a `references/` file in `sources[].resource`.\n');
      return 0;
    }
    io.out(
      `${candidates.length} ingest-derived concept${candidates.length === 1 ? '' : 's'} (cite a references/ file):\n`,
    );
    for (const c of candidates) {
      const reviewed =
        c.verifiedBy.length > 0 ? `  [human-reviewed by ${c.verifiedBy.join(', ')}: confirm before deleting]` : '';
      io.out(`  ${c.path}${reviewed}\n    from ${c.references.join(', ')}\n`);
    }
    io.out(
      'Confirm the scope before deleting anything (spec §7.6); references/, ' +
        'log.md and other concepts stay untouched.\n',
    );
    return 0;
  } finally {
    index.close();
  }
}

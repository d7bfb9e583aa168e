// `okf-wiki vocabulary`: writes the predicate vocabulary (spec §8) as a generated block between markers in the
// bundle's AGENTS.md (or CLAUDE.md); the rest of the file is untouched. `--dry-run` shows the diff.
import { applyPlan } from '../../core/author/apply-plan';
import { planVocabulary } from '../../core/author/vocabulary';
import type { Flags } from '../args';
import { openBundle } from '../bundle-context';
import type { CliIo } from '../io';
import { refuseUnlessWiki } from '../wiki-folder';
import { authorInFolder, bundleConfig } from './author-common';

export async function vocabularyCommand(flags: Flags, io: CliIo): Promise<number> {
  const bundle = openBundle(flags, io);
  await refuseUnlessWiki(bundle, 'vocabulary');
  // A generated block in an agent document: no concept changes, so no log entry and no reindex.
  return authorInFolder(
    bundle,
    flags,
    io,
    'vocabulary',
    async () => planVocabulary(bundle, await bundleConfig(bundle, io)),
    async (p) => {
      const applied = await applyPlan(p, bundle, bundle);
      return applied.kind === 'applied' ? { kind: 'committed', written: applied.written, refreshed: false } : applied;
    },
  );
}

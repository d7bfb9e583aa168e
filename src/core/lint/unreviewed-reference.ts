// unreviewed-reference (spec §7.6): a file under `references/` that no concept cites, the set difference of the
// `references/` listing and every cited resource path. A prompt to look, not a verdict: a reference may have
// been reviewed and deliberately left out, so this is information only.
import { dirOf, isHidden, isReservedFile, isUnderReferences } from '../okf/paths';
import type { LintCheck } from './check';
import { finding } from './check';
import { citedResources } from './cited-resources';

export const unreviewedReference: LintCheck = {
  id: 'unreviewed-reference',
  severity: 'info',
  title: 'Files in references/ that no concept cites',
  run: (context) => {
    const cited = citedResources(context);
    const out = [];
    for (const file of context.files) {
      if (!isUnderReferences(file) || isReservedFile(file) || isHidden(file)) continue;
      let isCited = cited.has(file);
      // A resource naming a folder (`references/papers/`) cites everything in it.
      for (let dir = dirOf(file); !isCited && dir !== ''; dir = dirOf(dir)) isCited = cited.has(dir);
      if (isCited) continue;
      out.push(
        finding(
          unreviewedReference,
          file,
          'No concept cites it in `sources[].resource`: not yet ingested, or reviewed and left out on purpose.',
          {
            fix: `ingest it (cite it as \`resource: ${file.slice(1)}\`), or leave it if it was reviewed`,
          },
        ),
      );
    }
    return out;
  },
};

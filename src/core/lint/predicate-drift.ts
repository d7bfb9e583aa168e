// predicate-drift (spec §7.3, §8): near-duplicate predicates that should be one, so the vocabulary does not
// fork. Each file using a minority form gets a finding that names the majority form and the counts.
import type { LintCheck } from './check';
import { finding } from './check';
import { clusterPredicates, type SimilarityReason } from './predicate-similarity';

const WHY: Record<SimilarityReason, string> = {
  spelling: 'the same words spelled differently',
  'word-form': 'the same words in another form',
  typo: 'one letter apart',
  synonym: 'a known synonym',
};

/** The most-used forms a finding lists; the rest are counted. */
const MAX_LISTED = 8;

export const predicateDrift: LintCheck = {
  id: 'predicate-drift',
  severity: 'warning',
  title: 'Near-duplicate predicates that should be merged',
  run: (context) => {
    const counts = new Map<string, number>();
    const users = new Map<string, Set<string>>();
    for (const e of context.edges) {
      counts.set(e.predicate, (counts.get(e.predicate) ?? 0) + 1);
      const files = users.get(e.predicate) ?? new Set<string>();
      files.add(e.subject);
      users.set(e.predicate, files);
    }
    const out = [];
    for (const cluster of clusterPredicates(counts, context.config)) {
      // One summary per cluster, in every finding of it: listing all members made a cluster of n forms n² long.
      const listed = cluster.members.slice(0, MAX_LISTED).map((m) => `\`${m.predicate}\` ×${m.count}`);
      const more = cluster.members.length - listed.length;
      const summary = listed.join(', ') + (more > 0 ? `, and ${more} more form${more === 1 ? '' : 's'}` : '');
      const kept = cluster.members[0];
      for (const member of cluster.members.slice(1)) {
        for (const path of [...(users.get(member.predicate) ?? [])].sort()) {
          out.push(
            finding(
              predicateDrift,
              path,
              `\`${member.predicate}\` looks like \`${cluster.keep}\` (${WHY[member.reason]}); in use: ${summary}.`,
              {
                value: member.predicate,
                fix:
                  `rename \`${member.predicate}\` to \`${kept.predicate}\` (the majority ` +
                  `form), or list them in okf-wiki.json \`distinct\` if they mean ` +
                  `different things`,
              },
            ),
          );
        }
      }
    }
    return out;
  },
};

// contradiction (spec §7.3): one subject and predicate asserting different objects from different sources.
// Exempt: predicates declared multi-valued (`has_part`, okf-wiki.json `multiValued`), and pairs dated
// differently (`ceo: A` in 2019, `ceo: B` in 2023 is a timeline, not a conflict). Relations without a source
// count as one more source ("unsourced"); two objects from the same source are taken as meant.
import type { LintCheck } from './check';
import { finding } from './check';
import type { LintEdge } from './context';

export const contradiction: LintCheck = {
  id: 'contradiction',
  severity: 'warning',
  title: 'One subject and predicate, different objects from different sources',
  run: (context) => {
    const multiValued = new Set(context.config.multiValued);
    const groups = new Map<string, LintEdge[]>();
    for (const e of context.edges) {
      if (multiValued.has(e.predicate)) continue;
      const key = `${e.subject}\0${e.predicate}`;
      const group = groups.get(key);
      if (group) group.push(e);
      else groups.set(key, [e]);
    }
    const out = [];
    for (const group of groups.values()) {
      if (group.length < 2 || !conflicts(group)) continue;
      const { subject, predicate } = group[0];
      // Folded object → the form first written and the sources asserting it.
      const objects = new Map<string, { shown: string; sources: Set<string> }>();
      for (const e of group) {
        const key = objectOf(e).toLowerCase();
        const entry = objects.get(key) ?? { shown: objectOf(e), sources: new Set<string>() };
        entry.sources.add(e.source ?? 'unsourced');
        objects.set(key, entry);
      }
      const listed = [...objects.values()]
        .map(({ shown, sources }) => `${shown} (${[...sources].sort().join(', ')})`)
        .join('; ');
      out.push(
        finding(
          contradiction,
          subject,
          `\`${predicate}\` has ${objects.size} different objects from different sources: ${listed}.`,
          {
            value: predicate,
            fix:
              `correct the wrong one, date them if they held at different times, or ` +
              `declare \`${predicate}\` in okf-wiki.json \`multiValued\``,
          },
        ),
      );
    }
    return out;
  },
};

/** The object as compared: the path, or the literal with case and spacing folded. */
function objectOf(e: LintEdge): string {
  return e.objectPath ?? (e.objectLiteral ?? '').trim().replace(/\s+/g, ' ');
}

/** At most two distinct values of a kind: enough to tell "one" from "several" in constant space. */
interface Spread {
  readonly objects: Set<string>;
  readonly sources: Set<string>;
}

function spreadOf(edges: readonly LintEdge[]): Spread {
  const spread: Spread = { objects: new Set(), sources: new Set() };
  for (const e of edges) {
    if (spread.objects.size < 2) spread.objects.add(objectOf(e).toLowerCase());
    if (spread.sources.size < 2) spread.sources.add(e.source ?? '');
    if (spread.objects.size === 2 && spread.sources.size === 2) break;
  }
  return spread;
}

/** Distinct values in two capped sets together, up to two. */
function unionSize(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  return new Set([...a, ...b]).size;
}

/**
 * True when two relations of the group disagree: different objects, different sources, not dated apart.
 * Linear, not pairwise (20,000 relations of one file took 69 s): relations that may be compared are the
 * undated ones together with those of any one date, and within such a set a disagreeing pair exists exactly
 * when it holds two objects and two sources (if every pair shared an object or a source, a third relation
 * differing from the first in source would have to share the object of both the first and a second one).
 */
function conflicts(group: readonly LintEdge[]): boolean {
  const byDate = new Map<string, LintEdge[]>();
  const undated: LintEdge[] = [];
  for (const e of group) {
    if (e.date === undefined) undated.push(e);
    else {
      const same = byDate.get(e.date);
      if (same) same.push(e);
      else byDate.set(e.date, [e]);
    }
  }
  const free = spreadOf(undated);
  if (free.objects.size >= 2 && free.sources.size >= 2) return true;
  for (const dated of byDate.values()) {
    const spread = spreadOf(dated);
    if (unionSize(free.objects, spread.objects) >= 2 && unionSize(free.sources, spread.sources) >= 2) return true;
  }
  return false;
}

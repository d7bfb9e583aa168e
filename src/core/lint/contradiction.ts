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
      const listed = [...objects.values()].map(({ shown, sources }) => `${shown} (${[...sources].sort().join(', ')})`).join('; ');
      out.push(
        finding(contradiction, subject, `\`${predicate}\` has ${objects.size} different objects from different sources: ${listed}.`, {
          value: predicate,
          fix: `correct the wrong one, date them if they held at different times, or declare \`${predicate}\` in okf-wiki.json \`multiValued\``,
        }),
      );
    }
    return out;
  },
};

/** The object as compared: the path, or the literal with case and spacing folded. */
function objectOf(e: LintEdge): string {
  return e.objectPath ?? (e.objectLiteral ?? '').trim().replace(/\s+/g, ' ');
}

/** True when two relations of the group disagree: different objects, different sources, not dated apart. */
function conflicts(group: readonly LintEdge[]): boolean {
  for (let i = 0; i < group.length; i++) {
    for (let j = i + 1; j < group.length; j++) {
      const a = group[i];
      const b = group[j];
      if (objectOf(a).toLowerCase() === objectOf(b).toLowerCase()) continue;
      if ((a.source ?? '') === (b.source ?? '')) continue;
      if (a.date !== undefined && b.date !== undefined && a.date !== b.date) continue;
      return true;
    }
  }
  return false;
}

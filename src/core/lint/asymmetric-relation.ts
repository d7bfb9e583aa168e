// asymmetric-relation (spec §7.1's hard rule, checked per §7.3): a relation to another concept whose object
// has no relation back to the subject. When okf-wiki.json declares the predicate's inverse (`founded` /
// `founded_by`), the relation back must use it. Literal objects and broken targets are out of scope here.
import { inverseMap } from '../config/bundle-config';
import type { LintCheck } from './check';
import { finding } from './check';

export const asymmetricRelation: LintCheck = {
  id: 'asymmetric-relation',
  severity: 'error',
  title: 'Relations asserted in one direction only',
  run: (context) => {
    const inverses = inverseMap(context.config.inverses);
    // subject → object → predicates used from subject to object.
    const forward = new Map<string, Map<string, Set<string>>>();
    for (const e of context.edges) {
      if (e.objectPath === undefined) continue;
      let byObject = forward.get(e.subject);
      if (!byObject) forward.set(e.subject, (byObject = new Map<string, Set<string>>()));
      const predicates = byObject.get(e.objectPath) ?? new Set<string>();
      predicates.add(e.predicate);
      byObject.set(e.objectPath, predicates);
    }
    const out = [];
    const reported = new Set<string>();
    for (const e of context.edges) {
      const object = e.objectPath;
      if (object === undefined || object === e.subject || !context.concepts.has(object)) continue;
      const key = `${e.subject}\0${e.predicate}\0${object}`;
      if (reported.has(key)) continue;
      const back = forward.get(object)?.get(e.subject);
      const declared = inverses.get(e.predicate);
      if (declared === undefined) {
        if (back !== undefined && back.size > 0) continue;
        reported.add(key);
        out.push(
          finding(
            asymmetricRelation,
            e.subject,
            `\`${e.predicate}\` → ${object}, but ${object} has no relation back to ${e.subject}.`,
            {
              value: `${e.predicate} → ${object}`,
              fix:
                `add a relation to ${object} with \`object: ${e.subject}\` (declare ` +
                `the inverse of \`${e.predicate}\` in okf-wiki.json to have it named here)`,
            },
          ),
        );
        continue;
      }
      if (back !== undefined && [...declared].some((p) => back.has(p))) continue;
      reported.add(key);
      const expected = [...declared].sort();
      const found =
        back !== undefined && back.size > 0
          ? `; it relates back with ${[...back]
              .sort()
              .map((p) => `\`${p}\``)
              .join(', ')} instead`
          : '';
      out.push(
        finding(
          asymmetricRelation,
          e.subject,
          `\`${e.predicate}\` → ${object}, but ${object} has no ` +
            `\`${expected.join('` or `')}\` back to ${e.subject} (declared ` +
            `inverse${found}).`,
          {
            value: `${e.predicate} → ${object}`,
            fix: `add \`{ predicate: ${expected[0]}, object: ${e.subject} }\` to ${object}`,
          },
        ),
      );
    }
    return out;
  },
};

// dangling-supersession (spec §7.7): `superseded_by`, or an entry of `supersedes`, that resolves to no concept.
// The parallel of broken-target for the supersession pointers, but an error: a superseded concept is dropped
// from seeding and resolved to its successor, so a dangling pointer loses the current answer.
import type { LintCheck } from './check';
import { finding } from './check';
import { fixFor, missingConceptReason } from './broken-target';

export const danglingSupersession: LintCheck = {
  id: 'dangling-supersession',
  severity: 'error',
  title: 'Supersession pointers to no concept',
  run: (context) => {
    const out = [];
    for (const c of context.concepts.values()) {
      if (c.supersededBy !== undefined && !context.concepts.has(c.supersededBy)) {
        out.push(
          finding(
            danglingSupersession,
            c.path,
            `\`superseded_by\` points at ${c.supersededBy}, which ${missingConceptReason(context, c.supersededBy)}.`,
            {
              value: c.supersededBy,
              fix: fixFor(context, c.supersededBy),
            },
          ),
        );
      }
      for (const old of c.supersedes) {
        if (context.concepts.has(old)) continue;
        out.push(
          finding(
            danglingSupersession,
            c.path,
            `\`supersedes\` lists ${old}, which ${missingConceptReason(context, old)}.`,
            {
              value: old,
              fix: `${fixFor(context, old)} (a superseded concept is kept, not deleted)`,
            },
          ),
        );
      }
    }
    return out;
  },
};

// asymmetric-supersession (spec §7.7's hard rule): A has `superseded_by: B` but B's `supersedes` lacks A, or
// B's `supersedes` lists A but A's `superseded_by` is not B. Pointers to no concept are dangling-supersession's.
import type { LintCheck } from './check';
import { finding } from './check';

export const asymmetricSupersession: LintCheck = {
  id: 'asymmetric-supersession',
  severity: 'error',
  title: 'Supersession asserted in one direction only',
  run: (context) => {
    const out = [];
    for (const a of context.concepts.values()) {
      const successor = a.supersededBy !== undefined ? context.concepts.get(a.supersededBy) : undefined;
      if (successor !== undefined && successor.path !== a.path && !successor.supersedes.includes(a.path)) {
        out.push(
          finding(
            asymmetricSupersession,
            a.path,
            `\`superseded_by: ${successor.path}\`, but ${successor.path} does not list ${a.path} in \`supersedes\`.`,
            {
              value: successor.path,
              fix: `add ${a.path} to \`supersedes\` in ${successor.path}`,
            },
          ),
        );
      }
      for (const oldPath of a.supersedes) {
        const old = context.concepts.get(oldPath);
        if (old === undefined || old.path === a.path || old.supersededBy === a.path) continue;
        const now =
          old.supersededBy === undefined ? 'has no `superseded_by`' : `has \`superseded_by: ${old.supersededBy}\``;
        out.push(
          finding(asymmetricSupersession, a.path, `\`supersedes\` lists ${old.path}, but ${old.path} ${now}.`, {
            value: old.path,
            fix:
              `set \`status: superseded\` and \`superseded_by: ${a.path}\` ` +
              `in ${old.path}${old.supersededBy !== undefined ? ', or drop it from `supersedes`' : ''}`,
          }),
        );
      }
    }
    return out;
  },
};

// superseded-without-status (spec §7.7): `superseded_by` is set but `status` is not `superseded`. Retrieval keys
// off `status`, so such a concept keeps seeding as if it were current.
import type { LintCheck } from './check';
import { finding } from './check';

export const supersededWithoutStatus: LintCheck = {
  id: 'superseded-without-status',
  severity: 'error',
  title: 'superseded_by without status: superseded',
  run: (context) => {
    const out = [];
    for (const c of context.concepts.values()) {
      if (c.supersededBy === undefined || c.status === 'superseded') continue;
      out.push(
        finding(
          supersededWithoutStatus,
          c.path,
          `\`superseded_by: ${c.supersededBy}\` is set but \`status\` ` +
            `is ${c.status === undefined ? 'missing' : `\`${c.status}\``}, so ` +
            `retrieval still treats it as current.`,
          { value: c.supersededBy, fix: 'set `status: superseded`' },
        ),
      );
    }
    return out;
  },
};

// supersession-cycle (spec §7.7): following `superseded_by` from a concept comes back to a concept already on
// the chain. Reported once per cycle, on the cycle's first path in sort order, so the report is stable.
import type { LintCheck } from './check';
import { finding } from './check';

export const supersessionCycle: LintCheck = {
  id: 'supersession-cycle',
  severity: 'error',
  title: 'superseded_by chains that loop',
  run: (context) => {
    const next = (path: string): string | undefined => {
      const to = context.concepts.get(path)?.supersededBy;
      return to !== undefined && context.concepts.has(to) ? to : undefined;
    };
    // 0 unvisited, 1 on the current walk, 2 done: every concept is walked once, so this is linear.
    const state = new Map<string, 1 | 2>();
    const out = [];
    for (const start of context.concepts.keys()) {
      if (state.has(start)) continue;
      const walk: string[] = [];
      let at: string | undefined = start;
      while (at !== undefined && !state.has(at)) {
        state.set(at, 1);
        walk.push(at);
        at = next(at);
      }
      if (at !== undefined && state.get(at) === 1) {
        const cycle = walk.slice(walk.indexOf(at));
        const first = cycle.reduce((min, p) => (p < min ? p : min));
        const rotated = [...cycle.slice(cycle.indexOf(first)), ...cycle.slice(0, cycle.indexOf(first)), first];
        out.push(
          finding(
            supersessionCycle,
            first,
            `\`superseded_by\` loops: ${rotated.join(' → ')}; retrieval cannot find the current concept.`,
            {
              value: rotated.join(' → '),
              fix: 'remove `superseded_by` from the concept that is current, so the chain ends there',
            },
          ),
        );
      }
      for (const p of walk) state.set(p, 2);
    }
    return out;
  },
};

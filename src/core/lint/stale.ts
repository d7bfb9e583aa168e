// stale: concepts whose `stale_after` has passed (OKF §5.5: stale when today >= stale_after; spec §7.3).
import { datePart, isPast, staleFrom } from '../okf/dates';
import type { LintCheck } from './check';
import { finding } from './check';

export const stale: LintCheck = {
  id: 'stale',
  severity: 'warning',
  title: 'Concepts past their stale_after date',
  run: (context) => {
    const today = datePart(context.now);
    const out = [];
    for (const c of context.concepts.values()) {
      // A superseded concept is history by definition; its freshness no longer matters (spec §7.7).
      if (c.staleAfter === undefined || c.status === 'superseded' || !isPast(c.staleAfter, context.now)) continue;
      out.push(
        finding(
          stale,
          c.path,
          `Stale since ${staleFrom(c.staleAfter)}${partial(c.staleAfter)} (today is ${today}): retrieval ` +
            `drops its facts until it is re-checked.`,
          {
            value: c.staleAfter,
            fix: 're-verify it against its sources and move `stale_after` forward, or supersede it',
          },
        ),
      );
    }
    return out;
  },
};

/** For a year or month `stale_after`, the period it names, whose end the date above follows. */
function partial(staleAfter: string): string {
  const d = datePart(staleAfter);
  return d.length < 10 ? ` (after ${d})` : '';
}

// supersession-order (spec §7.7, QA3 Q14): `superseded_at` dates that contradict the chain. A page cannot stop
// being current before its predecessor did (A → B at 2030, B → C at 1990), and a date after today says the page is
// still current although retrieval already redirects every question to its successor. The era rule picks the chain
// page "whose era holds" a time, so either one breaks it. Only dates written on the pages are compared.
import { compareDates, datePart } from '../okf/dates';
import type { LintCheck } from './check';
import { finding } from './check';
import type { Finding } from './types';

export const supersessionOrder: LintCheck = {
  id: 'supersession-order',
  severity: 'warning',
  title: 'superseded_at dates after today or running backwards along a chain',
  run: (context) => {
    const today = datePart(context.now);
    const out: Finding[] = [];
    for (const c of context.concepts.values()) {
      const at = c.supersededAt;
      if (at === undefined) continue;
      if (compareDates(at, today) > 0)
        out.push(
          finding(
            supersessionOrder,
            c.path,
            `\`superseded_at: ${at}\` is after today (${today}), but retrieval already sends its questions to ` +
              `${c.supersededBy ?? 'its successor'}.`,
            { value: at, fix: 'supersede it on that day, or correct the date' },
          ),
        );
      const next = c.supersededBy === undefined ? undefined : context.concepts.get(c.supersededBy);
      const until = next?.supersededAt;
      if (next === undefined || until === undefined || compareDates(until, at) >= 0) continue;
      out.push(
        finding(
          supersessionOrder,
          next.path,
          `\`superseded_at: ${until}\` is before its predecessor ${c.path} was superseded (${at}): the chain's ` +
            `dates run backwards.`,
          { value: until, fix: `correct the date here or on ${c.path}` },
        ),
      );
    }
    return out;
  },
};

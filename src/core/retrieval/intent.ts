// Intent classification by keyword rules (spec §6.2, §7.7). Cheap and deterministic: no model call.
import { words } from './text';
import type { Intent } from './types';

/** Retrospective questions lift the superseded exclusion for that query only (spec §7.7). */
const HISTORICAL = [
  /\bbefore\b/,
  /\bformer(ly)?\b/,
  /\bprevious(ly)?\b/,
  // "who used to run it" looks back; "what is used to compute it" and "got used to it" do not.
  /(?<!\b(?:is|are|was|were|be|been|being|get|gets|got|getting|become|became) )\bused to\b/,
  /\boriginal(ly)?\b/,
  /\bprior to\b/,
  /\bpredecessors?\b/,
  /\bhistorical(ly)?\b/,
  /\bat the time\b/,
  /\bback (in|then|when)\b/,
  /\bno longer\b/,
  /\bearlier\b/,
  /\bonce was\b/,
  // "What was the price of Widget v1 in the past?" (QA2 F16); "in the past 5 years" is a span up to now.
  /\bin the past\b(?!\s+(?:\d+|few|several|two|three|four|five|ten|couple|year|month|week|decade|day)\b)/,
];
const WHY = [
  /\bwhy\b/,
  /\bhow come\b/,
  /\breasons?\b/,
  /\bcaus(e|ed|es)\b/,
  /\bbecause\b/,
  /\bmotivat/,
  /\bled to\b/,
  /\bpurpose\b/,
  /\bwhat for\b/,
];
const WHEN = [
  /\bwhen\b/,
  /\bwhat (year|date|day|month|decade)\b/,
  /\bwhich (year|date)\b/,
  /\bhow long ago\b/,
  /\bsince when\b/,
  /\btimeline\b/,
  /\bdate[sd]?\b/,
  /\bchronolog/,
];
const ENTITY = [
  /^\s*(who|what) (is|was|are|were)\b/,
  /\btell me about\b/,
  /\bdescribe\b/,
  /\boverview of\b/,
  /\bwho (is|was)\b/,
];

/**
 * "in 1990", "in the 1960s", "until 2016", "during the late-1990s", "throughout the 1970s": a year or decade the
 * question is set in (an early/mid/late part of a decade is still inside it).
 */
const YEAR =
  /\b(?:in|until|during|through|throughout) (?:the )?(?:(early|mid|late)[- ])?((?:1[0-9]|20)[0-9]{2})(s?)\b/g;

/** Ordinal words of the centuries a question may be set in, by number. */
const CENTURY_WORDS: Readonly<Record<string, number>> = {
  tenth: 10,
  eleventh: 11,
  twelfth: 12,
  thirteenth: 13,
  fourteenth: 14,
  fifteenth: 15,
  sixteenth: 16,
  seventeenth: 17,
  eighteenth: 18,
  nineteenth: 19,
  twentieth: 20,
  'twenty-first': 21,
};

/** "the twentieth century", "the 19th century", "the late 20th-century": a century the question is set in. */
const CENTURY = /\bthe (?:(?:early|mid|late)[- ])?(\d{1,2}(?:st|nd|rd|th)|[a-z]+(?:-first)?)[- ]century\b/g;

/** A span of whole years a question is set in, first and last year included. */
export interface Period {
  readonly first: number;
  readonly last: number;
}

/** A period as the question writes it: the words naming it ("late-1990s", "20th century"), lowercased. */
interface WrittenPeriod extends Period {
  readonly written: string;
}

/** The part of a decade an early/mid/late qualifier names: its years, counted from the decade's first. */
const DECADE_PART: Readonly<Record<string, readonly [number, number]>> = { early: [0, 3], mid: [3, 6], late: [6, 9] };

/** Each year, decade (or its early/mid/late part) or century the question is set in, as written. */
function periodsOf(q: string): WrittenPeriod[] {
  const periods: WrittenPeriod[] = [];
  for (const m of q.matchAll(YEAR)) {
    const year = Number(m[2]);
    const written = m[0].replace(/^\S+ (?:the )?/, '');
    if (m[3] !== 's') periods.push({ first: year, last: year, written });
    else {
      const decade = year - (year % 10);
      const [from, to] = DECADE_PART[m[1] ?? ''] ?? [0, 9];
      periods.push({ first: decade + from, last: decade + to, written });
    }
  }
  for (const m of q.matchAll(CENTURY)) {
    const n = /^\d/.test(m[1]) ? parseInt(m[1], 10) : CENTURY_WORDS[m[1]];
    const written = m[0].replace(/^the /, '');
    if (n !== undefined && n > 0) periods.push({ first: (n - 1) * 100 + 1, last: n * 100, written });
  }
  return periods;
}

/**
 * The past years, decades or centuries a question is set in ("Who owned Bell Labs in 1990?": 1990), each ending
 * before `today`'s year (any, when today is unknown); empty for a question set in no such period.
 */
export function pastPeriods(question: string, today: string | undefined): Period[] {
  return writtenPastPeriods(question, today).map(({ first, last }) => ({ first, last }));
}

function writtenPastPeriods(question: string, today: string | undefined): WrittenPeriod[] {
  const thisYear = today !== undefined ? Number(today.slice(0, 4)) : Number.POSITIVE_INFINITY;
  return periodsOf(question.toLowerCase()).filter((p) => p.last < thisYear);
}

/**
 * The words naming the past periods a question is set in ("1980" of "Who owned Bell Labs in 1980?", "late" and
 * "1990s" of "in the late-1990s", "20th" and "century"), folded: the intent reads them as when the question is set
 * (QA3 Q8), so they say which page of a chain (era.ts), not what the question is about.
 */
export function periodWords(question: string, today: string | undefined): string[] {
  return [...new Set(writtenPastPeriods(question, today).flatMap((p) => words(p.written)))];
}

/** Classifies a question; HISTORICAL wins over WHY, WHY over WHEN, WHEN over ENTITY. `today` is an ISO date. */
export function classifyIntent(question: string, today?: string): Intent {
  const q = question.toLowerCase();
  if (HISTORICAL.some((r) => r.test(q)) || pastPeriods(q, today).length > 0) return 'HISTORICAL';
  if (WHY.some((r) => r.test(q))) return 'WHY';
  if (WHEN.some((r) => r.test(q))) return 'WHEN';
  if (ENTITY.some((r) => r.test(q))) return 'ENTITY';
  return 'GENERAL';
}

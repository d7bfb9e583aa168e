// Intent classification by keyword rules (spec §6.2, §7.7). Cheap and deterministic: no model call.
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

/** "in 1990", "in the 1960s", "until 2016": a year or decade the question is set in. */
const YEAR = /\b(in|until) (the )?((?:1[0-9]|20)[0-9]{2})(s?)\b/g;

/**
 * True when the question is set in a year (or a whole decade) already past on `today`, or in any year when
 * today is unknown. "Who ran it in 1990?" looks back; "What will it be in 2030?" does not.
 */
function setInThePast(q: string, today: string | undefined): boolean {
  const thisYear = today !== undefined ? Number(today.slice(0, 4)) : Number.POSITIVE_INFINITY;
  for (const m of q.matchAll(YEAR)) {
    const year = Number(m[3]);
    const lastYear = m[4] === 's' ? year - (year % 10) + 9 : year;
    if (lastYear < thisYear) return true;
  }
  return false;
}

/** Classifies a question; HISTORICAL wins over WHY, WHY over WHEN, WHEN over ENTITY. `today` is an ISO date. */
export function classifyIntent(question: string, today?: string): Intent {
  const q = question.toLowerCase();
  if (HISTORICAL.some((r) => r.test(q)) || setInThePast(q, today)) return 'HISTORICAL';
  if (WHY.some((r) => r.test(q))) return 'WHY';
  if (WHEN.some((r) => r.test(q))) return 'WHEN';
  if (ENTITY.some((r) => r.test(q))) return 'ENTITY';
  return 'GENERAL';
}

// Predicate weights per intent (spec §6.2, §6.3). Predicates are an open vocabulary (spec §8), so the table
// matches families of predicate names rather than a fixed list; it grows with the vocabulary.
import { predicateWords } from './predicate-words';
import type { Intent } from './types';

/**
 * A family of predicate names: one of the whitespace-separated `stems` as a whole `_`-separated part of the name, or
 * with `prefix` as the start of a part (so `caus` matches `caused_by`).
 */
function family(stems: string, prefix = false): RegExp {
  return new RegExp(`(^|_)(${stems.trim().split(/\s+/).join('|')})${prefix ? '' : '($|_)'}`);
}

/** Causally loaded predicates: WHY questions lift them. */
const CAUSAL = family(
  `caus because led_to leads_to lead_to result motivat enabl inspir influenc prompt trigger reason due_to drove
   driven explain justif`,
  true,
);
/** Predicates that state when something happened: WHEN questions lift them (and every dated fact). */
const TEMPORAL = family(
  `born died founded started ended began launched released published created established dissolved on date year
   since until`,
);
/** Predicates that say what a thing is: ENTITY questions lift them. */
const IDENTITY = family(
  `is_a instance_of type kind role title known_for member_of part_of has_part located_in nationality citizen founded
   founded_by created created_by invented invented_by worked_at employed works_at born died`,
);
/**
 * Words of a predicate that names where its subject is (`located_in`, `based_in`, `headquartered_in`, `city`,
 * `place_of_birth`): a "Where ...?" question asks for its object. Not when the predicate ends in `of`, which names the
 * subject as the place of its object (`location_of`, `headquarters_of`, `development_site_of`).
 */
const PLACE_WORDS = new Set(
  `located location based headquartered headquarters situated address city country region place birthplace lives
   resides site`.split(/\s+/),
);

/** True when a predicate names where its subject is (PLACE_WORDS). */
export function namesPlace(predicate: string): boolean {
  const words = predicateWords(predicate);
  return words.length > 0 && words[words.length - 1] !== 'of' && words.some((w) => PLACE_WORDS.has(w));
}

/** Succession predicates: HISTORICAL questions lift them. */
const SUCCESSION = /(^|_)(preceded|succeeded|predecessor|successor|replaced|superseded|former|previous)($|_)/;

/** The named constants of the scoring formula (spec §6.3, §7.7). */
export const SCORING = {
  hopDecay: 0.6,
  trust: { 'human-reviewed': 1.0, 'machine-confirmed': 0.8, unverified: 0.6 },
  supersededMultiplier: 0.15,
} as const;

/**
 * predicate_weight(intent, predicate) of spec §6.3: 1.0 by default; the families an intent cares about are
 * lifted, the rest lowered a little so they still appear when the budget allows.
 */
export function predicateWeight(intent: Intent, predicate: string, dated: boolean): number {
  const p = predicateWords(predicate).join('_');
  switch (intent) {
    case 'WHY':
      return CAUSAL.test(p) ? 1.6 : 0.8;
    case 'WHEN':
      return dated ? 1.5 : TEMPORAL.test(p) ? 1.3 : 0.7;
    case 'ENTITY':
      return IDENTITY.test(p) ? 1.3 : 1.0;
    case 'HISTORICAL':
      return SUCCESSION.test(p) ? 1.5 : dated ? 1.3 : 1.0;
    case 'GENERAL':
      return 1.0;
  }
}

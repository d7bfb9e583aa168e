// One way to read a predicate's words (issue 11 item 7): camelCase, snake_case, kebab-case and spaced names
// weigh the same in predicate_weight (spec §6.3) and in the asked-predicate lift.
import { askedFor } from '../../../src/core/retrieval/expand';
import { predicateWords } from '../../../src/core/retrieval/predicate-words';
import { predicateWeight } from '../../../src/core/retrieval/weights';
import type { Intent } from '../../../src/core/retrieval/types';

const SPELLINGS = [
  'wasFoundedIn',
  'was_founded_in',
  'was-founded-in',
  'was founded in',
  'WasFoundedIn',
  'WAS_FOUNDED_IN',
];

describe('predicateWords', () => {
  test('every spelling of a predicate gives the same words', () => {
    for (const p of SPELLINGS) expect(predicateWords(p)).toEqual(['was', 'founded', 'in']);
  });
  test('acronyms and digits stay whole words', () => {
    expect(predicateWords('hasURLFor')).toEqual(['has', 'url', 'for']);
    expect(predicateWords('born_on')).toEqual(['born', 'on']);
    expect(predicateWords('')).toEqual([]);
  });
});

describe('predicateWeight reads predicates through predicateWords', () => {
  test('camelCase and snake_case weigh the same for every intent', () => {
    const intents: Intent[] = ['WHY', 'WHEN', 'ENTITY', 'HISTORICAL', 'GENERAL'];
    for (const intent of intents) {
      const weights = SPELLINGS.map((p) => predicateWeight(intent, p, false));
      expect(new Set(weights).size).toBe(1);
    }
    // And the family is recognised, not merely equally missed: "founded" is temporal.
    expect(predicateWeight('WHEN', 'wasFoundedIn', false)).toBeGreaterThan(predicateWeight('WHEN', 'knows', false));
    expect(predicateWeight('ENTITY', 'wasFoundedBy', false)).toBeGreaterThan(predicateWeight('ENTITY', 'knows', false));
  });
  test('the asked-predicate lift agrees', () => {
    for (const p of SPELLINGS) expect(askedFor(p, ['founded'])).toBeGreaterThan(1);
  });
});

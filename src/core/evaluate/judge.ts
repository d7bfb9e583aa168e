// The verdict on one labeled question (spec §7.5): did the right concept seed first, did an out-of-bundle
// question abstain, are the expected facts there, did a stale or superseded fact leak. Pure: a label and an answer in,
// a verdict with every failed check in words out.
import type { ContextResult, Fact } from '../retrieval/types';
import type { ExpectedFact, LabeledQuestion, QuestionResult } from './types';

/** Judges one answer against its label. */
export function judgeQuestion(label: LabeledQuestion, answer: ContextResult): QuestionResult {
  const reasons: string[] = [];
  const seeds = answer.seeds.map((s) => s.path);
  const top = seeds[0];

  if (label.outOfBundle && answer.confident)
    reasons.push(`answered confidently (top seed ${top ?? 'none'}) instead of "no confident match"`);
  if (!label.outOfBundle && !answer.confident) reasons.push('came back "no confident match"');

  let expectedRank = 0;
  if (label.expectSeeds.length > 0 && answer.confident) {
    const [first, ...others] = label.expectSeeds;
    expectedRank = seeds.indexOf(first) + 1;
    if (expectedRank === 0) reasons.push(`expected seed ${first} is not among the seeds (top: ${top})`);
    else if (expectedRank > 1) reasons.push(`expected seed ${first} ranked ${expectedRank}, after ${top}`);
    for (const p of others) if (!seeds.includes(p)) reasons.push(`expected seed ${p} is not among the seeds`);
  }
  for (const p of label.mustNotSeed) if (seeds.includes(p)) reasons.push(`seeded ${p}, which must not seed`);

  let factsFound = 0;
  for (const expected of label.expectFacts) {
    if (answer.facts.some((f) => factMatches(expected, f))) factsFound++;
    else if (answer.confident) reasons.push(`missing fact ${describe(expected)}`);
  }
  for (const forbidden of label.mustNotFacts) {
    const served = answer.facts.filter((f) => factMatches(forbidden, f));
    if (served.length > 0)
      reasons.push(
        `served ${served.length === 1 ? 'a fact' : `${served.length} facts`} ` +
          `that must not appear: ${describe(forbidden)}`,
      );
  }

  const marked = new Set(label.expectSupersededMarked);
  const leaks = answer.facts.filter((f) => marked.has(f.subject) && !carriesSupersededMarker(f));
  if (leaks.length > 0)
    reasons.push(
      `${leaks.length} fact(s) of ` +
        `superseded ${[...new Set(leaks.map((f) => f.subject))].join(', ')} ` +
        `shown without the superseded marker`,
    );

  if (label.expectIntent !== undefined && answer.intent !== label.expectIntent)
    reasons.push(`intent ${answer.intent}, expected ${label.expectIntent}`);

  return {
    id: label.id,
    question: label.question,
    section: label.section,
    outOfBundle: label.outOfBundle,
    passed: reasons.length === 0,
    reasons,
    confident: answer.confident,
    intent: answer.intent,
    seeds,
    expectedSeed: label.expectSeeds[0] ?? null,
    expectedRank,
    factsExpected: label.expectFacts.length,
    factsFound,
    supersededLeaks: leaks.length,
  };
}

/** True when `fact` states `expected`, in its own direction or (when the label names the inverse) the other. */
export function factMatches(expected: ExpectedFact, fact: Fact): boolean {
  const forward =
    fact.subject === expected.subject &&
    fact.predicate === expected.predicate &&
    (expected.object === undefined || fact.object === expected.object);
  if (forward) return true;
  return (
    expected.inverse !== undefined &&
    fact.subject === expected.object &&
    fact.predicate === expected.inverse &&
    fact.object === expected.subject
  );
}

/** spec §7.7: a fact drawn from a superseded concept is rendered with "(superseded by … as of …)". */
function carriesSupersededMarker(fact: Fact): boolean {
  return fact.superseded !== undefined && fact.line.includes('(superseded');
}

function describe(f: ExpectedFact): string {
  return `${f.subject} ${f.predicate}${f.object !== undefined ? ` ${f.object}` : ''}`;
}

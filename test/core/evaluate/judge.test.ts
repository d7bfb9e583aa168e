// The verdict on one question: each failed check is a reason in words, and only the checks the label asks for run.
import { factMatches, judgeQuestion } from '../../../src/core/evaluate/judge';
import { answer, fact, label } from './builders';

const TURING = '/entities/alan-turing.md';
const CHURCH = '/entities/alonzo-church.md';
const AI = '/concepts/ai.md';
const OLD = '/entities/att-bell-labs.md';

describe('judgeQuestion', () => {
  test('passes when the first expected seed ranks first and every other check holds', () => {
    const verdict = judgeQuestion(
      label({
        expectSeeds: [TURING],
        expectFacts: [{ subject: TURING, predicate: 'doctoral_student_of', object: CHURCH }],
        expectIntent: 'ENTITY',
      }),
      answer({ seeds: [TURING, CHURCH], facts: [fact(TURING, 'doctoral_student_of', CHURCH)], intent: 'ENTITY' }),
    );
    expect(verdict).toMatchObject({
      passed: true,
      reasons: [],
      expectedSeed: TURING,
      expectedRank: 1,
      factsExpected: 1,
      factsFound: 1,
      supersededLeaks: 0,
    });
  });

  test(
    'a wrong first seed, a missing seed, a forbidden seed, a missing fact ' + 'and a wrong intent each give a reason',
    () => {
      const verdict = judgeQuestion(
        label({
          expectSeeds: [TURING, '/entities/bombe.md'],
          mustNotSeed: [AI],
          expectFacts: [{ subject: TURING, predicate: 'designed', object: '/entities/bombe.md' }],
          expectIntent: 'WHY',
        }),
        answer({ seeds: [AI, TURING], intent: 'GENERAL' }),
      );
      expect(verdict.passed).toBe(false);
      expect(verdict.expectedRank).toBe(2);
      expect(verdict.reasons).toEqual([
        `expected seed ${TURING} ranked 2, after ${AI}`,
        'expected seed /entities/bombe.md is not among the seeds',
        `seeded ${AI}, which must not seed`,
        `missing fact ${TURING} designed /entities/bombe.md`,
        'intent GENERAL, expected WHY',
      ]);
    },
  );

  test('an in-bundle question that abstains fails once, not once per expectation', () => {
    const verdict = judgeQuestion(
      label({ expectSeeds: [TURING], expectFacts: [{ subject: TURING, predicate: 'born_on' }] }),
      answer(),
    );
    expect(verdict.reasons).toEqual(['came back "no confident match"']);
    expect(verdict).toMatchObject({ confident: false, expectedRank: 0, factsFound: 0 });
  });

  test('an out-of-bundle question must abstain', () => {
    expect(judgeQuestion(label({ outOfBundle: true }), answer()).passed).toBe(true);
    expect(judgeQuestion(label({ outOfBundle: true }), answer({ seeds: [AI] })).reasons).toEqual([
      `answered confidently (top seed ${AI}) instead of "no confident match"`,
    ]);
  });

  test('superseded facts without the marker are leaks; with it they are fine', () => {
    const verdict = judgeQuestion(
      label({ expectSupersededMarked: [OLD] }),
      answer({
        seeds: ['/entities/nokia-bell-labs.md'],
        facts: [
          fact(OLD, 'employed', TURING, true),
          fact(OLD, 'founded_on', '1925-01-01'),
          fact(OLD, 'employed', CHURCH),
        ],
      }),
    );
    expect(verdict.supersededLeaks).toBe(2);
    expect(verdict.reasons).toEqual([`2 fact(s) of superseded ${OLD} shown without the superseded marker`]);
  });

  test('a fact that must not appear (a stale ranking) fails the question', () => {
    const frontier = '/entities/frontier-supercomputer.md';
    const verdict = judgeQuestion(
      label({ mustNotFacts: [{ subject: frontier, predicate: 'ranked' }] }),
      answer({ seeds: [frontier], facts: [fact(frontier, 'ranked', 'No. 1 on the TOP500 list')] }),
    );
    expect(verdict.reasons).toEqual([`served a fact that must not appear: ${frontier} ranked`]);
  });
});

describe('factMatches', () => {
  const expected = {
    subject: TURING,
    predicate: 'doctoral_student_of',
    object: CHURCH,
    inverse: 'doctoral_advisor_of',
  };

  test('the same triple, or the reverse assertion under the named inverse', () => {
    expect(factMatches(expected, fact(TURING, 'doctoral_student_of', CHURCH))).toBe(true);
    expect(factMatches(expected, fact(CHURCH, 'doctoral_advisor_of', TURING))).toBe(true);
  });

  test('not another predicate between the same two concepts, nor the reverse without an inverse in the label', () => {
    expect(factMatches(expected, fact(CHURCH, 'influenced', TURING))).toBe(false);
    expect(factMatches({ ...expected, inverse: undefined }, fact(CHURCH, 'doctoral_advisor_of', TURING))).toBe(false);
  });

  test('without an object, any object of the predicate matches', () => {
    expect(factMatches({ subject: TURING, predicate: 'born_on' }, fact(TURING, 'born_on', '1912-06-23'))).toBe(true);
  });
});

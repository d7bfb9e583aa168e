// Aggregate metrics: each computed over the questions that measure it, null when none does.
import { computeMetrics, sectionMetrics } from '../../../src/core/evaluate/metrics';
import { result } from './builders';

describe('computeMetrics', () => {
  test('hit@1, hit@3 and MRR over the questions that label seeds; an abstention counts as a miss', () => {
    const m = computeMetrics([
      result({ expectedSeed: '/a.md', expectedRank: 1 }),
      result({ expectedSeed: '/b.md', expectedRank: 2, passed: false }),
      result({ expectedSeed: '/c.md', expectedRank: 4, passed: false }),
      result({ expectedSeed: '/d.md', expectedRank: 0, confident: false, passed: false }),
      result({ expectedSeed: null }),
    ]);
    expect(m).toMatchObject({
      questions: 5,
      passed: 2,
      inBundle: 5,
      outOfBundle: 0,
      hitAt1: 0.25,
      hitAt3: 0.5,
      mrr: 0.4375,
    }); // (1 + 1/2 + 1/4 + 0) / 4
  });

  test('fact recall counts facts, not questions', () => {
    expect(
      computeMetrics([result({ factsExpected: 3, factsFound: 1 }), result({ factsExpected: 1, factsFound: 1 })])
        .factRecall,
    ).toBe(0.5);
  });

  test(
    'abstention precision: of the abstentions, how many were out of ' +
      'bundle; recall: of the out-of-bundle, how many abstained',
    () => {
      const m = computeMetrics([
        result({ outOfBundle: true, confident: false }),
        result({ outOfBundle: true, confident: false }),
        result({ outOfBundle: true, confident: true, passed: false }),
        result({ outOfBundle: false, confident: false, passed: false }),
      ]);
      expect(m).toMatchObject({ abstentionPrecision: 0.6667, abstentionRecall: 0.6667, outOfBundle: 3, inBundle: 1 });
    },
  );

  test('a rate no question measures is null, and leaks add up', () => {
    const m = computeMetrics([result({ supersededLeaks: 2 }), result({ supersededLeaks: 1 })]);
    expect(m).toMatchObject({
      hitAt1: null,
      hitAt3: null,
      mrr: null,
      factRecall: null,
      abstentionPrecision: null,
      abstentionRecall: null,
      supersededLeaks: 3,
    });
  });
});

describe('sectionMetrics', () => {
  test('computes the metrics of each section apart, in order of first appearance', () => {
    const results = [
      result({ id: 'a', section: 'paraphrase', expectedSeed: '/a.md', expectedRank: 1 }),
      result({ id: 'b', section: 'oob', outOfBundle: true, confident: false }),
      result({ id: 'c', section: 'paraphrase', expectedSeed: '/c.md', expectedRank: 0 }),
    ];
    const sections = sectionMetrics(results);
    expect(sections.map((s) => s.section)).toEqual(['paraphrase', 'oob']);
    expect(sections[0].metrics).toEqual(computeMetrics([results[0], results[2]]));
    expect(sections[0].metrics.hitAt1).toBe(0.5);
    expect(sections[1].metrics.abstentionRecall).toBe(1);
  });
});

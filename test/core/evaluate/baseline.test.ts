// The baseline comparison: a rate below the baseline, more leaks, or a question that passed and now fails is a
// regression; the comparison is per signal configuration and only over labels that did not change.
import { compareWithBaseline, parseBaseline, withRun } from '../../../src/core/evaluate/baseline';
import { computeMetrics } from '../../../src/core/evaluate/metrics';
import type { EvaluationReport, EvaluationSet, QuestionResult } from '../../../src/core/evaluate/types';
import { label, result } from './builders';

const set: EvaluationSet = {
  version: 1,
  today: '2026-11-30',
  questions: [
    label({ id: 'a', question: 'A?', expectSeeds: ['/a.md'] }),
    label({ id: 'b', question: 'B?', outOfBundle: true }),
  ],
};

function report(results: QuestionResult[], signals = 'lexical'): EvaluationReport {
  return {
    configuration: { signals, disabledSignals: [], coverageThreshold: 0.5, vectorThreshold: 0.5, today: '2026-11-30' },
    metrics: computeMetrics(results),
    sections: [],
    results,
  };
}

const good = report([
  result({ id: 'a', expectedSeed: '/a.md', expectedRank: 1 }),
  result({ id: 'b', outOfBundle: true, confident: false }),
]);
const broken = report([
  result({
    id: 'a',
    expectedSeed: '/a.md',
    expectedRank: 2,
    passed: false,
    reasons: ['expected seed /a.md ranked 2, after /x.md'],
  }),
  result({ id: 'b', outOfBundle: true, confident: false }),
]);

describe('compareWithBaseline', () => {
  test('no baseline for the configuration: missing, nothing to regress against', () => {
    expect(compareWithBaseline(set, good, undefined)).toEqual({ missing: true, regressions: [], improvements: [] });
    expect(
      compareWithBaseline(
        set,
        report(good.results as QuestionResult[], 'vector:nomic-embed-text'),
        withRun(undefined, set, good),
      ).missing,
    ).toBe(true);
  });

  test('the same results: no regression', () => {
    expect(compareWithBaseline(set, good, withRun(undefined, set, good))).toEqual({
      missing: false,
      regressions: [],
      improvements: [],
    });
  });

  test('a worse ranking regresses the metrics and the question', () => {
    const comparison = compareWithBaseline(set, broken, withRun(undefined, set, good));
    expect(comparison.regressions).toEqual([
      { kind: 'metric', name: 'seed hit@1', baseline: '100.0%', now: '0.0%' },
      { kind: 'metric', name: 'MRR', baseline: '100.0%', now: '50.0%' },
      { kind: 'question', name: 'a', baseline: 'pass', now: 'fail: expected seed /a.md ranked 2, after /x.md' },
    ]);
  });

  test('a better run is an improvement, not a regression', () => {
    const comparison = compareWithBaseline(set, good, withRun(undefined, set, broken));
    expect(comparison.regressions).toEqual([]);
    expect(comparison.improvements.map((r) => r.name)).toEqual(['seed hit@1', 'MRR', 'a']);
  });

  test('more superseded leaks is a regression', () => {
    const leaky = report([
      result({ id: 'a', expectedSeed: '/a.md', expectedRank: 1, supersededLeaks: 1, passed: false }),
      result({ id: 'b', outOfBundle: true, confident: false }),
    ]);
    expect(compareWithBaseline(set, leaky, withRun(undefined, set, good)).regressions).toContainEqual({
      kind: 'metric',
      name: 'superseded leaks',
      baseline: '0',
      now: '1',
    });
  });

  test('after the set changed, only unchanged questions are compared, with a note', () => {
    const changed: EvaluationSet = {
      ...set,
      questions: [set.questions[0], label({ id: 'b', question: 'B, reworded?', outOfBundle: true })],
    };
    const comparison = compareWithBaseline(changed, broken, withRun(undefined, set, good));
    expect(comparison.note).toMatch(/^the question set changed since the baseline was recorded/);
    expect(comparison.regressions).toEqual([
      { kind: 'question', name: 'a', baseline: 'pass', now: 'fail: expected seed /a.md ranked 2, after /x.md' },
    ]);
  });

  test('withRun keeps the other configurations', () => {
    const both = withRun(withRun(undefined, set, good), set, report(good.results as QuestionResult[], 'vector:m'));
    expect(Object.keys(both.runs).sort()).toEqual(['lexical', 'vector:m']);
  });
});

describe('parseBaseline', () => {
  test('reads what withRun wrote; refuses other formats with a reason', () => {
    const file = withRun(undefined, set, good);
    expect(parseBaseline(JSON.stringify(file))).toEqual(file);
    expect(parseBaseline('nope')).toMatchObject({ problem: expect.stringMatching(/^not valid JSON/) });
    expect(parseBaseline('{"version": 1}')).toEqual({ problem: 'not a baseline file (no "runs")' });
    expect(parseBaseline('{"version": 9, "runs": {}}')).toEqual({ problem: 'baseline format 9, this version reads 1' });
  });
});

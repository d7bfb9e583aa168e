// evaluate.json is validated entry by entry: a typo in a label must be reported where it is, never silently
// turn a check off (spec §7.5).
import { parseEvaluationSet } from '../../../src/core/evaluate/parse-set';

const known = new Set(['/entities/alan-turing.md', '/entities/kurt-godel.md', '/concepts/ai.md']);

function problemsOf(value: unknown): [string, string][] {
  const parsed = parseEvaluationSet(JSON.stringify(value), { knownPaths: known });
  if (parsed.kind !== 'problems') throw new Error('expected problems');
  return parsed.problems.map((p) => [p.where, p.message]);
}

describe('parseEvaluationSet', () => {
  test('reads every field, with defaults for what a question leaves out', () => {
    const parsed = parseEvaluationSet(
      JSON.stringify({
        $comment: 'demo',
        version: 1,
        today: '2026-11-30',
        questions: [
          {
            id: 'turing',
            question: 'Who is Alan Turing?',
            expect_intent: 'ENTITY',
            expect_seeds: ['/entities/alan-turing.md'],
            expect_facts: [
              {
                subject: '/entities/alan-turing.md',
                predicate: 'influenced_by',
                object: '/entities/kurt-godel.md',
                inverse: 'influenced',
              },
            ],
            must_not_seed: ['/concepts/ai.md'],
            must_not_facts: [{ subject: '/entities/alan-turing.md', predicate: 'born_on' }],
            expect_superseded_marked: ['/entities/kurt-godel.md'],
            note: 'why',
            section: 'entities',
          },
          { question: 'How do I fix a flat bicycle tire?', out_of_bundle: true },
        ],
      }),
      { knownPaths: known },
    );
    expect(parsed).toEqual({
      kind: 'set',
      set: {
        version: 1,
        today: '2026-11-30',
        questions: [
          {
            id: 'turing',
            question: 'Who is Alan Turing?',
            expectIntent: 'ENTITY',
            expectSeeds: ['/entities/alan-turing.md'],
            expectFacts: [
              {
                subject: '/entities/alan-turing.md',
                predicate: 'influenced_by',
                object: '/entities/kurt-godel.md',
                inverse: 'influenced',
              },
            ],
            outOfBundle: false,
            mustNotSeed: ['/concepts/ai.md'],
            mustNotFacts: [{ subject: '/entities/alan-turing.md', predicate: 'born_on' }],
            expectSupersededMarked: ['/entities/kurt-godel.md'],
            note: 'why',
            section: 'entities',
          },
          {
            id: 'How do I fix a flat bicycle tire?',
            question: 'How do I fix a flat bicycle tire?',
            expectSeeds: [],
            expectFacts: [],
            outOfBundle: true,
            mustNotSeed: [],
            mustNotFacts: [],
            expectSupersededMarked: [],
            section: 'main',
          },
        ],
      },
    });
  });

  test('a section must be a non-empty string', () => {
    const parsed = parseEvaluationSet(
      JSON.stringify([
        { question: 'Q?', section: '' },
        { question: 'R?', section: 3 },
      ]),
    );
    expect(parsed.kind === 'problems' && parsed.problems.map((p) => p.where)).toEqual([
      'questions[0].section',
      'questions[1].section',
    ]);
  });

  test('a bare list of questions is a set without a date', () => {
    const parsed = parseEvaluationSet('[{"question": "Who is Alan Turing?"}]');
    expect(parsed.kind === 'set' && parsed.set).toMatchObject({
      version: 1,
      questions: [{ id: 'Who is Alan Turing?' }],
    });
    expect(parsed.kind === 'set' && parsed.set.today).toBeUndefined();
  });

  test('a file that is not JSON, or not a set, is one problem for the whole file', () => {
    const parsed = parseEvaluationSet('{"questions": [');
    expect(parsed.kind).toBe('problems');
    expect(parsed.kind === 'problems' && parsed.problems[0].where).toBe('(file)');
    expect(parsed.kind === 'problems' && parsed.problems[0].message).toMatch(/^not valid JSON: /);
    expect(problemsOf('questions')).toEqual([
      ['(file)', 'must be a JSON object with a "questions" list (or a list of questions), got "questions"'],
    ]);
    expect(problemsOf({ version: 2, today: '30/11/2026' })).toEqual([
      ['version', 'must be 1, got 2'],
      ['today', 'must be an ISO 8601 date such as "2026-11-30", got "30/11/2026"'],
      ['questions', 'missing: the file needs a "questions" list'],
    ]);
    expect(problemsOf({ questions: [] })).toEqual([['questions', 'is empty: label at least one question']]);
  });

  test('every bad entry is reported with where it is; a typo of a key names the key it resembles', () => {
    expect(
      problemsOf({
        questions: [
          { question: 'Who is Alan Turing?', expect_seed: ['/entities/alan-turing.md'] },
          { question: '', out_of_bundle: 'yes' },
          {
            question: 'Who?',
            expect_seeds: ['entities/alan-turing.md', '/entities/alan-turning.md'],
            expect_intent: 'WHO',
          },
          { question: 'Who?', expect_facts: [{ subject: '/entities/alan-turing.md' }, 'born_on'] },
          'Who is Kurt Gödel?',
        ],
      }),
    ).toEqual([
      [
        'questions[0].expect_seed',
        'unknown key (did you mean "expect_seeds"?); allowed: id, question, ' +
          'expect_seeds, expect_facts, out_of_bundle, must_not_seed, ' +
          'expect_superseded_marked, must_not_facts, expect_intent, note, section',
      ],
      ['questions[1].question', 'must be a non-empty string, got ""'],
      ['questions[1].out_of_bundle', 'must be true or false, got "yes"'],
      [
        'questions[2].expect_seeds[0]',
        'must be a bundle path starting with "/" and ending in ".md", got "entities/alan-turing.md"',
      ],
      ['questions[2].expect_seeds[1]', '/entities/alan-turning.md is not a concept in this bundle'],
      ['questions[2].expect_intent', 'must be one of WHY, WHEN, ENTITY, HISTORICAL, GENERAL, got "WHO"'],
      ['questions[3].expect_facts[0].predicate', 'must be a non-empty string, got nothing'],
      [
        'questions[3].expect_facts[1]',
        'must be an object with "subject" and "predicate" (and optionally "object"), got "born_on"',
      ],
      ['questions[4]', 'must be an object with a "question", got "Who is Kurt Gödel?"'],
    ]);
  });

  test('contradictory labels and duplicate ids are refused', () => {
    expect(
      problemsOf({
        questions: [
          { id: 'a', question: 'Who?', out_of_bundle: true, expect_seeds: ['/entities/alan-turing.md'] },
          { id: 'b', question: 'Who?', expect_seeds: ['/concepts/ai.md'], must_not_seed: ['/concepts/ai.md'] },
          { id: 'c', question: 'Who?' },
          { id: 'c', question: 'Who else?' },
          {
            id: 'd',
            question: 'Born?',
            expect_facts: [
              { subject: '/entities/alan-turing.md', predicate: 'born_on', object: '1912-06-23', inverse: 'x' },
            ],
          },
        ],
      }),
    ).toEqual([
      [
        'questions[0]',
        'an out_of_bundle question must come back "no confident match", so it cannot also expect seeds or facts',
      ],
      ['questions[1]', '/concepts/ai.md is both expected and forbidden as a seed'],
      ['questions[3].id', '"c" is used twice (also questions[2]); ids must be unique'],
      [
        'questions[4].expect_facts[0].inverse',
        'only a relation between two concepts has an inverse: "object" must be a concept path',
      ],
    ]);
  });

  test("without the bundle's paths, paths are checked for shape only", () => {
    const parsed = parseEvaluationSet(
      JSON.stringify({ questions: [{ question: 'Q', expect_seeds: ['/entities/anything.md'] }] }),
    );
    expect(parsed.kind).toBe('set');
  });
});

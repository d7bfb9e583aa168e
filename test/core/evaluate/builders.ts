// Builders for evaluation tests: context_for answers, labels and judged results from a few named fields.
import type { LabeledQuestion, QuestionResult } from '../../../src/core/evaluate/types';
import type { ContextResult, Fact, Seed } from '../../../src/core/retrieval/types';

/** A seed at a path. */
export function seed(path: string): Seed {
  return { path, title: path, type: 'Concept', fused: 0.01, signals: { bm25: 0 } };
}

/** A fact; `superseded` adds the marker exactly as expand.ts renders it. */
export function fact(subject: string, predicate: string, object: string, superseded = false): Fact {
  const mark = superseded ? { superseded: { by: '/entities/next.md', at: '2016-01-14' } } : {};
  return {
    subject,
    subjectTitle: subject,
    predicate,
    object,
    ...(object.startsWith('/') ? { objectPath: object } : {}),
    trust: 'human-reviewed',
    score: 1,
    hop: 0,
    ...mark,
    line:
      `- ${subject} ${predicate} ${object} (trust: ` +
      `human-reviewed)${superseded ? ' (superseded by /entities/next.md as of 2016-01-14)' : ''}`,
  };
}

/** A context_for answer: confident when it has seeds. */
export function answer(
  fields: { seeds?: string[]; facts?: Fact[]; intent?: ContextResult['intent'] } = {},
): ContextResult {
  const seeds = (fields.seeds ?? []).map(seed);
  return {
    question: 'q',
    confident: seeds.length > 0,
    intent: fields.intent ?? 'GENERAL',
    seeds,
    facts: fields.facts ?? [],
    background: [],
    vector: { used: false, off: { kind: 'turned-off' }, reason: 'off' },
    thresholds: {
      coverage: { value: 0.5, source: 'default' },
      vector: { value: 0.7, source: 'default' },
      coverageWeighting: { value: 'plain', source: 'default' },
      requireNames: { value: true, source: 'default' },
    },
    text: '',
    tokens: 0,
    budget: 1500,
  };
}

/** A label; everything empty unless given. */
export function label(fields: Partial<LabeledQuestion> = {}): LabeledQuestion {
  return {
    id: fields.id ?? 'q',
    question: fields.question ?? 'q',
    expectSeeds: [],
    expectFacts: [],
    outOfBundle: false,
    mustNotSeed: [],
    expectSupersededMarked: [],
    mustNotFacts: [],
    section: 'main',
    ...fields,
  };
}

/** A judged result, for metric and baseline tests. */
export function result(fields: Partial<QuestionResult> = {}): QuestionResult {
  return {
    id: 'q',
    question: 'q',
    section: 'main',
    outOfBundle: false,
    passed: true,
    reasons: [],
    confident: true,
    intent: 'GENERAL',
    seeds: [],
    expectedSeed: null,
    expectedRank: 0,
    factsExpected: 0,
    factsFound: 0,
    supersededLeaks: 0,
    ...fields,
  };
}

// Running a set through the real context_for on a tiny bundle, and sweeping thresholds over it.
import { calibrateVectorGate } from '../../../src/core/embed/calibrate';
import { embedIndex } from '../../../src/core/embed/embed-index';
import type { WikiIndex } from '../../../src/core/index/wiki-index';
import { runEvaluation } from '../../../src/core/evaluate/run';
import { sweepSetFile, type SetFiles } from '../../../src/core/evaluate/evaluate-set-file';
import { renderSweep } from '../../../src/core/evaluate/render';
import { memoize, sweepThresholds } from '../../../src/core/evaluate/sweep';
import type { EvaluationSet } from '../../../src/core/evaluate/types';
import { EmbedError } from '../../../src/core/embed/types';
import { FakeEmbedder, FakeVectors } from '../../support/fake-ollama';
import { indexOfSpecs } from '../../support/retrieval-bundle';
import { label } from './builders';

const TURING = '/entities/alan-turing.md';
const AI = '/concepts/ai.md';
const FRONTIER = '/entities/frontier.md';
// "automaton" embeds like "machine": a paraphrase only the vector signal can see.
const vectors = new FakeVectors(64, { automaton: 'machine', inventor: 'turing' });

let index: WikiIndex;

beforeAll(async () => {
  index = await indexOfSpecs({
    [TURING]: {
      title: 'Alan Turing',
      description: 'Mathematician who described the Turing machine.',
      body: 'Alan Turing described an abstract machine that reads a tape. He also worked at Bletchley Park.',
      relations: [{ predicate: 'proposed', object: AI, date: '1950-10-01' }],
    },
    [AI]: {
      title: 'AI',
      description: 'Artificial intelligence.',
      body: 'Machines that seem to think.',
      relations: [{ predicate: 'proposed_by', object: TURING, date: '1950-10-01' }],
    },
    [FRONTIER]: {
      title: 'Frontier',
      description: 'Fastest supercomputer.',
      staleAfter: '2025-06-30',
      body: 'The fastest supercomputer on the list.',
      relations: [{ predicate: 'ranked', object: 'No. 1' }],
    },
  });
  await embedIndex(index, new FakeEmbedder('nomic-embed-text', vectors));
});
afterAll(() => index.close());

const set: EvaluationSet = {
  version: 1,
  today: '2026-11-30',
  questions: [
    label({
      id: 'turing',
      question: 'Who is Alan Turing?',
      expectSeeds: [TURING],
      expectFacts: [{ subject: TURING, predicate: 'proposed', object: AI, inverse: 'proposed_by' }],
    }),
    label({
      id: 'explain',
      question: 'Can you explain the tape of an abstract machine?',
      expectSeeds: [TURING],
      mustNotSeed: [AI],
    }),
    label({
      id: 'stale',
      question: 'What is the fastest supercomputer?',
      expectSeeds: [FRONTIER],
      mustNotFacts: [{ subject: FRONTIER, predicate: 'ranked' }],
    }),
    label({ id: 'oob', question: 'How do I bake sourdough bread?', outOfBundle: true }),
  ],
};

describe('runEvaluation', () => {
  test("judges every question at the set's date with the lexical signals", async () => {
    const report = await runEvaluation(index, set, { vectorOff: { kind: 'turned-off' } });
    expect(report.results.map((r) => [r.id, r.passed, r.reasons])).toEqual([
      ['turing', true, []],
      ['explain', true, []],
      ['stale', true, []],
      ['oob', true, []],
    ]);
    expect(report.configuration).toEqual({
      signals: 'lexical',
      disabledSignals: [],
      coverageThreshold: 0.5,
      vectorThreshold: 0.7,
      coverageThresholdSource: 'default',
      vectorThresholdSource: 'default',
      today: '2026-11-30',
      vectorOff: 'the vector signal is turned off: lexical signals only',
    });
    expect(report.metrics).toMatchObject({
      questions: 4,
      passed: 4,
      hitAt1: 1,
      abstentionRecall: 1,
      abstentionPrecision: 1,
      factRecall: 1,
    });
  });

  test('before the stale date the ranking fact is served, and the check catches it', async () => {
    const report = await runEvaluation(index, set, { today: '2025-01-01' });
    expect(report.results[2].reasons).toEqual([`served a fact that must not appear: ${FRONTIER} ranked`]);
    expect(report.configuration.today).toBe('2025-01-01');
  });

  test('disabling the exact-title signal is recorded and changes the answers', async () => {
    // Names the concept, but most of its words are not on the page: only the title makes it confident.
    const named: EvaluationSet = {
      ...set,
      questions: [
        label({ id: 'named', question: 'Alan Turing and the codebreakers of the war at sea', expectSeeds: [TURING] }),
      ],
    };
    expect((await runEvaluation(index, named)).results[0].passed).toBe(true);
    const report = await runEvaluation(index, named, { disabledSignals: ['title'] });
    expect(report.configuration.disabledSignals).toEqual(['title']);
    expect(report.results[0].reasons).toEqual(['came back "no confident match"']);
  });

  test('the retrieval tunables pass through to context_for, hop settings included', async () => {
    // With no hop the seed's own relations are not expanded, so the expected fact is missing.
    const report = await runEvaluation(index, set, { hops: 0 });
    expect(report.results[0].passed).toBe(false);
    expect((await runEvaluation(index, set, { hops: 1 })).results[0].passed).toBe(true);
  });

  test('the configuration names the model only when the vector signal answered every question', async () => {
    const fake = new FakeEmbedder('nomic-embed-text', vectors);
    // Vectors without a calibrated gate wait for it (QA3 Q4): lexical, and the configuration says why.
    expect((await runEvaluation(index, set, { embedder: fake })).configuration).toMatchObject({
      signals: 'lexical',
      vectorOff: expect.stringContaining('no calibrated gate') as unknown,
    });
    const calibrated = await calibrateVectorGate(index, fake);
    if (!('calibration' in calibrated)) throw new Error(calibrated.off);
    index.setVectorCalibration(calibrated.calibration);
    expect((await runEvaluation(index, set, { embedder: fake })).configuration.signals).toBe('vector:nomic-embed-text');
    const down = new FakeEmbedder('nomic-embed-text', vectors);
    down.failWith = new EmbedError('Ollama is not reachable', 'unreachable');
    const report = await runEvaluation(index, set, { embedder: down });
    expect(report.configuration).toMatchObject({ signals: 'lexical', vectorOff: 'Ollama is not reachable' });
    // A backend that failed once is not asked again for every later question.
    expect(down.calls).toHaveLength(1);
    index.clearVectorCalibrations();
  });
});

describe('sweepThresholds', () => {
  test('without an embedder the grid is coverage only, and the current defaults are reported', async () => {
    const sweep = await sweepThresholds(index, set, { coverageGrid: [0.25, 0.5, 0.9] });
    expect(sweep.signals).toBe('lexical');
    expect(sweep.points.map((p) => [p.coverageThreshold, p.vectorThreshold])).toEqual([
      [0.25, null],
      [0.5, null],
      [0.9, null],
    ]);
    expect(sweep.current.coverageThreshold).toBe(0.5);
    expect(sweep.best.separation).toBe(Math.max(...sweep.points.map((p) => p.separation)));
  });

  test('with an embedder: a coverage × vector grid, each question embedded once for the whole sweep', async () => {
    const embedder = new FakeEmbedder('nomic-embed-text', vectors);
    const paraphrase: EvaluationSet = {
      ...set,
      questions: [...set.questions, label({ id: 'para', question: 'automaton inventor', expectSeeds: [TURING] })],
    };
    const sweep = await sweepThresholds(index, paraphrase, {
      embedder,
      coverageGrid: [0.5, 0.9],
      vectorGrid: [0.1, 0.5, 0.99],
    });
    expect(sweep.signals).toBe('vector:nomic-embed-text');
    expect(sweep.points).toHaveLength(6);
    expect(embedder.calls).toHaveLength(1);
    expect(embedder.calls[0].texts).toHaveLength(5);
    // At coverage > 0.9 the paraphrase can only be answered by the vector signal: a low vector threshold lets it in.
    const at = (c: number, v: number) =>
      sweep.points.find((p) => p.coverageThreshold === c && p.vectorThreshold === v)!;
    expect(at(0.9, 0.1).inBundleAnswered).toBeGreaterThan(at(0.9, 0.99).inBundleAnswered!);
  });

  test('a backend that is down turns the vector axis off once, with the reason', async () => {
    const down = new FakeEmbedder('nomic-embed-text', vectors);
    down.failWith = new EmbedError('Ollama is not reachable', 'unreachable');
    const sweep = await sweepThresholds(index, set, { embedder: down, coverageGrid: [0.5] });
    expect(sweep.points.map((p) => p.vectorThreshold)).toEqual([null]);
    expect(sweep.vectorOff).toBe('embedding the questions failed: Ollama is not reachable');
    expect(down.calls).toHaveLength(1);
  });
});

describe('a sweep on a tuning split', () => {
  // The set in two sections: only the tuning one is swept, so the held-out one can measure the chosen point.
  const split: EvaluationSet = {
    ...set,
    questions: [
      ...set.questions.map((q) => ({ ...q, section: q.id === 'turing' || q.id === 'oob' ? 'tuning' : 'held-out' })),
      // A held-out question nothing answers: it lowers hit@1 everywhere it is counted.
      label({ id: 'unanswerable', question: 'Who baked the sourdough?', expectSeeds: [TURING], section: 'held-out' }),
    ],
  };

  test('runs only the named sections and says so', async () => {
    const all = await sweepThresholds(index, split, { coverageGrid: [0.5, 0.9] });
    const tuned = await sweepThresholds(index, split, { coverageGrid: [0.5, 0.9], sections: ['tuning'] });
    expect(all.tunedOn).toBeUndefined();
    expect(tuned.tunedOn).toEqual({ sections: ['tuning'], questions: 2, ofQuestions: 5 });
    // Judged on the two tuning questions alone: the same numbers as sweeping a set made of them only.
    const only = await sweepThresholds(
      index,
      { ...split, questions: split.questions.filter((q) => q.section === 'tuning') },
      { coverageGrid: [0.5, 0.9] },
    );
    expect(tuned.points).toEqual(only.points);
    expect(tuned.points).not.toEqual(all.points);
    expect(renderSweep(tuned)).toContain('Tuning split: section tuning (2 of 5 questions)');
  });

  test('a section the set does not have is refused, naming the ones it has', async () => {
    const text = JSON.stringify({
      version: 1,
      questions: [
        { id: 'turing', section: 'tuning', question: 'Who is Alan Turing?', expect_seeds: [TURING] },
        { id: 'oob', section: 'held-out', question: 'How do I bake sourdough bread?', out_of_bundle: true },
      ],
    });
    const files: SetFiles = { read: async () => text, write: async () => undefined };
    const outcome = await sweepSetFile(index, files, '/evaluate.json', {
      coverageGrid: [0.5],
      sections: ['tuning', 'core'],
    });
    expect(outcome).toEqual({
      kind: 'invalid',
      setPath: '/evaluate.json',
      problems: [{ where: 'sections', message: 'no section named "core" in the set (its sections: tuning, held-out)' }],
    });
  });
});

describe('memoize', () => {
  test('asks the embedder once per distinct text and kind', async () => {
    const inner = new FakeEmbedder('m', vectors);
    const cached = memoize(inner);
    const [a] = await cached.embed(['x'], 'query');
    const [b, c] = await cached.embed(['x', 'y'], 'query');
    await cached.embed(['x'], 'document');
    expect(Array.from(a)).toEqual(Array.from(b));
    expect(c).toBeDefined();
    expect(inner.calls.map((call) => [call.texts, call.kind])).toEqual([
      [['x'], 'query'],
      [['y'], 'query'],
      [['x'], 'document'],
    ]);
  });
});

// context_for(question) (spec §6): seeds → intent → bounded expansion → budget → render. Deterministic:
// the same index, question and options give the same answer, byte for byte.
import { isPast } from '../okf/dates';
import type { WikiIndex } from '../index/wiki-index';
import { systemClock, todayOf } from '../types';
import { assemble, fitToBudget, noMatchText, type SeedBody } from './assemble';
import { catalogOf, isDeprecated } from './catalog';
import { expandFacts } from './expand';
import { linkTitles } from './link-titles';
import { seedsForPeriods } from './era';
import { classifyIntent, pastPeriods, periodWords } from './intent';
import { findSeeds, wordsOnPages, type SeedOptions } from './seeds';
import { correctNameTypos } from './typo-titles';
import { resolveThresholds } from './thresholds';
import { contentWords, estimateTokens } from './text';
import type { ContextOptions, ContextResult, Seed } from './types';
import type { VectorOff } from './vector-status';
import { SCORING } from './weights';

/** Defaults of every tunable (spec §6.3, §6.4, §10.4). */
export const defaultContextOptions = {
  /** Tokens in the rendered block. */
  budget: 1500,
  /** BFS depth: a seed's relations, then its neighbours' relations. */
  hops: 2,
  hopDecay: SCORING.hopDecay,
  /** spec §10.4: strictly more than half of the question's content words. */
  coverageThreshold: 0.5,
  /**
   * Cosine similarity for a vector-only match. Measured with `evaluate --sweep` on the demo's 54 labeled
   * questions and a real sentence encoder: in-bundle top similarities 0.27–0.81 (median 0.58), out-of-bundle
   * 0.11–0.61 (median 0.26); 0.70 separated them best (hit@1 97%, abstention 94%; 0.5 let three
   * out-of-bundle questions through). nomic-embed-text's scale differs: retune per bundle with --sweep.
   * Only reported now: a reindex with embeddings calibrates each model's own gate on the bundle
   * (embed/calibrate.ts), and okf-wiki.json or a setting can set it (retrieval/thresholds.ts); vectors with
   * neither are not used (QA3 Q4: at this gate an interrupted pass's vectors answered off-topic questions).
   */
  vectorThreshold: 0.7,
  maxSeeds: 3,
  maxTitleSeeds: 5,
} as const;

/** Longest question accepted; longer text is cut (a pasted document is not a question). */
export const MAX_QUESTION_CHARS = 2000;

/** Answers a question with the right, bounded, trust-ranked slice of the wiki — or says there is none. */
export async function contextFor(
  index: WikiIndex,
  rawQuestion: string,
  options: ContextOptions = {},
): Promise<ContextResult> {
  const question = rawQuestion.split('\u0000').join('').slice(0, MAX_QUESTION_CHARS);
  const budget = options.budget ?? defaultContextOptions.budget;
  const clock = options.clock ?? systemClock;
  // A date, the user's today: it only ever meets stale_after and the question's years.
  const now = todayOf(clock);
  const intent = classifyIntent(question, now);
  const calibration = options.embedder ? index.vectorCalibration(options.embedder.model) : undefined;
  const thresholds = resolveThresholds({
    setting: {
      coverage: options.coverageThreshold,
      vector: options.vectorThreshold,
      coverageWeighting: options.coverageWeighting,
    },
    ...(options.bundleThresholds ? { bundle: options.bundleThresholds } : {}),
    calibratedVector: calibration?.gate,
    defaults: { coverage: defaultContextOptions.coverageThreshold, vector: defaultContextOptions.vectorThreshold },
  });
  // Vectors with neither a calibrated gate nor one the user set wait for their calibration (an interrupted pass).
  const uncalibrated =
    options.embedder && !calibration && thresholds.vector.source === 'default'
      ? uncalibratedVectors(index, options.embedder.model)
      : undefined;
  const seedOptions: SeedOptions = {
    coverageThreshold: thresholds.coverage.value,
    vectorThreshold: thresholds.vector.value,
    vectorThresholdSource: thresholds.vector.source,
    vectorTrust: calibration?.trust ?? 1,
    ...(calibration ? { vectorFloor: calibration.floor } : {}),
    coverageWeighting: thresholds.coverageWeighting.value,
    requireNames: thresholds.requireNames.value,
    maxSeeds: defaultContextOptions.maxSeeds,
    maxTitleSeeds: defaultContextOptions.maxTitleSeeds,
    historical: intent === 'HISTORICAL',
    periodWords: intent === 'HISTORICAL' ? periodWords(question, now) : [],
    disabled: new Set(options.disabledSignals ?? []),
    ...(options.embedder && !uncalibrated ? { embedder: options.embedder } : {}),
    ...(uncalibrated ? { vectorOff: uncalibrated } : options.vectorOff ? { vectorOff: options.vectorOff } : {}),
  };
  const found = await findSeeds(index, question, seedOptions);
  // spec §7.7: a question set in a past time is about the page of its supersession chain whose era holds that time.
  const periods = intent === 'HISTORICAL' ? pastPeriods(question, now) : [];
  const seeds = periods.length > 0 ? seedsForPeriods(catalogOf(index), found.seeds, periods) : found.seeds;

  if (!found.confident || question.trim() === '') {
    const didYouMean = await spellingSuggestion(index, question, seedOptions);
    const text = fitToBudget(noMatchText(question, didYouMean) + '\n', budget);
    return {
      question,
      confident: false,
      intent,
      seeds: [],
      facts: [],
      background: [],
      vector: found.vector,
      ...(didYouMean !== undefined ? { didYouMean } : {}),
      thresholds,
      text,
      tokens: estimateTokens(text),
      budget,
    };
  }

  const catalog = catalogOf(index);
  const seedPaths = seeds.map((s) => s.path);
  const facts = expandFacts(index, catalog, seedPaths, {
    intent,
    hops: options.hops ?? defaultContextOptions.hops,
    hopDecay: options.hopDecay ?? defaultContextOptions.hopDecay,
    now,
    questionWords: contentWords(question),
    asksPlace: /\bwhere\b/i.test(question),
  });
  const bodies = new Map<string, SeedBody>();
  for (const row of index.bodies(seedPaths)) {
    const stale = row.stale_after !== null && isPast(row.stale_after, now) ? row.stale_after : undefined;
    const deprecated = isDeprecated(catalog.concepts.get(row.path));
    bodies.set(row.path, {
      body: row.body,
      ...(stale ? { stale } : {}),
      ...(deprecated ? { deprecated: true as const } : {}),
    });
  }
  // The markers before the text is made: its header says them too (a small budget cuts the background first).
  const marked = seeds.map((s) => withMarkers(s, bodies.get(s.path)));
  const assembled = assemble({
    question,
    intent,
    seeds: marked,
    facts,
    bodies,
    budget,
    linkTitle: linkTitles(catalog),
    inverses: options.inverses ?? [],
  });
  return {
    question,
    confident: true,
    intent,
    seeds: marked,
    facts: assembled.facts,
    background: assembled.background,
    vector: found.vector,
    thresholds,
    text: assembled.text,
    tokens: assembled.tokens,
    budget,
  };
}

/**
 * Why the vector signal is off when `model` has vectors here but no calibrated gate; undefined when it has none
 * (the vector search then says so: no vectors yet, or another model's).
 */
function uncalibratedVectors(index: WikiIndex, model: string): VectorOff | undefined {
  const embedded = index.vectorCount(model);
  return embedded > 0 ? { kind: 'uncalibrated', model, embedded, concepts: index.conceptCount() } : undefined;
}

/** A seed with its body's markers (stale, deprecated), as --json and MCP show them. */
function withMarkers(seed: Seed, body: SeedBody | undefined): Seed {
  if (body?.stale === undefined && body?.deprecated === undefined) return seed;
  return { ...seed, ...(body.stale ? { stale: body.stale } : {}), ...(body.deprecated ? { deprecated: true } : {}) };
}

/** The same seed options with the vector signal off: a suggestion is checked without a second embedding call. */
function lexicalOnly(options: SeedOptions): SeedOptions {
  const { embedder: _embedder, ...rest } = options;
  return { ...rest, disabled: new Set([...options.disabled, 'vector']) };
}

/**
 * With no confident match: the question with each misspelt name read as the title or alias word it is one edit
 * from, when that question has a confident match. A misspelt name is read so for BM25 already, but the guess may
 * name a page, never cover it (spec §10.4), so "Who was Turng?" abstains; the person or agent decides whether
 * "Who was Turing?" is what they meant. Checked with the lexical signals only. Only names (capitalised where a
 * sentence puts no capital): a lowercase word one edit from a title word is too often another word
 * ("fine-tuning" is not "fine-turing").
 */
async function spellingSuggestion(
  index: WikiIndex,
  question: string,
  options: SeedOptions,
): Promise<string | undefined> {
  if (options.disabled.has('bm25')) return undefined;
  const corrected = correctNameTypos(question, catalogOf(index).titles, wordsOnPages(index));
  if (corrected.guessed.size === 0) return undefined;
  return (await findSeeds(index, corrected.question, lexicalOnly(options))).confident ? corrected.question : undefined;
}

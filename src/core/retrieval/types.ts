// Shapes of a context_for() answer (spec §6): seeds, scored facts, background prose, and the rendered text.
import type { Clock, TrustTier } from '../types';
import type { Embedder } from '../embed/types';
import type { VectorOff, VectorStatus } from './vector-status';
import type { AppliedThresholds, BundleThresholds } from './thresholds';

/** Question intent (spec §6.2, §7.7); drives predicate weights and the superseded exclusion. */
export type Intent = 'WHY' | 'WHEN' | 'ENTITY' | 'HISTORICAL' | 'GENERAL';

/** The three seed signals (spec §6.1). */
export type SignalName = 'title' | 'bm25' | 'vector';

/** A concept the answer starts from. Ranks are 0-based within each signal. */
export interface Seed {
  readonly path: string;
  readonly title: string;
  readonly type: string;
  /** Reciprocal-rank-fusion score (higher is better). */
  readonly fused: number;
  /** The rank each signal gave this concept, when it found it. */
  readonly signals: { readonly title?: number; readonly bm25?: number; readonly vector?: number };
  /** Set when a hit on a superseded concept was resolved to this successor (spec §7.7). */
  readonly resolvedFrom?: string;
  /**
   * Set when the question is set in a past time that this concept's era holds: the page found, another page of its
   * supersession chain whose era does not hold that time (spec §7.7: "what was true before <date>?").
   */
  readonly eraInsteadOf?: string;
  /** Set when the concept's `stale_after` has passed (spec §6.4): that date, as the text says "[stale since …]". */
  readonly stale?: string;
  /** Set when the concept is `deprecated` (OKF §5.4), as its background heading says "[deprecated]". */
  readonly deprecated?: true;
}

/** One relation in the answer, scored per spec §6.3. */
export interface Fact {
  readonly subject: string;
  readonly subjectTitle: string;
  readonly predicate: string;
  /** The object as written (a path or a literal). */
  readonly object: string;
  readonly objectPath?: string;
  readonly objectTitle?: string;
  readonly date?: string;
  /** Trust tier of the subject concept. */
  readonly trust: TrustTier;
  readonly source?: string;
  readonly score: number;
  /** 0 for a seed's own relations, 1 for a neighbour's (two hops of traversal: seed → neighbour → its objects). */
  readonly hop: number;
  /** Set when the subject concept is superseded: by whom and since when (spec §7.7). */
  readonly superseded?: { readonly by?: string; readonly at?: string };
  /** Set when the subject concept is `deprecated` (OKF §5.4: kept for links and history, no longer current). */
  readonly deprecated?: true;
  /** The rendered fact line (spec §6.5). */
  readonly line: string;
}

/** Prose from a seed concept's body (spec §6.5), trimmed to the budget. */
export interface Background {
  readonly path: string;
  readonly title: string;
  readonly text: string;
  readonly truncated: boolean;
  /** Set when the concept's `stale_after` has passed: that date. JSON readers of `text` see it is out of date. */
  readonly stale?: string;
  /** Set when the concept is `deprecated` (OKF §5.4): its prose is no longer current, as its facts say. */
  readonly deprecated?: true;
}

export type { VectorOff, VectorStatus } from './vector-status';

/** The answer to context_for(question). */
export interface ContextResult {
  readonly question: string;
  /** False means "No confident match in this wiki"; seeds, facts and background are then empty. */
  readonly confident: boolean;
  readonly intent: Intent;
  readonly seeds: readonly Seed[];
  readonly facts: readonly Fact[];
  readonly background: readonly Background[];
  readonly vector: VectorStatus;
  /**
   * With no confident match: the question with its misspelt names spelt as the wiki's titles spell them, when
   * that question has a confident match ("Who was Turng?" → "Who was Turing?"). A suggestion, never an answer.
   */
  readonly didYouMean?: string;
  /** The confidence thresholds applied, each with where it came from. */
  readonly thresholds: AppliedThresholds;
  /** The context block for the LLM (spec §6.5). */
  readonly text: string;
  /** Estimated tokens in `text`. */
  readonly tokens: number;
  readonly budget: number;
}

/** Tunables of context_for(); every field has a documented default in `defaultContextOptions`. */
export interface ContextOptions {
  /** Token budget for the rendered block. */
  readonly budget?: number;
  /** BFS hop limit (spec §6.3). */
  readonly hops?: number;
  /** Relevance decay per hop (spec §6.3). */
  readonly hopDecay?: number;
  /** A BM25-only match is confident when its top result covers more than this share of content words (spec §10.4). */
  readonly coverageThreshold?: number;
  /** How the coverage gate weighs words: `plain` (default, spec §10.4) or `idf` (by rarity in the bundle). */
  readonly coverageWeighting?: 'plain' | 'idf';
  /** A vector-only match is confident at or above this cosine similarity. */
  readonly vectorThreshold?: number;
  /**
   * okf-wiki.json's declared inverse pairs: a fact B→A is left out as a repeat only when a kept fact A→B has its
   * declared inverse (or is the same fact). WikiSession.answer reads them from the bundle when absent.
   */
  readonly inverses?: readonly (readonly [string, string])[];
  /** The bundle's okf-wiki.json `thresholds` (below an explicit setting, above calibration and defaults). */
  readonly bundleThresholds?: BundleThresholds;
  /** Today, for stale_after (spec §6.4). */
  readonly clock?: Clock;
  /** Embeds the question; absent means the vector signal is off. */
  readonly embedder?: Embedder;
  /** Why there is no embedder, when the caller knows (each shell words it for its user). */
  readonly vectorOff?: VectorOff;
  /** Disable one seed signal (for evaluation and experiments). */
  readonly disabledSignals?: readonly SignalName[];
}

// Seed selection (spec §6.1, §7.7, §10.3, §10.4): three signals, superseded hits resolved to their successor,
// each candidate gated for confidence, the survivors ranked by reciprocal rank fusion.
import type { Embedder } from '../embed/types';
import type { WikiIndex } from '../index/wiki-index';
import { bm25Search, type Bm25Hit, type CoverageWeighting } from './bm25';
import { compareBinary } from './binary-order';
import { catalogOf, isSuperseded, resolveSupersession, type Catalog } from './catalog';
import { fuseRanks, RRF_K } from './rrf';
import { matchTitles, type TitleHit } from './title-match';
import { correctNameTypos, matchTypoTitles } from './typo-titles';
import { stemOf } from './stem';
import type { Seed, SignalName } from './types';
import { vectorOff, type VectorOff, type VectorStatus } from './vector-status';
import type { ThresholdSource } from './thresholds';
import { vectorSearch } from './vector';

export interface SeedOptions {
  /** A BM25 candidate is trusted when it covers more than this share of the question's content words. */
  readonly coverageThreshold: number;
  /** How the coverage gate weighs the question's words (plain: each counts 1; idf: by rarity in the bundle). */
  readonly coverageWeighting?: CoverageWeighting;
  /** The coverage gate also asks for every name the question writes (namedWords) on the page (default true). */
  readonly requireNames?: boolean;
  /** A vector candidate is trusted at or above this cosine similarity. */
  readonly vectorThreshold: number;
  /** Where `vectorThreshold` came from (reported in the answer). */
  readonly vectorThresholdSource?: ThresholdSource;
  /** Weight of the vector list in the fusion, 0–1 (the calibration's trust in this model on this bundle). */
  readonly vectorTrust?: number;
  /** Below this similarity a vector hit does not vote at all (chance level; defaults to the threshold). */
  readonly vectorFloor?: number;
  /** Seeds kept when no title matched. */
  readonly maxSeeds: number;
  /** Title-matched seeds kept (a question may name several concepts). */
  readonly maxTitleSeeds: number;
  /** HISTORICAL intent: superseded concepts may seed (spec §7.7). */
  readonly historical: boolean;
  /** The words naming the past time the question is set in (intent.ts periodWords): they confirm no title. */
  readonly periodWords?: readonly string[];
  readonly disabled: ReadonlySet<SignalName>;
  readonly embedder?: Embedder;
  readonly vectorOff?: VectorOff;
}

export interface SeedResult {
  readonly seeds: Seed[];
  readonly confident: boolean;
  readonly vector: VectorStatus;
}

/** A candidate's evidence, per signal, after supersession resolution. */
interface Evidence {
  title?: number;
  bm25?: number;
  vector?: number;
  /**
   * Some one BM25 hit behind this candidate passed the words' gate on its own page: coverage above the threshold
   * and every name the question writes present. Judged per hit, so a superseded page's words and its successor's
   * own names never add up to a trust neither page earned.
   */
  wordsTrust: boolean;
  /** As `wordsTrust`, the words naming the question's time left out: what confirms an ambiguous title (QA3 Q8). */
  titleTrust: boolean;
  similarity: number;
  resolvedFrom?: string;
}

/** Which of these folded words some page holds (by their stems, in FTS5's vocabulary). */
export function wordsOnPages(index: WikiIndex): (folded: readonly string[]) => ReadonlySet<string> {
  return (folded) => {
    const df = index.termDocumentFrequencies(folded.map(stemOf));
    return new Set(folded.filter((w) => (df.get(stemOf(w)) ?? 0) > 0));
  };
}

export async function findSeeds(index: WikiIndex, question: string, options: SeedOptions): Promise<SeedResult> {
  const catalog = catalogOf(index);
  const evidence = new Map<string, Evidence>();
  const lists: Record<SignalName, string[]> = { title: [], bm25: [], vector: [] };

  type Gate = { wordsTrust?: boolean; titleTrust?: boolean; similarity?: number };
  const add = (signal: SignalName, hitPath: string, gate: Gate) => {
    const path = seedPathFor(catalog, hitPath, options.historical);
    if (path === null) return;
    const e = evidence.get(path) ?? { wordsTrust: false, titleTrust: false, similarity: -1 };
    if (path !== hitPath && e.resolvedFrom === undefined) e.resolvedFrom = hitPath;
    if (gate.wordsTrust) e.wordsTrust = true;
    if (gate.titleTrust) e.titleTrust = true;
    if (gate.similarity !== undefined) e.similarity = Math.max(e.similarity, gate.similarity);
    if (e[signal] === undefined) {
      e[signal] = lists[signal].length;
      lists[signal].push(path);
    }
    evidence.set(path, e);
  };

  // Concepts named only ambiguously: by a one-word name the question writes without its capitals ("can a cat go"
  // for "Go": maybe an ordinary word), or by a name without its qualifier ("Bell Labs" for "Bell Labs (AT&T era)":
  // other concepts may share it). Their title counts only if the page also passes the words' gate (below).
  const named = new Set<string>();
  const ambiguousOnly = new Set<string>();
  if (!options.disabled.has('title')) {
    const titleHit = (hit: TitleHit) => {
      add('title', hit.path, {});
      const path = seedPathFor(catalog, hit.path, options.historical);
      if (path !== null) (hit.ambiguous ? ambiguousOnly : named).add(path);
    };
    for (const hit of matchTitles(question, catalog.titles)) titleHit(hit);
    // A name one letter off ("Babbagge") is still that name when the correction is unambiguous (issue 11 item 5).
    for (const hit of matchTypoTitles(question, catalog.titles)) titleHit(hit);
    for (const path of named) ambiguousOnly.delete(path);
  }
  // The words trust a page when it covers most of them and holds every name the question writes: "Who founded
  // Apple Computer?" shares "founded" and "computer" with Babbage's page, but a page without "Apple" is about
  // something else. A page the question names by title needs neither.
  const namesGate = (hit: Bm25Hit) => options.requireNames === false || hit.namesPresent;
  const wordsTrust = (hit: Bm25Hit) => hit.coverage > options.coverageThreshold && namesGate(hit);
  // "Who owned Bell Labs in 1980?": 1980 says which Bell Labs page (era.ts), not that the question is about another.
  const titleTrust = (hit: Bm25Hit) => hit.timelessCoverage > options.coverageThreshold && namesGate(hit);
  // A misspelt name on no page is searched as the title word it is one edit from (issue 11 item 5); the words it
  // was corrected to may name a page but never count as covered.
  if (!options.disabled.has('bm25')) {
    const searched = correctNameTypos(question, catalog.titles, wordsOnPages(index));
    const titled = lists.title;
    // With a title still to be confirmed by the words, the seeds may come from the whole ranking: never decided early.
    const decides =
      titled.length > 0 && ambiguousOnly.size === 0
        ? (first: readonly Bm25Hit[]) => prefixDecides(catalog, first, titled, evidence, options.historical)
        : undefined;
    const weighting = options.coverageWeighting;
    const time = options.periodWords;
    const hits = bm25Search(index, searched.question, undefined, weighting, searched.guessed, decides, time);
    for (const hit of hits) add('bm25', hit.path, { wordsTrust: wordsTrust(hit), titleTrust: titleTrust(hit) });
  }

  // spec §10.3 and the QA review of 2026-12-02: a title the question writes only ambiguously ("How far can a cat go
  // without food?") names its concept only when the page also covers the question's words and holds its names, as
  // a BM25 hit must; otherwise it is no title hit at all (the page may still come in by its words). Confirmed, it
  // ranks after every title the question names unambiguously: it needed the words' help to count at all.
  if (ambiguousOnly.size > 0) {
    const kept = [
      ...lists.title.filter((path) => !ambiguousOnly.has(path)),
      ...lists.title.filter((path) => ambiguousOnly.has(path) && evidence.get(path)!.titleTrust),
    ];
    for (const path of lists.title) delete evidence.get(path)!.title;
    kept.forEach((path, rank) => (evidence.get(path)!.title = rank));
    lists.title = kept;
  }

  let vector: VectorStatus;
  if (options.disabled.has('vector')) vector = vectorOff({ kind: 'disabled-for-query' });
  else if (!options.embedder) vector = vectorOff(options.vectorOff ?? { kind: 'not-configured' });
  else {
    const outcome = await vectorSearch(index, question, options.embedder);
    if ('off' in outcome) vector = vectorOff(outcome.off, options.embedder.model);
    else {
      vector = {
        used: true,
        model: options.embedder.model,
        threshold: options.vectorThreshold,
        ...(options.vectorThresholdSource ? { thresholdSource: options.vectorThresholdSource } : {}),
        trust: options.vectorTrust ?? 1,
      };
      // Only hits above chance (the calibration's off-topic floor) vote: a similarity off-topic questions reach
      // as easily says nothing about the concept (issue 11 item 3).
      const floor = Math.min(options.vectorFloor ?? options.vectorThreshold, options.vectorThreshold);
      for (const hit of outcome.hits)
        if (hit.similarity >= floor) add('vector', hit.path, { similarity: hit.similarity });
    }
  }

  // spec §6.1: the exact-title list enters the fusion twice. The vector list is weighted by what this model
  // earned on this bundle (the calibration's trust: its self-retrieval against BM25's), so a weak encoder votes
  // weakly (issue 11 item 3). Candidates the lexical signals trust come first. Among them, a vector hit overrules
  // the words' order only where it would be trusted to answer alone (at or above the gate): below it, an
  // encoder's preference between two pages the words both vouch for is close to a coin toss (measured with the
  // stand-in: right on 11 of 17 such pairs, where the lexical order was right on 14), so it only breaks ties.
  // A vector-only candidate seeds only at or above the gate, after the lexically trusted ones.
  const lexical = fuseRanks([lists.title, lists.title, lists.bm25]);
  const trust = options.vectorTrust ?? 1;
  const semantic = fuseRanks([lists.vector], undefined, [trust]);
  const confidentVector = new Map(
    lists.vector.flatMap((path, rank) =>
      evidence.get(path)!.similarity >= options.vectorThreshold ? [[path, trust / (RRF_K + rank + 1)] as const] : [],
    ),
  );
  const lexicallyTrusted = (e: Evidence) => e.title !== undefined || e.wordsTrust;
  const trusted = (e: Evidence) =>
    lexicallyTrusted(e) || (e.vector !== undefined && e.similarity >= options.vectorThreshold);
  const fusedOf = (path: string) => (lexical.get(path) ?? 0) + (semantic.get(path) ?? 0);
  const fused = new Map([...evidence.keys()].map((p) => [p, fusedOf(p)]));
  const decisive = (path: string) => (lexical.get(path) ?? 0) + (confidentVector.get(path) ?? 0);
  const ranked = [...evidence.entries()]
    .filter(([, e]) => trusted(e))
    .sort(
      ([pa, a], [pb, b]) =>
        Number(lexicallyTrusted(b)) - Number(lexicallyTrusted(a)) ||
        decisive(pb) - decisive(pa) ||
        (semantic.get(pb) ?? 0) - (semantic.get(pa) ?? 0) ||
        (a.title ?? 1e9) - (b.title ?? 1e9) ||
        compareBinary(pa, pb),
    );
  // spec §10.3: when the question names concepts, those are what it is about; pages that merely mention
  // them are reached through the graph, not seeded beside them.
  const titled = ranked.filter(([, e]) => e.title !== undefined);
  const chosen = titled.length > 0 ? titled.slice(0, options.maxTitleSeeds) : ranked.slice(0, options.maxSeeds);

  const seeds: Seed[] = chosen.map(([path, e]) => {
    const info = catalog.concepts.get(path)!;
    return {
      path,
      title: info.title,
      type: info.type,
      fused: round(fused.get(path) ?? 0),
      signals: {
        ...(e.title !== undefined ? { title: e.title } : {}),
        ...(e.bm25 !== undefined ? { bm25: e.bm25 } : {}),
        ...(e.vector !== undefined ? { vector: e.vector } : {}),
      },
      ...(e.resolvedFrom !== undefined ? { resolvedFrom: e.resolvedFrom } : {}),
    };
  });
  return { seeds, confident: seeds.length > 0, vector };
}

/**
 * Whether the first BM25 hits alone decide the seeds of a question that names concepts by title. Such a question
 * seeds only its titled concepts (spec §10.3), ranked by their own evidence: of BM25, each one's rank in its list,
 * set by the first hit that seeds it (and, when a superseded page leads to it, that page as `resolvedFrom`). So
 * hits past the first ones change nothing when each titled concept is seeded by one of the first, and no superseded
 * page outside them leads to a titled concept still without a `resolvedFrom`. ("What is Wyrven Systems?": the 7
 * pages holding "wyrven" come first; ranking the rest costs a pass over every page holding "systems".)
 */
function prefixDecides(
  catalog: Catalog,
  first: readonly Bm25Hit[],
  titled: readonly string[],
  evidence: ReadonlyMap<string, Evidence>,
  historical: boolean,
): boolean {
  const seeded = new Set(first.map((hit) => seedPathFor(catalog, hit.path, historical)));
  const hitPaths = new Set(first.map((hit) => hit.path));
  return titled.every(
    (path) =>
      seeded.has(path) &&
      (historical ||
        evidence.get(path)?.resolvedFrom !== undefined ||
        (supersededInto(catalog).get(path) ?? []).every((from) => hitPaths.has(from))),
  );
}

const supersededIntoCache = new WeakMap<Catalog, Map<string, string[]>>();

/** For each concept, the superseded concepts whose `superseded_by` chain ends there (per catalog, built once). */
function supersededInto(catalog: Catalog): Map<string, string[]> {
  let into = supersededIntoCache.get(catalog);
  if (!into) {
    into = new Map();
    for (const info of catalog.concepts.values()) {
      if (!isSuperseded(info)) continue;
      const end = resolveSupersession(catalog, info.path);
      if (end !== null) into.set(end, [...(into.get(end) ?? []), info.path]);
    }
    supersededIntoCache.set(catalog, into);
  }
  return into;
}

/**
 * The concept a hit seeds (spec §7.7): itself, or for a superseded concept the end of its `superseded_by` chain.
 * HISTORICAL questions keep the superseded concept. So does a chain with no end to reach (no successor named, a
 * successor missing, a cycle): the page is deprioritized, not deleted (its facts carry the superseded marker and
 * weight), where dropping the hit said the wiki knows nothing of a page the question names.
 */
function seedPathFor(catalog: Catalog, path: string, historical: boolean): string | null {
  const info = catalog.concepts.get(path);
  if (!info) return null;
  if (historical || !isSuperseded(info)) return path;
  return resolveSupersession(catalog, path) ?? path;
}

function round(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}

// One benchmark job in its own process (so its peak memory is its own), printing one JSON line.
//   product N DIR: what a user waits for — full reindex, wiki.db size, context latency with vectors, and at
//                  10,000 also incremental update, load of wiki.db and lint.
//   compare N DIR: the same inserts and FTS5 queries in WASM and native SQLite, and MiniSearch on the same bodies.
//   demo DIR:      hit@1 of our lexical retrieval, of our BM25 signal alone and of MiniSearch on the labeled set.
//   load N DIR:    only the wiki.db load figures (with its checksum, and with the full checks of before).
import { readFileSync, writeFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import { FsBundle } from '../src/node/fs-bundle';
import { calibrateVectorGate } from '../src/core/embed/calibrate';
import { embedIndex } from '../src/core/embed/embed-index';
import { createOllamaEmbedder } from '../src/core/embed/ollama';
import type { Embedder } from '../src/core/embed/types';
import { parseEvaluationSet } from '../src/core/evaluate/parse-set';
import { runEvaluation } from '../src/core/evaluate/run';
import { buildIndex, listConceptFiles, readBundleFile } from '../src/core/index/build';
import { readConcept } from '../src/core/okf/read-concept';
import { isPersisted, readSnapshot, type Persisted } from '../src/core/index/snapshot';
import { readWikiDb } from '../src/node/index-store';
import { rawDatabase, isLoadProblem, WikiIndex } from '../src/core/index/wiki-index';
import { lintBundle } from '../src/core/lint/run-lint';
import { bm25Search } from '../src/core/retrieval/bm25';
import { prepareRetrieval } from '../src/core/retrieval/catalog';
import { contextFor } from '../src/core/retrieval/context-for';
import { toFtsQuery } from '../src/core/retrieval/fts-query';
import type { ReadResult } from '../src/core/types';
import { BENCH_TODAY, benchQuestions, planBundle } from './generate.mjs';
import { startFakeOllama } from './lib/fake-ollama';
import { MINI_SEARCH_OPTIONS, miniSearchOver, newMiniSearch } from './lib/minisearch';
import { hashedVector } from './lib/hashed-vectors';
import { createNativeIndex, nativeVersion } from './lib/native-sqlite';
import { cpuNow, figure, latencyFigures, latencyPasses, now, timed, type Figure } from './lib/stats';

const MODEL = 'nomic-embed-text';
const clock = { now: () => `${BENCH_TODAY}T12:00:00Z` };
/** Files applied per transaction, as buildIndex does. */
const BATCH = 200;

interface Args {
  readonly job: 'product' | 'compare' | 'demo' | 'load';
  readonly n: number;
  readonly dir: string;
  readonly runs: number;
  readonly passes: number;
  readonly questions: number;
  readonly extras: boolean;
  /** How many of the questions the goals' MCP figure asks (the native comparison is taken on the same ones). */
  readonly mcpQuestions: number;
}

function parseArgs(): Args {
  const [job, ...rest] = process.argv.slice(2);
  const get = (name: string, fallback: string) => {
    const i = rest.indexOf(`--${name}`);
    return i >= 0 ? rest[i + 1] : fallback;
  };
  return {
    job: job as Args['job'],
    n: Number(get('n', '0')),
    dir: nodePath.resolve(get('dir', '.')),
    runs: Number(get('runs', '3')),
    passes: Number(get('passes', '3')),
    questions: Number(get('questions', '200')),
    extras: rest.includes('--extras'),
    mcpQuestions: Number(get('mcp-questions', '50')),
  };
}

/** Precomputes concept vectors in-process (the first 2,000 characters are plenty for a cost-only stand-in). */
const inProcessEmbedder: Embedder = {
  model: MODEL,
  embed: async (texts) => texts.map((t) => hashedVector(t.slice(0, 2000))),
};

async function product(args: Args): Promise<Record<string, unknown>> {
  const bundle = new FsBundle(args.dir);
  // Each run ends as `reindex` does: the index exported as wiki.db bytes. Only the size is kept, so the
  // peak memory is the product's, not the benchmark's.
  let lexicalBytes = 0;
  const reindex = await timed(
    args.runs,
    async () => {
      const index = await buildIndex(bundle);
      lexicalBytes = index.export().length;
      return index;
    },
    (index) => index.close(),
  );
  const index = reindex.last;
  const stats = index.stats();
  const embedStart = now();
  await embedIndex(index, inProcessEmbedder);
  const embedMs = now() - embedStart;
  await calibrated(index);
  const dbPath = nodePath.join(args.dir, 'wiki.db');
  let wikiDbBytes: number;
  {
    const bytes = index.export();
    wikiDbBytes = bytes.length;
    if (args.extras) writeFileSync(dbPath, bytes);
  }

  const server = await startFakeOllama(MODEL);
  const embedder = createOllamaEmbedder({ host: server.url, model: MODEL });
  const questions = benchQuestions(planBundle(args.n), args.questions);
  // The question's embedding (an HTTP round trip to the fake Ollama, served in this very process) is timed
  // apart, so the CPU of `context` itself can be read without the embedder's (issue 14's goal excludes it).
  let embedCpu = 0;
  const timedEmbedder: Embedder = {
    model: embedder.model,
    embed: async (texts, kind) => {
      const start = cpuNow();
      try {
        return await embedder.embed(texts, kind);
      } finally {
        embedCpu += cpuNow() - start;
      }
    },
  };
  const options = { clock, embedder: timedEmbedder };
  const coldStart = now();
  const first = await contextFor(index, questions[0], options);
  const coldMs = now() - coldStart;
  if (!first.vector.used) throw new Error(`vector signal off in the benchmark: ${first.vector.reason}`);
  // What the figures measure: new questions to a process whose code is warm, right after the index changed. Before,
  // the first pass ran on a process that had answered one question (V8 compiled the query path over the next dozen:
  // 6 of its 11 slowest questions were among its first 7, and reversing the order of the others moved the slow ones
  // to the new front), and its p95 was averaged with a second pass asking the same questions again, every common
  // word's BM25 scores kept from the first; the lexical pass asked them a third time. So other questions warm the code
  // first (seed 8: the same kinds, other concepts), then one concept is saved with common words added (a real save:
  // a touch alone changed no row, and BM25 keeps common words' frequencies across changes, refreshing only the rows
  // a change touched), which drops what retrieval keeps per index state (the vector matrix, the catalog, rebuilt
  // here as a long-lived shell rebuilds it after a batch). Passes after the first ask the same questions again:
  // reported apart. The lexical pass follows another save and asks other new questions. The saved concept is put back
  // after the last pass.
  const warmUp = benchQuestions(planBundle(args.n), args.questions, 8);
  for (const q of warmUp) {
    await contextFor(index, q, options);
    await contextFor(index, q, { clock });
  }
  const saved = (await listConceptFiles(bundle))[Math.floor(args.n / 2)];
  const savedText = readFileSync(bundle.resolve(saved), 'utf8');
  const save = async (text: string) => {
    writeFileSync(bundle.resolve(saved), text);
    index.applyFile(await readBundleFile(bundle, saved));
  };
  let saves = 0;
  const indexChanged = async () => {
    const words = ' network system language year early'.repeat(++saves);
    await save(savedText.replace('# Summary', `# Summary\n\nEdited:${words}.`));
    prepareRetrieval(index);
  };
  await indexChanged();
  let confident = 0;
  const embedCpuPerQuestion: number[] = [];
  const vectorRuns = await latencyPasses(
    questions,
    args.passes,
    async (q) => {
      embedCpu = 0;
      const answer = await contextFor(index, q, options);
      embedCpuPerQuestion.push(embedCpu);
      return answer;
    },
    (answer) => void (answer.confident && confident++),
  );
  const withoutEmbedder = vectorRuns.cpu.map((pass, p) =>
    pass.map((cpu, i) => cpu - embedCpuPerQuestion[p * questions.length + i]),
  );
  // New questions again (seed 9): asking the 200 above again measured repeats, their common words' BM25 scores kept
  // across the change (session 10: asked first, the lexical pass's p95 was ~24 ms where the repeat gave ~10).
  const lexicalQuestions = benchQuestions(planBundle(args.n), args.questions, 9);
  await indexChanged();
  const lexicalRuns = await latencyPasses(lexicalQuestions, Math.max(1, args.passes - 1), (q) =>
    contextFor(index, q, { clock }),
  );
  await save(savedText);
  /** The first pass (new questions after the change), then the passes repeating it. */
  const firstAndRepeated = (wall: number[][], cpu?: number[][]) => ({
    ...latencyFigures(wall.slice(0, 1), cpu?.slice(0, 1)),
    ...(wall.length > 1 ? { repeated: latencyFigures(wall.slice(1), cpu?.slice(1)) } : {}),
  });
  await server.close();

  const out: Record<string, unknown> = {
    n: args.n,
    concepts: stats.concepts,
    relations: stats.relations,
    reindex: reindex.figure,
    wikiDbBytes,
    wikiDbBytesWithoutVectors: lexicalBytes,
    embedFakeMs: Math.round(embedMs),
    context: {
      ...firstAndRepeated(vectorRuns.wall, vectorRuns.cpu),
      coldFirstQueryMs: Math.round(coldMs * 100) / 100,
      questions: questions.length,
      warmUpQuestions: warmUp.length,
      confidentShare: confident / questions.length,
      /** CPU of each question minus its embedding's: p50/p95 in the figures' wall slot. */
      cpuWithoutEmbedder: firstAndRepeated(withoutEmbedder),
      embedderCpu: latencyFigures([embedCpuPerQuestion]),
    },
    contextLexical: firstAndRepeated(lexicalRuns.wall, lexicalRuns.cpu),
  };

  if (args.extras) {
    out.incremental = await incrementalUpdate(bundle, index, args);
    Object.assign(out, await loadFigures(dbPath, args.runs + 2));
    try {
      const lint = await timed(args.runs, () => lintBundle(index, bundle, { clock }));
      out.lint = { ...lint.figure, findings: lint.last.findings.length };
    } catch (error) {
      out.lint = { unavailable: (error as Error).message };
    }
  }
  index.close();
  out.peakRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
  out.cpuSeconds = Math.round(cpuNow() / 1000);
  return out;
}

/**
 * Loading a persisted wiki.db (read from disk included): as written, with its checksum (the cheap path), read as the
 * CLI and the MCP server read it (straight into SQLite's memory: before, this figure also timed reading the file
 * into a buffer and copying that buffer, ~200 ms the shells never spend), and the same bytes without the checksum,
 * which takes the full checks every load took before (quick_check, FTS5 integrity).
 */
async function loadFigures(dbPath: string, runs: number): Promise<{ load: Figure; loadFullCheck: Figure }> {
  const loadFrom = (persisted: () => Persisted | Promise<Persisted>) =>
    timed(
      runs,
      async () => {
        const loaded = await WikiIndex.load(await persisted());
        if (isLoadProblem(loaded)) throw new Error(`wiki.db did not load: ${loaded.reason}`);
        return loaded;
      },
      (loaded) => loaded.close(),
    );
  const bundle = new FsBundle(nodePath.dirname(dbPath));
  const asShellsRead = async () => {
    const file = await readWikiDb(bundle);
    if (file === undefined || !isPersisted(file)) throw new Error(`${dbPath} could not be read`);
    return file;
  };
  const load = (await loadFrom(asShellsRead)).figure;
  const loadFullCheck = (await loadFrom(() => readSnapshot(new Uint8Array(readFileSync(dbPath))).database)).figure;
  return { load, loadFullCheck };
}

/** `load N DIR`: builds and embeds the bundle once, writes wiki.db, then times loading it both ways. */
async function loadOnly(args: Args): Promise<Record<string, unknown>> {
  const index = await buildIndex(new FsBundle(args.dir));
  await embedIndex(index, inProcessEmbedder);
  await calibrated(index);
  const dbPath = nodePath.join(args.dir, 'wiki.db');
  writeFileSync(dbPath, index.export());
  const concepts = index.stats().concepts;
  index.close();
  return { n: args.n, concepts, wikiDbBytes: readFileSync(dbPath).length, ...(await loadFigures(dbPath, args.runs)) };
}

/** One file edited on disk, then read, parsed and applied, as the plugin does on save. */
async function incrementalUpdate(bundle: FsBundle, index: WikiIndex, args: Args): Promise<Figure> {
  const paths = (await listConceptFiles(bundle))
    .filter((_, i) => i % Math.max(1, Math.floor(args.n / 25)) === 3)
    .slice(0, 20);
  const samples: number[] = [];
  const cpuSamples: number[] = [];
  for (const path of paths) {
    const full = bundle.resolve(path);
    const text = readFileSync(full, 'utf8');
    writeFileSync(full, text.replace('# Summary', '# Summary\n\nEdited during the benchmark.'));
    const cpuStart = cpuNow();
    const start = now();
    index.applyFile(await readBundleFile(bundle, path));
    samples.push(now() - start);
    cpuSamples.push(cpuNow() - cpuStart);
    writeFileSync(full, text);
    index.applyFile(await readBundleFile(bundle, path));
  }
  return figure(samples, cpuSamples);
}

function applyAll(index: WikiIndex, results: readonly ReadResult[]): void {
  for (let i = 0; i < results.length; i += BATCH) index.applyFiles(results.slice(i, i + BATCH));
}

async function compare(args: Args): Promise<Record<string, unknown>> {
  const bundle = new FsBundle(args.dir);
  const paths = await listConceptFiles(bundle);
  const parseStart = now();
  const parseCpuStart = cpuNow();
  const results: ReadResult[] = [];
  for (let i = 0; i < paths.length; i += BATCH)
    results.push(...(await Promise.all(paths.slice(i, i + BATCH).map((p) => readBundleFile(bundle, p)))));
  const parseMs = now() - parseStart;
  const parseCpuMs = cpuNow() - parseCpuStart;
  // Parsing alone, on texts already in memory (after the pass above warmed the JIT): where read + parse goes.
  const texts = paths.map((p) => readFileSync(bundle.resolve(p), 'utf8'));
  const parseOnlyCpuStart = cpuNow();
  texts.forEach((text, i) => readConcept(paths[i], text));
  const parseOnlyCpuMs = cpuNow() - parseOnlyCpuStart;

  const wasm = await timed(
    args.runs,
    async () => {
      const index = await WikiIndex.create();
      applyAll(index, results);
      return index;
    },
    (index) => index.close(),
  );
  const native = await timed(
    args.runs,
    () => {
      const index = createNativeIndex();
      applyAll(index, results);
      return index;
    },
    (index) => index.close(),
  );
  const questions = benchQuestions(planBundle(args.n), args.questions);
  // The engine alone: the FTS5 MATCH the BM25 signal issues, top 20 by rank. Then bm25Search as retrieval
  // runs it (the same SQL joined to the concept rows, plus the word-coverage gate computed in JavaScript).
  const matches = questions.map((q) => toFtsQuery(q)).filter((m): m is string => m !== null);
  const rawPasses = async (index: WikiIndex) => {
    const sql = 'select path from concepts_fts where concepts_fts match ? order by rank limit 20';
    rawDatabase(index).all(sql, [matches[0]]);
    const runs = await latencyPasses(matches, args.passes, (m) => rawDatabase(index).all(sql, [m]));
    return latencyFigures(runs.wall, runs.cpu);
  };
  const signalPasses = async (index: WikiIndex) => {
    bm25Search(index, questions[0]);
    const runs = await latencyPasses(questions, args.passes, (q) => bm25Search(index, q));
    return latencyFigures(runs.wall, runs.cpu);
  };
  const ftsWasm = await rawPasses(wasm.last);
  const ftsNative = await rawPasses(native.last);
  // The same MATCH on the first questions only: those the goals' MCP figure asks the server (bench/goals.mjs).
  const mcpMatches = questions
    .slice(0, args.mcpQuestions)
    .map((q) => toFtsQuery(q))
    .filter((m): m is string => m !== null);
  const nativeOnMcpQuestions = latencyFigures(
    (
      await latencyPasses(mcpMatches, args.passes, (m) =>
        rawDatabase(native.last).all(
          'select path from concepts_fts where concepts_fts match ? order by rank limit 20',
          [m],
        ),
      )
    ).wall,
  );
  const signalWasm = await signalPasses(wasm.last);
  const signalNative = await signalPasses(native.last);
  const wasmVersion = rawDatabase(wasm.last).version();
  wasm.last.close();
  native.last.close();

  const docs = results.flatMap((r) =>
    r.kind === 'concept'
      ? [
          {
            id: r.concept.path,
            title: r.concept.title,
            description: r.concept.description ?? '',
            tags: r.concept.tags.join(' '),
            body: r.concept.body,
          },
        ]
      : [],
  );
  const mini = await timed(args.runs, () => {
    const ms = newMiniSearch();
    ms.addAll(docs);
    return ms;
  });
  const miniRuns = await latencyPasses(questions, args.passes, (q) => mini.last.search(q, MINI_SEARCH_OPTIONS));
  return {
    n: args.n,
    parseMs: Math.round(parseMs),
    parseCpuMs: Math.round(parseCpuMs),
    parseOnlyCpuMs: Math.round(parseOnlyCpuMs),
    inserts: { wasm: wasm.figure, native: native.figure },
    fts: {
      wasm: ftsWasm,
      native: ftsNative,
      queries: matches.length,
      nativeOnMcpQuestions: { ...nativeOnMcpQuestions, queries: mcpMatches.length },
    },
    bm25Signal: { wasm: signalWasm, native: signalNative },
    minisearch: { index: mini.figure, query: latencyFigures(miniRuns.wall, miniRuns.cpu) },
    versions: { wasm: wasmVersion, native: nativeVersion() },
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    cpuSeconds: Math.round(cpuNow() / 1000),
  };
}

async function demo(args: Args): Promise<Record<string, unknown>> {
  const bundle = new FsBundle(args.dir);
  const index = await buildIndex(bundle);
  const parsed = parseEvaluationSet(readFileSync(nodePath.join(args.dir, 'evaluate.json'), 'utf8'));
  if (parsed.kind !== 'set') throw new Error('the demo evaluate.json did not parse');
  const set = parsed.set;
  const ours = await runEvaluation(index, set, {});
  const labeled = set.questions.filter((q) => !q.outOfBundle && q.expectSeeds.length > 0);
  const outside = set.questions.filter((q) => q.outOfBundle);
  const bm25Top = labeled.filter((q) => bm25Search(index, q.question)[0]?.path === q.expectSeeds[0]).length;

  const ms = miniSearchOver(index);
  const miniTop = labeled.filter((q) => ms.search(q.question, MINI_SEARCH_OPTIONS)[0]?.id === q.expectSeeds[0]).length;
  const miniAnsweredOutside = outside.filter((q) => ms.search(q.question, MINI_SEARCH_OPTIONS).length > 0).length;
  index.close();
  return {
    labeled: labeled.length,
    outOfBundle: outside.length,
    ours: { hitAt1: ours.metrics.hitAt1, abstentionRecall: ours.metrics.abstentionRecall },
    oursBm25Only: { hitAt1: bm25Top / labeled.length },
    minisearch: {
      hitAt1: miniTop / labeled.length,
      abstentionRecall: (outside.length - miniAnsweredOutside) / outside.length,
    },
  };
}

async function main(): Promise<void> {
  const args = parseArgs();
  const job =
    args.job === 'product'
      ? product
      : args.job === 'compare'
        ? compare
        : args.job === 'demo'
          ? demo
          : args.job === 'load'
            ? loadOnly
            : undefined;
  if (!job) throw new Error(`unknown job "${args.job}" (product, compare, demo, load)`);
  const result = await job(args);
  process.stdout.write(JSON.stringify(result) + '\n');
}

main().catch((error) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});

/**
 * Calibrates the vector gate on the embedded index and stores it, as reindex does after its embedding pass: since
 * QA3 Q4 uncalibrated vectors are not used, and the figures "with vectors" must use them.
 */
async function calibrated(index: WikiIndex): Promise<void> {
  const outcome = await calibrateVectorGate(index, inProcessEmbedder);
  if (!('calibration' in outcome)) throw new Error(`the vector gate could not be calibrated: ${outcome.off}`);
  index.setVectorCalibration(outcome.calibration);
}

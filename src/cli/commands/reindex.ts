// `okf-wiki reindex`: rebuild wiki.db from every concept file (spec §7.4) and print what it holds.
import { calibrateVectorGate, needsCalibration, type VectorCalibration } from '../../core/embed/calibrate';
import { carryOverEmbeddings, embedIndex } from '../../core/embed/embed-index';
import { buildIndex } from '../../core/index/build';
import { isLoadProblem, WikiIndex } from '../../core/index/wiki-index';
import type { Embedder } from '../../core/embed/types';
import { conceptRecordsFromIndex } from '../../core/generate/concept-record';
import { formatLogEntry } from '../../core/generate/log-entry';
import { regenerateBundleFiles, type GeneratedFile } from '../../core/generate/regenerate';
import type { Diagnostic } from '../../core/types';
import type { VectorOff } from '../../core/retrieval/vector-status';
import type { Flags } from '../args';
import { openBundle, WIKI_DB } from '../bundle-context';
import { clockFromFlags } from '../clock';
import { embeddingFromFlags } from '../embedding';
import type { FsBundle } from '../fs-bundle';
import { fmt, type CliIo } from '../io';
import { vectorOffNote, vectorOffSentence } from '../vector-note';
import { underWriteLock } from '../write-session';
import { readWikiDb } from '../load-index';

export interface ReindexSummary {
  readonly bundle: string;
  readonly wikiDb: string;
  readonly concepts: number;
  readonly relations: number;
  readonly files: number;
  readonly invalidFiles: number;
  readonly skippedFiles: number;
  readonly diagnostics: readonly Diagnostic[];
  readonly counts: { readonly error: number; readonly warning: number; readonly info: number };
  /** The vector signal: concepts embedded now, already current, or why it is off. */
  readonly vectors: { readonly model?: string; readonly embedded: number; readonly current: number; readonly off?: VectorOff };
  /** The vector gate calibrated for this model on this bundle (issue 11), or why there is none. */
  readonly calibration?: VectorCalibration | { readonly off: string };
  /** timeline.md, wiki-trigger-keywords.txt, each folder's index.md and the log.md entry (spec §7.4). */
  readonly generated: readonly GeneratedFile[];
  readonly ms: number;
}

/** Builds the index for a bundle and writes wiki.db; shared by `reindex` and `demo`. */
export async function reindexBundle(
  bundle: FsBundle,
  io: CliIo,
  quiet: boolean,
  flags: Flags = {},
): Promise<{ index: WikiIndex; summary: ReindexSummary }> {
  const started = Date.now();
  const { embedder, off } = embeddingFromFlags(flags);
  let lastShown = 0;
  const index = await buildIndex(bundle, (done, total) => {
    if (quiet || total < 500 || done - lastShown < 1000) return;
    lastShown = done;
    io.err(`indexing ${fmt(done)}/${fmt(total)}\n`);
  });
  const vectors = await embedConcepts(bundle, index, embedder, off, io, quiet);
  // Calibrated when the model has none here or the concept set changed materially (it takes ~100 short texts).
  let calibration: ReindexSummary['calibration'];
  if (embedder && vectors.off === undefined && !needsCalibration(index, embedder.model)) calibration = index.vectorCalibration(embedder.model);
  else if (embedder && vectors.off === undefined) {
    const outcome = await calibrateVectorGate(index, embedder);
    if ('calibration' in outcome) index.setVectorCalibration(outcome.calibration);
    calibration = 'calibration' in outcome ? outcome.calibration : { off: outcome.off };
  }
  await bundle.write(WIKI_DB, index.export());
  const stats = index.stats();
  const generated = await regenerateBundleFiles({
    concepts: conceptRecordsFromIndex(index),
    source: bundle,
    writer: bundle,
    clock: clockFromFlags(flags),
    logEntry: (files) => formatLogEntry('Reindex', reindexLogText(stats.concepts, stats.relations, files)),
  });
  const summary: ReindexSummary = {
    bundle: bundle.root,
    wikiDb: bundle.resolve(WIKI_DB),
    concepts: stats.concepts,
    relations: stats.relations,
    files: stats.files,
    invalidFiles: stats.invalidFiles,
    skippedFiles: stats.skippedFiles,
    diagnostics: index.diagnostics(),
    counts: stats.diagnostics,
    vectors,
    ...(calibration ? { calibration } : {}),
    generated,
    ms: Date.now() - started,
  };
  return { index, summary };
}

/** Keeps the vectors of unchanged concepts from the previous wiki.db, then embeds the rest (if Ollama answers). */
async function embedConcepts(
  bundle: FsBundle,
  index: WikiIndex,
  embedder: Embedder | undefined,
  off: VectorOff | undefined,
  io: CliIo,
  quiet: boolean,
): Promise<ReindexSummary['vectors']> {
  const previousBytes = await readWikiDb(bundle);
  if (previousBytes instanceof Uint8Array) {
    const previous = await WikiIndex.load(previousBytes);
    if (!isLoadProblem(previous)) {
      carryOverEmbeddings(previous, index);
      previous.close();
    }
  }
  if (!embedder) {
    const why = off ?? { kind: 'not-configured' };
    if (!quiet) io.err(vectorOffNote(why));
    return { embedded: 0, current: 0, off: why };
  }
  let lastShown = 0;
  const report = await embedIndex(index, embedder, {
    onProgress: (done, total) => {
      if (quiet || done - lastShown < 64) return;
      lastShown = done;
      io.err(`embedding ${fmt(done)}/${fmt(total)}\n`);
    },
  });
  if (report.error) {
    io.err(`note: ${report.error.message} Lexical signals (exact title, BM25) still work.\n`);
    return { model: embedder.model, embedded: report.embedded, current: report.current, off: { kind: 'embedder-failed', cause: report.error.kind, message: report.error.message } };
  }
  return { model: embedder.model, embedded: report.embedded, current: report.current };
}

/** The log.md line for a reindex: what was rebuilt, from how much (no timings: the log is history, not metrics). */
function reindexLogText(concepts: number, relations: number, files: readonly GeneratedFile[]): string {
  const indexes = files.filter((f) => f.path.endsWith('/index.md') && (f.outcome === 'created' || f.outcome === 'updated')).length;
  const written = ['`wiki.db`', '`timeline.md`', '`wiki-trigger-keywords.txt`', ...(indexes > 0 ? [`${indexes} generated \`index.md\` block${indexes === 1 ? '' : 's'}`] : [])];
  return `rebuilt ${written.slice(0, -1).join(', ')} and ${written[written.length - 1]} from ${concepts} concepts and ${relations} relations (okf-wiki reindex).`;
}

/** One line per kind of generated file: what changed, what was left alone. */
function renderGenerated(files: readonly GeneratedFile[]): string[] {
  const name = (path: string) => path.replace(/^\//, '');
  const lines: string[] = [];
  const fixed = files.filter((f) => !f.path.endsWith('/index.md'));
  if (fixed.length > 0) lines.push(`Generated: ${fixed.map((f) => `${name(f.path)} (${f.outcome === 'appended' ? 'entry added' : f.outcome})`).join(', ')}.`);
  const indexes = files.filter((f) => f.path.endsWith('/index.md'));
  if (indexes.length > 0) {
    const count = (o: GeneratedFile['outcome']) => indexes.filter((f) => f.outcome === o).length;
    const parts = (['created', 'updated', 'unchanged'] as const).filter((o) => count(o) > 0).map((o) => `${count(o)} ${o}`);
    lines.push(`index.md: ${parts.length > 0 ? parts.join(', ') : 'none written'}.`);
    for (const f of indexes.filter((i) => i.reason !== undefined)) lines.push(`  left ${name(f.path)} as it is: ${f.reason}.`);
  }
  return lines;
}

/** "Vector gate 0.41, calibrated for nomic-embed-text on 1,204 concepts (…)". */
export function describeCalibration(c: VectorCalibration | { readonly off: string }): string {
  if ('off' in c) return `Vector gate not calibrated: ${c.off}`;
  const gate = c.gate > 1 ? `Vector gate ${c.gate} (above any cosine: no vector-only answers on this bundle)` : `Vector gate ${c.gate}`;
  return (
    `${gate}, calibrated for ${c.model} on ${fmt(c.concepts)} concepts: off-topic questions reach median ${c.offTopic.p50}, ` +
    `max ${c.offTopic.max} (chance floor ${c.floor}); "What is <title>?" reaches its own concept at median ${c.ownConcept.p50}, ` +
    `the best other concept at median ${c.otherConcept.p50}, max ${c.otherConcept.max}; fusion weight ${c.trust} ` +
    `(self-retrieval hit@1: vector ${c.selfHitAt1.vector}, BM25 ${c.selfHitAt1.bm25}).`
  );
}

/** Human-readable summary: counts, then diagnostics grouped by file. */
export function renderReindexSummary(s: ReindexSummary): string {
  const lines = [
    `Indexed ${fmt(s.concepts)} concepts and ${fmt(s.relations)} relations from ${fmt(s.files)} markdown files in ${fmt(s.ms)} ms.`,
    `Wrote ${s.wikiDb}`,
    s.vectors.off
      ? vectorOffSentence(s.vectors.off)
      : `Vectors (${s.vectors.model}): ${fmt(s.vectors.embedded)} embedded now, ${fmt(s.vectors.current)} already current.`,
  ];
  if (s.calibration) lines.push(describeCalibration(s.calibration));
  lines.push(...renderGenerated(s.generated));
  if (s.skippedFiles > 0) lines.push(`Skipped ${fmt(s.skippedFiles)} markdown files without frontmatter (not concepts).`);
  const { error, warning } = s.counts;
  const shown = s.diagnostics.filter((d) => d.severity !== 'info');
  if (shown.length === 0) lines.push('No problems found in frontmatter.');
  else {
    lines.push(`${fmt(error)} errors, ${fmt(warning)} warnings${s.invalidFiles ? ` (${fmt(s.invalidFiles)} files could not be indexed)` : ''}:`);
    let current = '';
    for (const d of shown) {
      if (d.path !== current) {
        current = d.path;
        lines.push(`  ${d.path}`);
      }
      lines.push(`    ${d.severity}${d.line ? ` (line ${d.line})` : ''} [${d.code}] ${d.message}`);
    }
  }
  return lines.join('\n') + '\n';
}

export async function reindexCommand(flags: Flags, io: CliIo): Promise<number> {
  const bundle = openBundle(flags, io);
  const { index, summary } = await underWriteLock(bundle, io, 'okf-wiki reindex', clockFromFlags(flags), () => reindexBundle(bundle, io, flags.json === true, flags));
  index.close();
  io.out(flags.json ? JSON.stringify(summary, null, 2) + '\n' : renderReindexSummary(summary));
  return 0;
}

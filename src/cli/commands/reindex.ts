// `okf-wiki reindex`: rebuild wiki.db from every concept file (spec §7.4) and print what it holds.
import { WikiSession, type RebuildReport, type VectorsReport } from '../../core/engine/session';
import type { VectorCalibration } from '../../core/embed/calibrate';
import type { GeneratedFile } from '../../core/generate/regenerate';
import type { WikiIndex } from '../../core/index/wiki-index';
import type { Diagnostic } from '../../core/types';
import { escapeControls } from '../../core/okf/controls';
import type { Flags } from '../args';
import { openBundle, WIKI_DB } from '../bundle-context';
import { clockFromFlags } from '../clock';
import { embeddingFromFlags } from '../embedding';
import type { FsBundle } from '../../node/fs-bundle';
import { fsSessionEnv } from '../../node/index-store';
import { counted, fmt, jsonText, type CliIo } from '../io';
import { vectorOffNote, vectorOffSentence } from '../vector-note';
import { underWriteLock } from '../../node/write-session';
import { guardEmbedding, reportInterrupted } from '../embed-interrupt';
import { noteBundleConfigProblems } from '../config-notes';
import { refuseUnlessWiki } from '../wiki-folder';
import { WriteFailure } from '../../node/write-failure';
import { keepsFile } from '../../core/index/open';

export interface ReindexSummary {
  readonly bundle: string;
  readonly wikiDb: string;
  /** wiki.db was written by a newer schema version: left as it is, not written (the index was built in memory). */
  readonly wikiDbKept?: true;
  readonly concepts: number;
  readonly relations: number;
  readonly files: number;
  readonly invalidFiles: number;
  readonly skippedFiles: number;
  readonly diagnostics: readonly Diagnostic[];
  readonly counts: { readonly error: number; readonly warning: number; readonly info: number };
  /** The vector signal: concepts embedded now, already current, or why it is off. */
  readonly vectors: VectorsReport;
  /** The vector gate calibrated for this model on this bundle (issue 11), or why there is none. */
  readonly calibration?: RebuildReport['calibration'];
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
  keepOnCtrlC = true,
): Promise<{ index: WikiIndex; summary: ReindexSummary }> {
  const started = Date.now();
  const embedding = embeddingFromFlags(flags);
  if (!embedding.embedder && !quiet) io.err(vectorOffNote(embedding.off ?? { kind: 'not-configured' }));
  let lastBuilt = 0;
  let lastEmbedded = 0;
  // Ctrl-C and a crash during embedding keep the vectors computed (embed-interrupt.ts).
  const guard = embedding.embedder && keepOnCtrlC ? guardEmbedding(io) : undefined;
  const { session, report } = await WikiSession.rebuilt(
    fsSessionEnv(bundle, clockFromFlags(flags), 'okf-wiki reindex'),
    {
      ...guard?.options,
      embedding,
      onBuildProgress: (done, total) => {
        if (quiet || total < 500 || done - lastBuilt < 1000) return;
        lastBuilt = done;
        io.err(`indexing ${fmt(done)}/${fmt(total)}\n`);
      },
      onEmbedProgress: (done, total) => {
        if (quiet || done - lastEmbedded < 64) return;
        lastEmbedded = done;
        io.err(`embedding ${fmt(done)}/${fmt(total)}\n`);
      },
      onEmbedError: (message) => io.err(`note: ${message} Lexical signals (exact title, BM25) still work.\n`),
    },
  ).finally(() => guard?.dispose());
  const { stats } = report;
  const summary: ReindexSummary = {
    bundle: bundle.root,
    wikiDb: bundle.resolve(WIKI_DB),
    ...(keepsFile(session.opened) ? { wikiDbKept: true as const } : {}),
    concepts: stats.concepts,
    relations: stats.relations,
    files: stats.files,
    invalidFiles: stats.invalidFiles,
    skippedFiles: stats.skippedFiles,
    diagnostics: session.index.diagnostics(),
    counts: stats.diagnostics,
    // Ctrl-C pressed once embedding was over (during calibration or the save) stops the command too.
    vectors: guard?.interrupted ? { ...report.vectors!, stopped: true } : report.vectors!,
    ...(report.calibration ? { calibration: report.calibration } : {}),
    generated: report.generated,
    ms: Date.now() - started,
  };
  return { index: session.index, summary };
}

/** One line per kind of generated file: what changed, what was left alone. */
function renderGenerated(files: readonly GeneratedFile[]): string[] {
  const name = (path: string) => path.replace(/^\//, '');
  const lines: string[] = [];
  const fixed = files.filter((f) => !f.path.endsWith('/index.md'));
  const written = fixed.filter((f) => f.reason === undefined);
  if (written.length > 0)
    lines.push(
      `Generated: ${written
        .map((f) => `${name(f.path)} (${f.outcome === 'appended' ? 'entry added' : f.outcome})`)
        .join(', ')}.`,
    );
  for (const f of fixed.filter((i) => i.reason !== undefined))
    lines.push(
      f.outcome === 'not-logged'
        ? `Not logged: ${f.reason?.replace(/\.$/, '')}.`
        : `Left ${name(f.path)} as it is: ${f.reason}.`,
    );
  const indexes = files.filter((f) => f.path.endsWith('/index.md'));
  if (indexes.length > 0) {
    const count = (o: GeneratedFile['outcome']) => indexes.filter((f) => f.outcome === o).length;
    const parts = (['created', 'updated', 'unchanged'] as const)
      .filter((o) => count(o) > 0)
      .map((o) => `${count(o)} ${o}`);
    lines.push(`index.md: ${parts.length > 0 ? parts.join(', ') : 'none written'}.`);
    for (const f of indexes.filter((i) => i.reason !== undefined))
      lines.push(`  left ${name(f.path)} as it is: ${f.reason}.`);
  }
  return lines;
}

/** "Vector gate 0.41, calibrated for nomic-embed-text on 1,204 concepts (…)". */
export function describeCalibration(c: VectorCalibration | { readonly off: string }): string {
  if ('off' in c) return `Vector gate not calibrated: ${c.off}`;
  // How many pseudo-questions reach their own concept at the gate: near none means vectors only reorder here.
  const reach =
    c.ownAtGate === undefined
      ? ''
      : ` (${Math.round(c.ownAtGate * 100)}% of "What is <title>?" reach their ` +
        `own concept at ` +
        `it${c.ownAtGate < 0.1 ? ': vectors reorder, they rarely answer alone' : ''})`;
  const gate = `Vector gate ${c.gate}${reach}`;
  return (
    `${gate}, calibrated for ${c.model} on ${fmt(c.concepts)} concepts: ` +
    `off-topic questions reach median ${c.offTopic.p50}, ` +
    (`max ${c.offTopic.max} (chance floor ${c.floor}); "What is <title>?" ` +
      `reaches its own concept at median ${c.ownConcept.p50}, `) +
    `the best other concept at median ${c.otherConcept.p50}, max ${c.otherConcept.max}; fusion weight ${c.trust} ` +
    `(self-retrieval hit@1: vector ${c.selfHitAt1.vector}, BM25 ${c.selfHitAt1.bm25}).`
  );
}

/** Human-readable summary: counts, then diagnostics grouped by file. */
export function renderReindexSummary(s: ReindexSummary): string {
  const lines = [
    `Indexed ${counted(s.concepts, 'concept')} and ${counted(s.relations, 'relation')} ` +
      `from ${counted(s.files, 'markdown file')} in ${fmt(s.ms)} ms.`,
    s.wikiDbKept
      ? `Left ${s.wikiDb} as it is: written by a newer okf-wiki (upgrade, or delete it to rebuild it with this one).`
      : `Wrote ${s.wikiDb}`,
    s.vectors.off
      ? vectorOffSentence(s.vectors.off)
      : `Vectors (${s.vectors.model}): ${fmt(s.vectors.embedded)} embedded ` +
        `now, ${fmt(s.vectors.current)} already current.`,
  ];
  if (s.calibration) lines.push(describeCalibration(s.calibration));
  lines.push(...renderGenerated(s.generated));
  if (s.skippedFiles > 0)
    lines.push(`Skipped ${counted(s.skippedFiles, 'markdown file')} without frontmatter (not concepts).`);
  const { error, warning } = s.counts;
  const shown = s.diagnostics.filter((d) => d.severity !== 'info');
  if (shown.length === 0) lines.push('No problems found in frontmatter.');
  else {
    lines.push(
      `${counted(error, 'error')}, ${counted(warning, 'warning')}` +
        `${s.invalidFiles ? ` (${counted(s.invalidFiles, 'file')} could not be indexed)` : ''}:`,
    );
    let current = '';
    for (const d of shown) {
      if (d.path !== current) {
        current = d.path;
        lines.push(`  ${escapeControls(d.path)}`);
      }
      // Paths and messages quote concept files: control characters escaped, not sent to the terminal.
      lines.push(`    ${d.severity}${d.line ? ` (line ${d.line})` : ''} [${d.code}] ${escapeControls(d.message)}`);
    }
  }
  return lines.join('\n') + '\n';
}

export async function reindexCommand(flags: Flags, io: CliIo): Promise<number> {
  const bundle = openBundle(flags, io);
  await refuseUnlessWiki(bundle, 'reindex');
  await noteBundleConfigProblems(bundle, io);
  const { index, summary } = await underWriteLock(bundle, io, 'okf-wiki reindex', clockFromFlags(flags), () =>
    reindexBundle(bundle, io, flags.json === true, flags),
  ).catch((error: unknown) => {
    // A reindex writes only wiki.db and the generated files: say so, the user's first fear on a full disk.
    if (error instanceof WriteFailure) error.message += '; the concept files are unchanged';
    throw error;
  });
  index.close();
  io.out(flags.json ? jsonText(summary) : renderReindexSummary(summary));
  return summary.vectors.stopped ? reportInterrupted(summary.vectors, summary.concepts, io) : 0;
}

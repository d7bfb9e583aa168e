// `okf-wiki reindex`: rebuild wiki.db from every concept file (spec §7.4) and print what it holds.
import { carryOverEmbeddings, embedIndex } from '../../core/embed/embed-index';
import { buildIndex } from '../../core/index/build';
import { isLoadProblem, WikiIndex } from '../../core/index/wiki-index';
import type { Embedder } from '../../core/embed/types';
import type { Diagnostic } from '../../core/types';
import type { Flags } from '../args';
import { openBundle, WIKI_DB } from '../bundle-context';
import { embeddingFromFlags } from '../embedding';
import type { FsBundle } from '../fs-bundle';
import { fmt, type CliIo } from '../io';

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
  readonly vectors: { readonly model?: string; readonly embedded: number; readonly current: number; readonly off?: string };
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
  const { embedder, offReason } = embeddingFromFlags(flags);
  let lastShown = 0;
  const index = await buildIndex(bundle, (done, total) => {
    if (quiet || total < 500 || done - lastShown < 1000) return;
    lastShown = done;
    io.err(`indexing ${fmt(done)}/${fmt(total)}\n`);
  });
  const vectors = await embedConcepts(bundle, index, embedder, offReason, io, quiet);
  await bundle.write(WIKI_DB, index.export());
  const stats = index.stats();
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
    ms: Date.now() - started,
  };
  return { index, summary };
}

/** Keeps the vectors of unchanged concepts from the previous wiki.db, then embeds the rest (if Ollama answers). */
async function embedConcepts(
  bundle: FsBundle,
  index: WikiIndex,
  embedder: Embedder | undefined,
  offReason: string | undefined,
  io: CliIo,
  quiet: boolean,
): Promise<ReindexSummary['vectors']> {
  const previousBytes = await bundle.readBytes(WIKI_DB);
  if (previousBytes !== undefined) {
    const previous = await WikiIndex.load(previousBytes);
    if (!isLoadProblem(previous)) {
      carryOverEmbeddings(previous, index);
      previous.close();
    }
  }
  if (!embedder) {
    if (!quiet) io.err(`note: ${offReason}\n`);
    return { embedded: 0, current: 0, off: offReason ?? 'no embedder' };
  }
  let lastShown = 0;
  const report = await embedIndex(index, embedder, (done, total) => {
    if (quiet || done - lastShown < 64) return;
    lastShown = done;
    io.err(`embedding ${fmt(done)}/${fmt(total)}\n`);
  });
  if (report.error) {
    io.err(`note: ${report.error.message} Lexical signals (exact title, BM25) still work.\n`);
    return { model: embedder.model, embedded: report.embedded, current: report.current, off: report.error.message };
  }
  return { model: embedder.model, embedded: report.embedded, current: report.current };
}

/** Human-readable summary: counts, then diagnostics grouped by file. */
export function renderReindexSummary(s: ReindexSummary): string {
  const lines = [
    `Indexed ${fmt(s.concepts)} concepts and ${fmt(s.relations)} relations from ${fmt(s.files)} markdown files in ${fmt(s.ms)} ms.`,
    `Wrote ${s.wikiDb}`,
    s.vectors.off
      ? `Vector signal off: ${s.vectors.off}`
      : `Vectors (${s.vectors.model}): ${fmt(s.vectors.embedded)} embedded now, ${fmt(s.vectors.current)} already current.`,
  ];
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
  const { index, summary } = await reindexBundle(bundle, io, flags.json === true, flags);
  index.close();
  io.out(flags.json ? JSON.stringify(summary, null, 2) + '\n' : renderReindexSummary(summary));
  return 0;
}

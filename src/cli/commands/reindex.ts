// `okf-wiki reindex`: rebuild wiki.db from every concept file (spec §7.4) and print what it holds.
import { buildIndex } from '../../core/index/build';
import type { WikiIndex } from '../../core/index/wiki-index';
import type { Diagnostic } from '../../core/types';
import type { Flags } from '../args';
import { openBundle, WIKI_DB } from '../bundle-context';
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
  readonly ms: number;
}

/** Builds the index for a bundle and writes wiki.db; shared by `reindex` and `demo`. */
export async function reindexBundle(bundle: FsBundle, io: CliIo, quiet: boolean): Promise<{ index: WikiIndex; summary: ReindexSummary }> {
  const started = Date.now();
  let lastShown = 0;
  const index = await buildIndex(bundle, (done, total) => {
    if (quiet || total < 500 || done - lastShown < 1000) return;
    lastShown = done;
    io.err(`indexing ${fmt(done)}/${fmt(total)}\n`);
  });
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
    ms: Date.now() - started,
  };
  return { index, summary };
}

/** Human-readable summary: counts, then diagnostics grouped by file. */
export function renderReindexSummary(s: ReindexSummary): string {
  const lines = [
    `Indexed ${fmt(s.concepts)} concepts and ${fmt(s.relations)} relations from ${fmt(s.files)} markdown files in ${fmt(s.ms)} ms.`,
    `Wrote ${s.wikiDb}`,
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
  const { index, summary } = await reindexBundle(bundle, io, flags.json === true);
  index.close();
  io.out(flags.json ? JSON.stringify(summary, null, 2) + '\n' : renderReindexSummary(summary));
  return 0;
}

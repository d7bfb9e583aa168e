// Writes the generated files of a bundle (spec §3, §7.4): timeline.md, wiki-trigger-keywords.txt, the generated
// block of each folder's index.md, and one log.md entry for the operation. Only files whose bytes change are
// written, so a second run with no edits writes nothing (log.md aside: each operation adds its entry).
import { todayOf, type BundleSource, type BundleWriter, type Clock } from '../types';
import type { ConceptRecord } from './concept-record';
import { mergeGeneratedBlock } from './generated-block';
import { renderDirectoryIndexes } from './index-md';
import { KEYWORDS_PATH, renderKeywords } from './keywords';
import { appendLogEntry, LOG_PATH } from './log-entry';
import { renderTimeline, TIMELINE_PATH } from './timeline';

/** The generated artifacts, selectable one by one (`okf-wiki timeline`, `okf-wiki keywords`). */
export type Artifact = 'timeline' | 'keywords' | 'index';

export const ALL_ARTIFACTS: readonly Artifact[] = ['timeline', 'keywords', 'index'];

/** What happened to one file. `hand-written` / `malformed`: an index.md left alone (see `reason`). */
export interface GeneratedFile {
  readonly path: string;
  readonly outcome: 'created' | 'updated' | 'unchanged' | 'hand-written' | 'malformed' | 'appended';
  readonly reason?: string;
}

export interface RegenerateOptions {
  readonly concepts: readonly ConceptRecord[];
  /** Lists the bundle and reads the index.md and log.md files being merged into. */
  readonly source: BundleSource;
  readonly writer: BundleWriter;
  /** Dates the log entry. */
  readonly clock: Clock;
  /** Default: all of them. */
  readonly artifacts?: readonly Artifact[];
  /**
   * The log.md entry for this operation (see `formatLogEntry`), given what was written; return undefined for
   * none. Absent: no entry.
   */
  readonly logEntry?: (files: readonly GeneratedFile[]) => string | undefined;
}

/**
 * Regenerates the chosen artifacts. index.md policy: a folder without index.md gets one (just the generated
 * block); an index.md with the markers gets its block replaced, the rest kept; an index.md without markers is
 * someone's hand-written catalog (every real OKF bundle has them) and is never touched.
 */
export async function regenerateBundleFiles(options: RegenerateOptions): Promise<GeneratedFile[]> {
  const artifacts = new Set(options.artifacts ?? ALL_ARTIFACTS);
  const listing = new Set(await options.source.list());
  const read = async (path: string) => (listing.has(path) ? options.source.read(path) : undefined);
  const results: GeneratedFile[] = [];
  const put = async (path: string, text: string) => {
    const existing = await read(path);
    if (existing === text) return void results.push({ path, outcome: 'unchanged' });
    await options.writer.write(path, text);
    results.push({ path, outcome: existing === undefined ? 'created' : 'updated' });
  };

  if (artifacts.has('timeline')) await put(TIMELINE_PATH, renderTimeline(options.concepts));
  if (artifacts.has('keywords')) await put(KEYWORDS_PATH, renderKeywords(options.concepts));
  if (artifacts.has('index')) {
    for (const [path, body] of renderDirectoryIndexes(options.concepts)) {
      const merged = mergeGeneratedBlock(await read(path), body);
      if ('reason' in merged) results.push({ path, outcome: merged.kind, reason: merged.reason });
      else if (merged.kind === 'unchanged') results.push({ path, outcome: 'unchanged' });
      else {
        await options.writer.write(path, merged.text);
        results.push({ path, outcome: merged.kind === 'created' ? 'created' : 'updated' });
      }
    }
  }
  const entry = options.logEntry?.(results);
  if (entry !== undefined) {
    await options.writer.write(LOG_PATH, appendLogEntry(await read(LOG_PATH), todayOf(options.clock), entry));
    results.push({ path: LOG_PATH, outcome: 'appended' });
  }
  return results;
}

/** Counts of outcomes, for one-line summaries ("2 created, 1 unchanged"). */
export function summarizeGenerated(files: readonly GeneratedFile[]): string {
  const order: GeneratedFile['outcome'][] = [
    'created',
    'updated',
    'unchanged',
    'appended',
    'hand-written',
    'malformed',
  ];
  const counts = new Map<string, number>();
  for (const f of files) counts.set(f.outcome, (counts.get(f.outcome) ?? 0) + 1);
  return order
    .filter((o) => counts.has(o))
    .map((o) => `${counts.get(o)} ${o === 'hand-written' ? 'hand-written (left alone)' : o}`)
    .join(', ');
}

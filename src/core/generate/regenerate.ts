// Writes the generated files of a bundle (spec §3, §7.4): timeline.md, wiki-trigger-keywords.txt, the generated
// block of each folder's index.md, and one log.md entry for the operation. Only files whose bytes change are
// written, so a second run with no edits writes nothing (log.md aside: each operation adds its entry).
import { todayOf, type BundleSource, type BundleWriter, type Clock } from '../types';
import { byCodeUnit, type ConceptRecord } from './concept-record';
import { mergeGeneratedBlock } from './generated-block';
import { renderDirectoryIndexes } from './index-md';
import { KEYWORDS_PATH, renderKeywords } from './keywords';
import { appendLogEntry, LOG_PATH } from './log-entry';
import { renderTimeline, TIMELINE_PATH } from './timeline';

/** The generated artifacts, selectable one by one (`okf-wiki timeline`, `okf-wiki keywords`). */
export type Artifact = 'timeline' | 'keywords' | 'index';

export const ALL_ARTIFACTS: readonly Artifact[] = ['timeline', 'keywords', 'index'];

/**
 * What happened to one file. `hand-written`: an index.md without markers, or a timeline.md or keywords file
 * okf-wiki did not write, left alone (see `reason`); `malformed`: an index.md with broken markers, left alone;
 * `not-logged`: log.md could not be written (see `reason`: read-only, say), the rest was.
 */
export interface GeneratedFile {
  readonly path: string;
  readonly outcome: 'created' | 'updated' | 'unchanged' | 'hand-written' | 'malformed' | 'appended' | 'not-logged';
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
 * Regenerates the chosen artifacts. timeline.md and the keywords file are replaced only when okf-wiki wrote them
 * (`writtenByOkfWiki`); a file of that name someone wrote is left alone and reported. index.md policy: a folder
 * without index.md gets one (just the generated block); an index.md with the markers gets its block replaced, the
 * rest kept; an index.md without markers is someone's hand-written catalog (every real OKF bundle has them) and is
 * never touched.
 */
export async function regenerateBundleFiles(options: RegenerateOptions): Promise<GeneratedFile[]> {
  const artifacts = new Set(options.artifacts ?? ALL_ARTIFACTS);
  const listing = new Set(await options.source.list());
  const read = async (path: string) => (listing.has(path) ? options.source.read(path) : undefined);
  const results: GeneratedFile[] = [];
  const put = async (path: string, text: string) => {
    const existing = await read(path);
    if (existing === text) return void results.push({ path, outcome: 'unchanged' });
    if (existing !== undefined && !writtenByOkfWiki(existing))
      return void results.push({ path, outcome: 'hand-written', reason: NOT_OURS });
    await options.writer.write(path, text);
    results.push({ path, outcome: existing === undefined ? 'created' : 'updated' });
  };

  if (artifacts.has('timeline')) await put(TIMELINE_PATH, renderTimeline(options.concepts));
  if (artifacts.has('keywords')) await put(KEYWORDS_PATH, renderKeywords(options.concepts));
  if (artifacts.has('index')) {
    const indexes = renderDirectoryIndexes(options.concepts);
    for (const [path, body] of indexes) {
      const merged = mergeGeneratedBlock(await read(path), body);
      if ('reason' in merged) results.push({ path, outcome: merged.kind, reason: merged.reason });
      else if (merged.kind === 'unchanged') results.push({ path, outcome: 'unchanged' });
      else {
        await options.writer.write(path, merged.text);
        results.push({ path, outcome: merged.kind === 'created' ? 'created' : 'updated' });
      }
    }
    // A folder whose concepts all moved out (or were deleted) is not among them, but its index.md kept a block
    // listing them: every link dead, on every later reindex (QA2 F10). Its block now says the folder holds none.
    // An index.md without the markers is someone's own and is not reported here either.
    for (const path of [...listing].filter((p) => isIndexMd(p) && !indexes.has(p)).sort(byCodeUnit)) {
      const merged = mergeGeneratedBlock(await read(path), NO_CONCEPTS);
      if (merged.kind === 'hand-written' || merged.kind === 'unchanged') continue;
      if ('reason' in merged) results.push({ path, outcome: merged.kind, reason: merged.reason });
      else {
        await options.writer.write(path, merged.text);
        results.push({ path, outcome: 'updated' });
      }
    }
  }
  const entry = options.logEntry?.(results);
  // The last, optional step: a log.md that cannot be written (read-only) failed the whole command after everything
  // else was written, and its report was lost (QA2 F21). Now it is said and the report stands.
  if (entry !== undefined) {
    try {
      await options.writer.write(LOG_PATH, appendLogEntry(await read(LOG_PATH), todayOf(options.clock), entry));
      results.push({ path: LOG_PATH, outcome: 'appended' });
    } catch (error) {
      results.push({ path: LOG_PATH, outcome: 'not-logged', reason: (error as Error).message });
    }
  }
  return results;
}

/** The generated block of an index.md whose folder holds no concept (any more). */
export const NO_CONCEPTS = 'No concept pages in this folder.';

function isIndexMd(path: string): boolean {
  return path === '/index.md' || path.endsWith('/index.md');
}

const NOT_OURS =
  'it has no "Generated by okf-wiki" header, so someone else wrote it and it is left as it is ' +
  '(rename or move it to let okf-wiki write this file)';

/**
 * True when okf-wiki wrote `existing` (timeline.md, the keywords file): its "Generated by okf-wiki" line is among
 * the first lines (BOM and CRLF allowed). An empty file holds nothing to lose. Anything else is a person's note
 * of the same name (timeline.md is a common note name; the bundle may be a whole vault) and is never replaced.
 */
export function writtenByOkfWiki(existing: string): boolean {
  if (existing.trim() === '') return true;
  const head = existing.replace(/^\uFEFF/, '').split(/\r?\n/, 4);
  return head.some((line) => /^[#>] Generated by okf-wiki\b/.test(line));
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
    'not-logged',
  ];
  const counts = new Map<string, number>();
  for (const f of files) counts.set(f.outcome, (counts.get(f.outcome) ?? 0) + 1);
  return order
    .filter((o) => counts.has(o))
    .map((o) => `${counts.get(o)} ${o === 'hand-written' ? 'hand-written (left alone)' : o}`)
    .join(', ');
}

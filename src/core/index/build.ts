// Building and refreshing the index from a bundle: a full build (reindex, spec §7.4) and a catch-up that
// re-reads only files that changed (the plugin after a restart, the CLI before a query). Both give the same tables.
import { readConcept } from '../okf/read-concept';
import { isConceptCandidate } from '../okf/paths';
import {
  LINKED_FILE,
  LINKED_FOLDER,
  type BundleSource,
  type FileStat,
  type LinkedFolderRefusal,
  type ReadResult,
} from '../types';
import { recordedStats } from './recorded-stats';
import { hashOf, pathOf, rawDatabase, WikiIndex } from './wiki-index';

/** Progress of a long build: `done` of `total` files read. */
export type Progress = (done: number, total: number) => void;

/** How many files are read between progress reports and transaction commits. */
const BATCH = 200;
/**
 * How many files a full build reads, parses and inserts at a time. Small: a batch's texts and parsed concepts
 * then die young, where 200 at a time outlived the young generation and filled the old one with garbage (the JS
 * heap of a reindex at 10,000 concepts grew by ~65 MB before a full collection).
 */
const BUILD_BATCH = 20;

/**
 * The code (and hash) of a file whose read failed. Its cause may go without changing the file's times (a transient
 * EIO; a permission fixed where the shell sees no ctime: Obsidian), so every catch-up and refresh reads it again.
 */
const UNREADABLE = 'unreadable';

/**
 * Reads one file of the bundle. A read failure, or the reader failing unexpectedly on the text (a hostile note may
 * find a bug), becomes an invalid file with a diagnostic naming it: one file never stops a build or a catch-up.
 * `stats` (what will be recorded) then holds the stat of the file read where the source gives it, none if it failed.
 */
export async function readBundleFile(
  source: BundleSource,
  path: string,
  stats?: Map<string, FileStat>,
): Promise<ReadResult> {
  return (await readFile(source, path, stats, false))!;
}

/**
 * readBundleFile for files the listing gave; undefined for one gone since (deleted or moved while a build read the
 * rest: a `git checkout`, a sync client, Obsidian moving a folder). Such a file is simply not there, as the next
 * listing says; it was an `unreadable` error each, hundreds for a folder moved during a reindex. Only a file the
 * bundle no longer lists is gone: one it still lists but cannot open (a name the bundle paths cannot spell, a
 * backslash on Linux) stays an error.
 */
export async function readListedFiles(
  source: BundleSource,
  paths: readonly string[],
  stats?: Map<string, FileStat>,
): Promise<(ReadResult | undefined)[]> {
  const read = await Promise.all(paths.map((p) => readFile(source, p, stats, true)));
  if (!read.includes(undefined)) return read;
  const listed = new Set(await source.list());
  return Promise.all(
    read.map(async (r, i) => (r === undefined && listed.has(paths[i]) ? readBundleFile(source, paths[i], stats) : r)),
  );
}

/** The codes of a read that failed because nothing is at the path any more (a folder on the way gone or a file). */
const GONE = new Set(['ENOENT', 'ENOTDIR']);

async function readFile(
  source: BundleSource,
  path: string,
  stats: Map<string, FileStat> | undefined,
  goneIsAbsent: boolean,
): Promise<ReadResult | undefined> {
  const failed = (code: string, what: string, error: unknown): ReadResult => ({
    kind: 'invalid',
    path,
    hash: code,
    diagnostics: [
      { path, severity: 'error', code, message: `${what}: ${error instanceof Error ? error.message : String(error)}` },
    ],
  });
  let text: string;
  try {
    if (stats !== undefined && source.readWithStat !== undefined) {
      stats.delete(path);
      const read = await source.readWithStat(path);
      stats.set(path, read.stat);
      text = read.text;
    } else text = await source.read(path);
  } catch (error) {
    const link = error as Partial<LinkedFolderRefusal>;
    // A linked folder: said with its own code and severity (one leading inside the bundle is only an alias).
    if ((link.code === LINKED_FOLDER || link.code === LINKED_FILE) && link.severity !== undefined) {
      const diagnostic = { path, severity: link.severity, code: link.code, message: String(link.message) };
      return { kind: 'invalid', path, hash: link.code, diagnostics: [diagnostic] };
    }
    if (goneIsAbsent && GONE.has(String((error as { code?: unknown } | undefined)?.code))) return undefined;
    return failed(UNREADABLE, 'Could not read the file', error);
  }
  try {
    return readConcept(path, text);
  } catch (error) {
    return failed('read-failed', 'Reading the file failed unexpectedly', error);
  }
}

/** The concept candidates of a bundle, sorted. */
export async function listConceptFiles(source: BundleSource): Promise<string[]> {
  // A linked folder is listed too, so the failed read of it says it was not followed (BundleSource.isFolderLink).
  return (await source.list()).filter((p) => isConceptCandidate(p) || source.isFolderLink?.(p) === true).sort();
}

/**
 * Indexed files whose last read failed. Found by their diagnostic (few rows), then their file row by key: a scan of
 * every file's row took ~3 ms at 10,000 files, and so did a plain join, which the planner ran from the files table
 * (`cross join` keeps the order).
 */
function unreadableFiles(index: WikiIndex): string[] {
  return rawDatabase(index)
    .all<{ path: string }>(
      'select distinct f.path from diagnostics d cross join files f on f.path = d.path where d.code = ? and f.hash = ?',
      [UNREADABLE, UNREADABLE],
    )
    .map((r) => r.path);
}

async function statAll(source: BundleSource, paths: readonly string[]): Promise<Map<string, FileStat>> {
  const stats = new Map<string, FileStat>();
  if (!source.stat) return stats;
  const found = source.statMany
    ? await source.statMany(paths)
    : await Promise.all(paths.map((p) => source.stat!(p).catch(() => undefined)));
  paths.forEach((p, i) => {
    const s = found[i];
    if (s) stats.set(p, s);
  });
  return stats;
}

/** The bundle's concept files and their stats, as a catch-up would take them (taken ahead: surveyBundle). */
export interface Survey {
  readonly paths: readonly string[];
  /** By path; a catch-up replaces the stat of a file it reads with that of the file read (readBundleFile). */
  readonly stats: Map<string, FileStat>;
}

/**
 * Lists and stats the bundle's concept files for a catch-up to come (syncIndex): a CLI question does it while wiki.db
 * is read in another thread. Taken before the index is known, as a stat taken before a read is: a file changed after
 * it looks changed to the next catch-up, never unchanged.
 */
export async function surveyBundle(source: BundleSource): Promise<Survey> {
  const paths = await listConceptFiles(source);
  return { paths, stats: await statAll(source, paths) };
}

/** Builds a fresh index from every concept file in the bundle. */
export async function buildIndex(source: BundleSource, onProgress?: Progress): Promise<WikiIndex> {
  // Each path once: the build inserts into empty tables, so a listing that repeated a path must not repeat a row.
  const paths = [...new Set(await listConceptFiles(source))];
  async function* batches() {
    for (let i = 0; i < paths.length; i += BUILD_BATCH) {
      const slice = paths.slice(i, i + BUILD_BATCH);
      // Stat before reading: a file changed in between then looks changed next time, never unchanged. A source that
      // gives the stat of the file each read opened (readWithStat, taken before the read) has that one recorded
      // (readBundleFile), so a stat by path first would only be thrown away: 10,000 lstat calls at 10,000 files.
      const stats = source.readWithStat ? new Map<string, FileStat>() : await statAll(source, slice);
      const batch = (await readListedFiles(source, slice, stats)).filter((r) => r !== undefined);
      yield [batch, stats] as const;
      // Reported every BATCH files, as before the batches were smaller (the plugin posts each to the main thread).
      const done = Math.min(i + BUILD_BATCH, paths.length);
      if (done % BATCH === 0 || done === paths.length) onProgress?.(done, paths.length);
    }
  }
  return WikiIndex.build(batches(), paths.length);
}

/** What a catch-up changed. */
export interface SyncReport {
  readonly updated: string[];
  readonly removed: string[];
}

/**
 * Brings an index up to date with the bundle: files gone are removed; files whose mtime and size match the
 * index are skipped unread (when the source can stat); the rest are read and re-indexed if their hash differs.
 */
export async function syncIndex(
  index: WikiIndex,
  source: BundleSource,
  onProgress?: Progress,
  surveyed?: Promise<Survey>,
): Promise<SyncReport> {
  const known = recordedStats(index);
  const failed = new Set(unreadableFiles(index));
  const survey = await surveyed;
  const paths = survey?.paths ?? (await listConceptFiles(source));
  const present = new Set(paths);
  const updated: string[] = [];
  for (let i = 0; i < paths.length; i += BATCH) {
    const slice = paths.slice(i, i + BATCH);
    const stats = survey?.stats ?? (await statAll(source, slice));
    const toRead = slice.filter((p) => {
      const s = stats.get(p);
      return !(s && known.matches(p, s)) || failed.has(p);
    });
    updated.push(...(await applyIfChanged(index, source, toRead, stats)));
    onProgress?.(Math.min(i + BATCH, paths.length), paths.length);
  }
  const removed = known.paths.filter((p) => !present.has(p)).sort();
  for (const path of removed) index.removeFile(path);
  return { updated, removed };
}

/**
 * Re-reads the given files (a batch of saves) and those whose last read failed: those whose content hash changed
 * are re-indexed, the others only get their new mtime and size, so the next catch-up skips them. Returns the paths
 * re-indexed.
 */
export async function refreshFiles(
  index: WikiIndex,
  source: BundleSource,
  given: readonly string[],
): Promise<string[]> {
  const failed = unreadableFiles(index);
  const paths = failed.length === 0 ? given : [...new Set([...given, ...failed])];
  const updated: string[] = [];
  for (let i = 0; i < paths.length; i += BATCH) {
    const slice = paths.slice(i, i + BATCH);
    // Stat before reading, so a file changed in between looks changed next time, never unchanged.
    updated.push(...(await applyIfChanged(index, source, slice, await statAll(source, slice))));
  }
  return updated;
}

/** Reads `paths`, applies those whose hash differs from the index's, records the stat of the rest. */
async function applyIfChanged(
  index: WikiIndex,
  source: BundleSource,
  paths: readonly string[],
  stats: Map<string, FileStat>,
): Promise<string[]> {
  const read = await readListedFiles(source, paths, stats);
  // A file gone since it was listed or saved is not there: the index forgets it, as the next catch-up would.
  paths.forEach((path, i) => {
    if (read[i] === undefined && index.fileHash(path) !== undefined) index.removeFile(path);
  });
  const results = read.filter((r) => r !== undefined);
  const changed = results.filter((r) => index.fileHash(pathOf(r)) !== hashOf(r));
  if (changed.length > 0) index.applyFiles(changed, stats);
  const changedPaths = new Set(changed.map(pathOf));
  for (const path of paths) {
    const stat = stats.get(path);
    if (stat && !changedPaths.has(path)) index.setFileStat(path, stat);
  }
  return changed.map(pathOf);
}

// Building and refreshing the index from a bundle: a full build (reindex, spec §7.4) and a catch-up that
// re-reads only files that changed (the plugin after a restart, the CLI before a query). Both give the same tables.
import { readConcept } from '../okf/read-concept';
import { isConceptCandidate } from '../okf/paths';
import type { BundleSource, FileStat, ReadResult } from '../types';
import { pathOf, WikiIndex } from './wiki-index';

/** Progress of a long build: `done` of `total` files read. */
export type Progress = (done: number, total: number) => void;

/** How many files are read between progress reports and transaction commits. */
const BATCH = 200;

/** Reads one file of the bundle; a read failure becomes an invalid file with a diagnostic naming it. */
export async function readBundleFile(source: BundleSource, path: string): Promise<ReadResult> {
  let text: string;
  try {
    text = await source.read(path);
  } catch (error) {
    return {
      kind: 'invalid',
      path,
      hash: 'unreadable',
      diagnostics: [{ path, severity: 'error', code: 'unreadable', message: `Could not read the file: ${(error as Error).message}` }],
    };
  }
  return readConcept(path, text);
}

/** The concept candidates of a bundle, sorted. */
export async function listConceptFiles(source: BundleSource): Promise<string[]> {
  return (await source.list()).filter(isConceptCandidate).sort();
}

async function statAll(source: BundleSource, paths: readonly string[]): Promise<Map<string, FileStat>> {
  const stats = new Map<string, FileStat>();
  if (!source.stat) return stats;
  const found = await Promise.all(paths.map((p) => source.stat!(p).catch(() => undefined)));
  paths.forEach((p, i) => {
    const s = found[i];
    if (s) stats.set(p, s);
  });
  return stats;
}

/** Builds a fresh index from every concept file in the bundle. */
export async function buildIndex(source: BundleSource, onProgress?: Progress): Promise<WikiIndex> {
  const index = await WikiIndex.create();
  const paths = await listConceptFiles(source);
  for (let i = 0; i < paths.length; i += BATCH) {
    const slice = paths.slice(i, i + BATCH);
    // Stat before reading: a file changed in between then looks changed next time, never unchanged.
    const stats = await statAll(source, slice);
    const batch = await Promise.all(slice.map((p) => readBundleFile(source, p)));
    index.applyFiles(batch, stats);
    onProgress?.(Math.min(i + BATCH, paths.length), paths.length);
  }
  return index;
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
export async function syncIndex(index: WikiIndex, source: BundleSource, onProgress?: Progress): Promise<SyncReport> {
  const known = index.fileStates();
  const paths = await listConceptFiles(source);
  const present = new Set(paths);
  const updated: string[] = [];
  for (let i = 0; i < paths.length; i += BATCH) {
    const slice = paths.slice(i, i + BATCH);
    const stats = await statAll(source, slice);
    const toRead = slice.filter((p) => {
      const k = known.get(p);
      const s = stats.get(p);
      return !(k && s && k.mtime === s.mtime && k.size === s.size);
    });
    const results = await Promise.all(toRead.map((p) => readBundleFile(source, p)));
    const changed = results.filter((r) => known.get(pathOf(r))?.hash !== (r.kind === 'concept' ? r.concept.hash : r.hash));
    if (changed.length > 0) index.applyFiles(changed, stats);
    for (const r of results) {
      const s = stats.get(pathOf(r));
      if (s && !changed.includes(r)) index.setFileStat(pathOf(r), s);
    }
    updated.push(...changed.map(pathOf));
    onProgress?.(Math.min(i + BATCH, paths.length), paths.length);
  }
  const removed = [...known.keys()].filter((p) => !present.has(p)).sort();
  for (const path of removed) index.removeFile(path);
  return { updated, removed };
}

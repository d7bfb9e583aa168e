// Building and refreshing the index from a bundle: a full build (reindex, spec §7.4) and a catch-up that
// re-reads only files whose content changed (the plugin after a restart). Both give the same tables.
import { readConcept } from '../okf/read-concept';
import { isConceptCandidate } from '../okf/paths';
import type { BundleSource, ReadResult } from '../types';
import { WikiIndex } from './wiki-index';

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

/** Builds a fresh index from every concept file in the bundle. */
export async function buildIndex(source: BundleSource, onProgress?: Progress): Promise<WikiIndex> {
  const index = await WikiIndex.create();
  const paths = await listConceptFiles(source);
  for (let i = 0; i < paths.length; i += BATCH) {
    const batch = await Promise.all(paths.slice(i, i + BATCH).map((p) => readBundleFile(source, p)));
    index.applyFiles(batch);
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
 * Brings an index up to date with the bundle: files whose hash differs are re-read, files gone are removed.
 * Reading every file is still needed to hash it, but parsing and writing happen only for what changed.
 */
export async function syncIndex(index: WikiIndex, source: BundleSource, onProgress?: Progress): Promise<SyncReport> {
  const known = index.fileHashes();
  const paths = await listConceptFiles(source);
  const present = new Set(paths);
  const updated: string[] = [];
  for (let i = 0; i < paths.length; i += BATCH) {
    const results = await Promise.all(paths.slice(i, i + BATCH).map((p) => readBundleFile(source, p)));
    const changed = results.filter((r) => known.get(r.kind === 'concept' ? r.concept.path : r.path) !== (r.kind === 'concept' ? r.concept.hash : r.hash));
    if (changed.length > 0) index.applyFiles(changed);
    updated.push(...changed.map((r) => (r.kind === 'concept' ? r.concept.path : r.path)));
    onProgress?.(Math.min(i + BATCH, paths.length), paths.length);
  }
  const removed = [...known.keys()].filter((p) => !present.has(p)).sort();
  for (const path of removed) index.removeFile(path);
  return { updated, removed };
}

// What every lint check reads, loaded once from the index and the bundle's file list: concept rows, edges,
// prose links, reader diagnostics, the bundle settings and today's date. Checks are pure functions of it.
import type { BundleConfig } from '../config/bundle-config';
import type { WikiIndex } from '../index/wiki-index';
import type { Diagnostic, Source } from '../types';
import { PathResolver } from './path-resolver';

/** The columns of a concept the checks need. */
export interface LintConcept {
  readonly path: string;
  readonly title: string;
  readonly type: string;
  readonly status?: string;
  readonly staleAfter?: string;
  readonly supersededBy?: string;
  readonly supersedes: readonly string[];
  readonly sources: readonly Source[];
  readonly resource?: string;
  /** Frontmatter keys the reader does not model (OKF path-valued fields such as `computation` live here). */
  readonly extra: Readonly<Record<string, unknown>>;
}

/** One relation (a row of `edges`). */
export interface LintEdge {
  readonly subject: string;
  readonly ord: number;
  readonly predicate: string;
  readonly objectPath?: string;
  readonly objectLiteral?: string;
  readonly date?: string;
  readonly source?: string;
}

/** One prose link (a row of `links`). */
export interface LintLink {
  readonly source: string;
  readonly kind: 'markdown' | 'wikilink';
  readonly raw: string;
  readonly targetPath?: string;
  readonly rootPath?: string;
}

/** Everything a check may look at. */
export interface LintContext {
  /** Concepts by path, in path order. */
  readonly concepts: ReadonlyMap<string, LintConcept>;
  /** Relations in (subject, ord) order. */
  readonly edges: readonly LintEdge[];
  readonly links: readonly LintLink[];
  /** Reader diagnostics, by file then position. */
  readonly diagnostics: readonly Diagnostic[];
  /** How each indexed file was read. */
  readonly fileStatus: ReadonlyMap<string, 'concept' | 'invalid' | 'skipped'>;
  /** Every file in the bundle (listing plus indexed files), sorted. */
  readonly files: readonly string[];
  readonly resolver: PathResolver;
  readonly config: BundleConfig;
  /** Problems reading `okf-wiki.json`. */
  readonly configDiagnostics: readonly Diagnostic[];
  /** ISO date-time of now, from the injected clock. */
  readonly now: string;
}

type Nullable<T> = { [K in keyof T]: T[K] | null };

/** Loads the lint context from an index and the bundle's file list. */
export function loadLintContext(
  index: WikiIndex,
  listing: readonly string[],
  config: BundleConfig,
  configDiagnostics: readonly Diagnostic[],
  now: string,
): LintContext {
  const db = index.db;
  const concepts = new Map<string, LintConcept>();
  const rows = db.all<{
    path: string; title: string; type: string; status: string | null; stale_after: string | null; superseded_by: string | null;
    supersedes: string; sources: string; resource: string | null; extra: string;
  }>('select path, title, type, status, stale_after, superseded_by, supersedes, sources, resource, extra from concepts order by path');
  for (const r of rows) {
    concepts.set(r.path, {
      path: r.path,
      title: r.title,
      type: r.type,
      ...(r.status !== null ? { status: r.status } : {}),
      ...(r.stale_after !== null ? { staleAfter: r.stale_after } : {}),
      ...(r.superseded_by !== null ? { supersededBy: r.superseded_by } : {}),
      supersedes: parseJson<string[]>(r.supersedes, []),
      sources: parseJson<Source[]>(r.sources, []),
      ...(r.resource !== null ? { resource: r.resource } : {}),
      extra: parseJson<Record<string, unknown>>(r.extra, {}),
    });
  }
  const edges = db
    .all<Nullable<{ subject_path: string; ord: number; predicate: string; object_path: string; object_literal: string; date: string; source_id: string }>>(
      'select subject_path, ord, predicate, object_path, object_literal, date, source_id from edges order by subject_path, ord',
    )
    .map(
      (r): LintEdge => ({
        subject: r.subject_path!,
        ord: Number(r.ord),
        predicate: r.predicate!,
        ...(r.object_path !== null ? { objectPath: r.object_path } : {}),
        ...(r.object_literal !== null ? { objectLiteral: r.object_literal } : {}),
        ...(r.date !== null ? { date: r.date } : {}),
        ...(r.source_id !== null ? { source: r.source_id } : {}),
      }),
    );
  const links = db
    .all<Nullable<{ source_path: string; kind: 'markdown' | 'wikilink'; raw: string; target_path: string; root_path: string }>>(
      'select source_path, kind, raw, target_path, root_path from links order by source_path, ord',
    )
    .map(
      (r): LintLink => ({
        source: r.source_path!,
        kind: r.kind!,
        raw: r.raw!,
        ...(r.target_path !== null ? { targetPath: r.target_path } : {}),
        ...(r.root_path !== null ? { rootPath: r.root_path } : {}),
      }),
    );
  const fileStatus = new Map(
    db.all<{ path: string; status: 'concept' | 'invalid' | 'skipped' }>('select path, status from files').map((r) => [r.path, r.status]),
  );
  const files = [...new Set([...listing, ...fileStatus.keys()])].sort();
  return {
    concepts,
    edges,
    links,
    diagnostics: index.diagnostics(),
    fileStatus,
    files,
    resolver: new PathResolver(files),
    config,
    configDiagnostics,
    now,
  };
}

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

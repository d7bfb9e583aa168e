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
  readonly supersededAt?: string;
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

/** Loads the lint context from an index and the bundle's file list. */
export function loadLintContext(
  index: WikiIndex,
  listing: readonly string[],
  config: BundleConfig,
  configDiagnostics: readonly Diagnostic[],
  now: string,
): LintContext {
  const concepts = new Map<string, LintConcept>();
  type ConceptRow = [
    string,
    string,
    string,
    string | null,
    string | null,
    string | null,
    string[],
    Source[],
    string | null,
    Record<string, unknown>,
    string | null,
  ];
  for (const [
    path,
    title,
    type,
    status,
    staleAfter,
    supersededBy,
    supersedes,
    sources,
    resource,
    extra,
    supersededAt,
  ] of index.lintConceptArrays<ConceptRow>()) {
    concepts.set(path, {
      path,
      title,
      type,
      ...(status !== null ? { status } : {}),
      ...(staleAfter !== null ? { staleAfter } : {}),
      ...(supersededBy !== null ? { supersededBy } : {}),
      ...(supersededAt !== null ? { supersededAt } : {}),
      supersedes,
      sources,
      ...(resource !== null ? { resource } : {}),
      extra,
    });
  }
  type EdgeRow = [string, number, string, string | null, string | null, string | null, string | null];
  const edges = index
    .edgeArrays<EdgeRow>()
    .map(([subject, ord, predicate, objectPath, objectLiteral, date, source]): LintEdge => {
      const edge: { -readonly [K in keyof LintEdge]: LintEdge[K] } = { subject, ord, predicate };
      if (objectPath !== null) edge.objectPath = objectPath;
      if (objectLiteral !== null) edge.objectLiteral = objectLiteral;
      if (date !== null) edge.date = date;
      if (source !== null) edge.source = source;
      return edge;
    });
  type LinkRow = [string, 'markdown' | 'wikilink', string, string | null, string | null];
  const links = index.linkArrays<LinkRow>().map(([source, kind, raw, targetPath, rootPath]): LintLink => {
    const link: { -readonly [K in keyof LintLink]: LintLink[K] } = { source, kind, raw };
    if (targetPath !== null) link.targetPath = targetPath;
    if (rootPath !== null) link.rootPath = rootPath;
    return link;
  });
  const fileStatus = new Map(index.fileStatusArrays<[string, 'concept' | 'invalid' | 'skipped']>());
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

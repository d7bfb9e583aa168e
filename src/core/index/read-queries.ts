// The read queries of the index, named by what they return: retrieval, lint, the generators and evaluation ask
// WikiIndex for these instead of writing SQL. Rows keep SQLite's shapes (JSON text for list columns, null for
// absent values); the read models that map them stay with their users.
import { LINKED_FILE, LINKED_FOLDER, type Diagnostic } from '../types';
import { compareBinary } from '../retrieval/binary-order';
import { bestByPhrases, bounded, scoresCommonAnew, type PhraseScoreCache, type ScoredRow } from './bm25-phrases';
import type { Database } from './sqlite';

/** File rows of links (a linked folder, a link to a concept file inside): not markdown files of the bundle's own. */
const LINKS = `('${LINKED_FOLDER}', '${LINKED_FILE}')`;

/** A BM25 hit with the text its word coverage is measured on. */
export interface Bm25Row {
  readonly path: string;
  readonly score: number;
  readonly title: string;
  readonly aliases: string;
  readonly description: string;
  readonly tags: string;
  readonly body: string;
  /** The concept's literal relation objects ("Government Code and Cypher School (GC&CS)"), one per line. */
  readonly literals: string;
}

/** One row of `edges`. */
export interface EdgeRow {
  readonly subject_path: string;
  readonly ord: number;
  readonly predicate: string;
  readonly object_path: string | null;
  readonly object_literal: string | null;
  readonly date: string | null;
  readonly source_id: string | null;
}

/** What the retrieval catalog holds per concept. */
export interface ConceptInfoRow {
  readonly path: string;
  readonly title: string;
  readonly type: string;
  readonly aliases: string;
  readonly trust: 'human-reviewed' | 'machine-confirmed' | 'unverified';
  readonly status: string | null;
  readonly stale_after: string | null;
  readonly superseded_by: string | null;
  readonly superseded_at: string | null;
  readonly generated_at: string | null;
}

/** A concept whose sources may cite `references/` (spec §7.6). */
export interface CitingRow {
  readonly path: string;
  readonly title: string;
  readonly trust: 'human-reviewed' | 'machine-confirmed' | 'unverified';
  readonly status: string | null;
  readonly sources: string;
  readonly verified: string;
}

// A page's literal facts are its words too (the coverage and names gates read them); values only, no JSON keys.
const LITERALS =
  "(select coalesce(group_concat(e.object_literal, char(10)), '') from edges e " +
  'where e.subject_path = c.path and e.object_literal is not null) as literals';
const TEXT_COLUMNS =
  "c.path, c.title, c.aliases, coalesce(c.description, '') as description, c.tags, c.body, " + LITERALS;

/**
 * `MATCH` over the FTS index, ranked by bm25 with the given column weights (path column first), ties by path.
 * The ranking runs on rowids: `path` is an unindexed column of an external-content table, so ordering every
 * match by it fetches every matching concept's row (10,000 for a question of common words at 10,000 concepts,
 * about half the query's time). The best `2 × limit` by score are fetched and ranked by (score, path): every row
 * of the exact top `limit` is among them unless the score at the cut is tied past them, and then the exact query
 * over every match decides.
 */
export function bm25Rows(db: Database, match: string, limit: number, weights: readonly number[]): Bm25Row[] {
  const matches =
    `select rowid, bm25(concepts_fts, ${weightList(weights)}) as score from ` +
    `concepts_fts where concepts_fts match ?`;
  const wide = limit * 2;
  const best = db.all<{ rowid: number; score: number }>(`${matches} order by score limit ?`, [match, wide]);
  if (best.length === wide && best[limit - 1].score === best[wide - 1].score) {
    return db.all<Bm25Row>(
      `select f.score, ${TEXT_COLUMNS} from (${matches}) f join concepts c on ` +
        `c.rowid = f.rowid order by f.score, c.path limit ?`,
      [match, limit],
    );
  }
  return rowsOf(db, best, limit);
}

/**
 * What bm25Rows returns, for an OR of `phrases`, scored phrase by phrase with common phrases' scores kept (see
 * bm25-phrases.ts): the same rows, scores and order.
 */
export function bm25RowsByPhrases(
  db: Database,
  cache: PhraseScoreCache,
  phrases: readonly string[],
  limit: number,
  weights: readonly number[],
): Bm25Row[] {
  return bestRows(db, bestByPhrases(db, cache, phrases, limit, weightList(weights)), limit);
}

/**
 * What bm25Rows returns, for an OR of `phrases` mixing common and rarer ones, from FTS5 scoring only the rows that can
 * rank (see bounded), or null when that bound decides nothing. `byPhrase`: the rarer phrases scored through `cache`
 * phrase by phrase (a question on an index already asked, as bm25RowsByPhrases). `prefix`: fewer rows than `limit`
 * may come back, the exact first rows of the ranking, `complete` false.
 */
export function bm25RowsByBound(
  db: Database,
  cache: PhraseScoreCache,
  match: string,
  phrases: readonly string[],
  limit: number,
  weights: readonly number[],
  byPhrase: boolean,
  prefix: boolean,
): { rows: Bm25Row[]; complete: boolean } | null {
  const best = bounded(db, match, phrases, limit, weightList(weights), cache, byPhrase, prefix);
  return best && { rows: bestRows(db, best.rows, limit), complete: best.complete };
}

/** Whether scoring `phrases` one by one would score a common phrase anew over all its rows (see scoresCommonAnew). */
export function bm25ScoresCommonAnew(
  db: Database,
  cache: PhraseScoreCache,
  phrases: readonly string[],
  weights: readonly number[],
): boolean {
  return scoresCommonAnew(db, cache, phrases, weightList(weights));
}

/** The best `limit` of scored rows (all that can rank, ties at the cut included), by (score, path). */
function bestRows(db: Database, scored: ScoredRow[], limit: number): Bm25Row[] {
  let best = scored;
  if (best.length > limit * 2) {
    // Many rows tied at the cut: their paths alone decide which of them are in, before any body is read.
    const paths = new Map(
      db
        .all<{ rowid: number; path: string }>(
          'select rowid, path from concepts where rowid in (select value from json_each(?))',
          [JSON.stringify(best.map((b) => b.rowid))],
        )
        .map((r) => [r.rowid, r.path]),
    );
    best = best
      .sort((a, b) => a.score - b.score || compareBinary(paths.get(a.rowid)!, paths.get(b.rowid)!))
      .slice(0, limit);
  }
  return rowsOf(db, best, limit);
}

/** bm25()'s column weights as SQL literals. */
function weightList(weights: readonly number[]): string {
  return weights.map((w) => w.toFixed(1)).join(', ');
}

/** The concepts of scored rowids, ranked by (score, path), the first `limit`. */
function rowsOf(db: Database, best: readonly { rowid: number; score: number }[], limit: number): Bm25Row[] {
  const scores = new Map(best.map((b) => [b.rowid, b.score]));
  const rows = db.all<Omit<Bm25Row, 'score'> & { rowid: number }>(
    `select c.rowid, ${TEXT_COLUMNS} from concepts c where c.rowid in (select value from json_each(?))`,
    [JSON.stringify(best.map((b) => b.rowid))],
  );
  return rows
    .map(({ rowid, ...row }) => ({ ...row, score: scores.get(rowid)! }))
    .sort((a, b) => a.score - b.score || compareBinary(a.path, b.path))
    .slice(0, limit);
}

/** The relations of the given subjects, in (subject, ord) order. */
export function edgesFrom(db: Database, subjects: readonly string[]): EdgeRow[] {
  return db.all<EdgeRow>(
    'select subject_path, ord, predicate, object_path, object_literal, ' +
      'date, source_id from edges where subject_path in (select value from ' +
      'json_each(?)) order by subject_path, ord',
    [JSON.stringify(subjects)],
  );
}

/** Every file's content hash, mtime, size and ctime (what a catch-up compares against the disk). */
export function fileStateRows(
  db: Database,
): { path: string; hash: string; mtime: number | null; size: number | null; ctime: number | null }[] {
  return selectObjects(db, ['path', 'hash', 'mtime', 'size', 'ctime'], 'select * from files');
}

/**
 * Rows as objects read through one JSON string, for the same reason as selectArrays; `columns` are column names.
 * Read as arrays and named here: json_object repeats every key in every row, which made the string twice as long
 * (2.4 MB against 1.3 MB for the catalog at 10,000 concepts) and the catalog plus file states ~10 ms slower.
 */
function selectObjects<T>(db: Database, columns: readonly string[], from: string): T[] {
  const json = db.get<{ j: string }>(`select json_group_array(json_array(${columns.join(', ')})) as j from (${from})`);
  const rows = JSON.parse(json?.j ?? '[]') as unknown[][];
  return rows.map((row) => {
    const named: Record<string, unknown> = {};
    for (let i = 0; i < columns.length; i++) named[columns[i]] = row[i];
    return named as T;
  });
}

/** Bodies (and stale dates) of the given concepts. */
export function bodies(
  db: Database,
  paths: readonly string[],
): { path: string; body: string; stale_after: string | null }[] {
  return db.all<{ path: string; body: string; stale_after: string | null }>(
    'select path, body, stale_after from concepts where path in (select value from json_each(?))',
    [JSON.stringify(paths)],
  );
}

/** Every concept path. */
export function conceptPaths(db: Database): string[] {
  return db.all<{ path: string }>('select path from concepts order by path').map((r) => r.path);
}

/** Concepts with a source whose resource mentions `references/`, in path order. */
export function conceptsCitingReferences(db: Database): CitingRow[] {
  return db.all<CitingRow>(
    `select path, title, trust, status, sources, verified from concepts
   ` +
      `  where exists (select 1 from json_each(concepts.sources) s where ` +
      `json_extract(s.value, '$.resource') like '%references/%')
     order by path`,
  );
}

/** How many concepts per value of a column (type or trust tier), by value. */
export function countBy(db: Database, column: 'type' | 'trust'): { value: string; n: number }[] {
  const sql =
    column === 'type'
      ? 'select type as value, count(*) as n from concepts group by type order by type'
      : 'select trust as value, count(*) as n from concepts group by trust order by trust';
  return db.all<{ value: string; n: number }>(sql).map((r) => ({ value: r.value, n: Number(r.n) }));
}

/**
 * Rows as JSON arrays in one string: the WASM binding builds a JS object per row per column, which costs about
 * ten times more than SQLite's own json_group_array plus one JSON.parse at 10,000 concepts.
 */
function selectArrays<T extends unknown[]>(db: Database, columns: string, from: string): T[] {
  const row = db.get<{ j: string }>(`select json_group_array(json_array(${columns})) as j from (${from})`);
  try {
    return JSON.parse(row?.j ?? '[]') as T[];
  } catch {
    return [];
  }
}

/**
 * Generator fields of every concept, in path order: path, type, title, description, tags, trust, status, superseded_by,
 * relations, sources.
 */
export function recordArrays<T extends unknown[]>(db: Database): T[] {
  // Row by row, the JSON columns parsed here: one JSON string of every row (selectArrays) grew SQLite's memory for
  // good by ~35 MB at 10,000 concepts (the string, built by doubling), at the peak of a reindex; no slower.
  const sql =
    'select path, type, title, description, tags, trust, status, superseded_by, relations, sources ' +
    'from concepts order by path';
  const rows: T[] = [];
  // Each row parsed as it is read: an array of every raw row outlived the young generation (garbage promoted).
  db.each<Record<string, string>>(sql, [], (r) => {
    const json = (text: string): unknown => JSON.parse(text);
    const head = [r.path, r.type, r.title, r.description, json(r.tags), r.trust, r.status, r.superseded_by];
    rows.push([...head, json(r.relations), json(r.sources)] as T);
  });
  return rows;
}

/**
 * Lint fields of every concept, in path order: path, title, type, status, stale_after, superseded_by, supersedes,
 * sources, resource, extra, superseded_at.
 */
export function lintConceptArrays<T extends unknown[]>(db: Database): T[] {
  return selectArrays<T>(
    db,
    'path, title, type, status, stale_after, superseded_by, json(supersedes), json(sources), resource, json(extra), ' +
      'superseded_at',
    'select * from concepts order by path',
  );
}

/**
 * Every relation as [subject, ord, predicate, object_path, object_literal, date, source_id], in (subject, ord) order.
 */
export function edgeArrays<T extends unknown[]>(db: Database): T[] {
  return selectArrays<T>(
    db,
    'subject_path, ord, predicate, object_path, object_literal, date, source_id',
    'select * from edges order by subject_path, ord',
  );
}

/** Every prose link as [source, kind, raw, target_path, root_path], in (source, ord) order. */
export function linkArrays<T extends unknown[]>(db: Database): T[] {
  return selectArrays<T>(
    db,
    'source_path, kind, raw, target_path, root_path',
    'select * from links order by source_path, ord',
  );
}

/** Every indexed file as [path, status]. */
export function fileStatusArrays<T extends unknown[]>(db: Database): T[] {
  return selectArrays<T>(db, 'path, status', 'select * from files');
}

/** Counts shown after a build. */
export interface IndexStats {
  readonly concepts: number;
  readonly relations: number;
  readonly files: number;
  readonly invalidFiles: number;
  readonly skippedFiles: number;
  readonly embeddings: number;
  readonly diagnostics: { readonly error: number; readonly warning: number; readonly info: number };
}

/** Counts for summaries and the status bar. */
export function indexStats(db: Database): IndexStats {
  const count = (sql: string) => Number(db.get<{ n: number }>(sql)?.n ?? 0);
  const bySeverity = new Map(
    db
      .all<{ severity: string; n: number }>('select severity, count(*) as n from diagnostics group by severity')
      .map((r) => [r.severity, Number(r.n)]),
  );
  return {
    concepts: count('select count(*) as n from concepts'),
    relations: count('select count(*) as n from edges'),
    // A linked folder has a row (its diagnostic is kept and dropped with it) but is no markdown file.
    files: count(`select count(*) as n from files where hash not in ${LINKS}`),
    invalidFiles: count(`select count(*) as n from files where status = 'invalid' and hash not in ${LINKS}`),
    skippedFiles: count("select count(*) as n from files where status = 'skipped'"),
    embeddings: count('select count(*) as n from embeddings e join concepts c on c.path = e.path and c.hash = e.hash'),
    diagnostics: {
      error: bySeverity.get('error') ?? 0,
      warning: bySeverity.get('warning') ?? 0,
      info: bySeverity.get('info') ?? 0,
    },
  };
}

/** Every diagnostic, ordered by file then position. */
export function diagnostics(db: Database): Diagnostic[] {
  return db
    .all<{
      path: string;
      severity: Diagnostic['severity'];
      code: string;
      message: string;
      line: number | null;
      value: string | null;
    }>('select path, severity, code, message, line, value from diagnostics order by path, ord')
    .map((r) => ({
      path: r.path,
      severity: r.severity,
      code: r.code,
      message: r.message,
      ...(r.line !== null ? { line: r.line } : {}),
      ...(r.value !== null ? { value: r.value } : {}),
    }));
}

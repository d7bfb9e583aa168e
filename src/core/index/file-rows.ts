// Writing one file's rows: files, concepts (and their FTS5 entry), edges, links, diagnostics. Keyed by path, so
// applying or removing a file leaves the tables exactly as a full rebuild of the same files would.
import type { Concept, FileStat, ReadResult } from '../types';
import { insertOrFault } from './file-fault';
import { SECONDARY_INDEXES } from './schema';
import type { Database, SqlValue } from './sqlite';

const json = (value: unknown) => JSON.stringify(value);
const orNull = (value: string | undefined): SqlValue => (value === undefined ? null : value);

/** The bundle path a read result is about. */
export function pathOf(result: ReadResult): string {
  return result.kind === 'concept' ? result.concept.path : result.path;
}

/** The content hash a read result carries (the file's, for an invalid or skipped file). */
export function hashOf(result: ReadResult): string {
  return result.kind === 'concept' ? result.concept.hash : result.hash;
}

/** Replaces everything known about one file with what reading it gave (call inside a transaction). */
export function applyFileRows(db: Database, result: ReadResult, stat: FileStat | undefined): void {
  const path = pathOf(result);
  const hash = hashOf(result);
  const previousHash = db.get<{ hash: string }>('select hash from concepts where path = ?', [path])?.hash;
  removeFileRows(db, path, result.kind !== 'concept' || previousHash !== hash);
  insertFileRows(db, result, stat, true);
}

/**
 * Writes one file's rows into tables that hold nothing for it. `search: false` leaves the concept out of the FTS
 * index, for a full build that indexes every concept's text at once afterwards (WikiIndex.build).
 */
export function insertFileRows(db: Database, result: ReadResult, stat: FileStat | undefined, search: boolean): void {
  const path = pathOf(result);
  const hash = hashOf(result);
  db.run('insert into files (path, hash, status, mtime, size, ctime) values (?, ?, ?, ?, ?, ?)', [
    path,
    hash,
    result.kind,
    stat?.mtime ?? null,
    stat?.size ?? null,
    stat?.ctime ?? null,
  ]);
  if (result.kind === 'skipped') return;
  if (result.kind === 'concept') insertConcept(db, result.concept, search);
  result.diagnostics.forEach((d, ord) =>
    db.run('insert into diagnostics (path, ord, severity, code, message, line, value) values (?, ?, ?, ?, ?, ?, ?)', [
      path,
      ord,
      d.severity,
      d.code,
      d.message,
      d.line ?? null,
      orNull(d.value),
    ]),
  );
}

/** Files read together, with their mtime/size where the source could tell. */
export type FileBatch = readonly [readonly ReadResult[], ReadonlyMap<string, FileStat>];

/** FTS5's default budget of pending postings before it writes a segment (`hashsize`, bytes). */
const FTS_DEFAULT_HASHSIZE = 1024 * 1024;
/**
 * The budget of the build's one FTS pass: fewer, larger segments to write and merge (at 10,000 concepts 2 segments
 * instead of 11, ~0.3 s less CPU), without growing SQLite's memory beyond what the rows already take.
 */
const FTS_BUILD_HASHSIZE = 8 * 1024 * 1024;

/**
 * The engine's memory a full build reserves per file before it starts (~9 KiB of database per concept of the bench,
 * and the FTS pass's own). Grown step by step as SQLite allocates (20% at a time, ~15 times to 10,000 concepts),
 * the row inserts cost ~0.4 s more CPU than with the memory there from the start (3 builds of each, alternating);
 * the whole CLI reindex ~0.2 s (mean of 4 pairs). Reserved memory never used is never touched: not resident.
 */
const RESERVED_PER_FILE = 14 * 1024;

/**
 * Fills a new, empty index, in one transaction. The text enters the FTS index in one pass at the end, not
 * row by row: at 10,000 concepts that pass costs ~1.7 s of CPU where the same rows one at a time cost ~4.5 s.
 * The same for the secondary indexes, created once the rows are in; and no rollback journal while the tables
 * fill: a build that fails is thrown away whole (WikiIndex.build), never rolled back in part. Every table ends
 * as file-by-file application leaves it (bulk-build.test.ts).
 */
export async function insertNewFiles(db: Database, batches: AsyncIterable<FileBatch>, files = 0): Promise<void> {
  db.reserve(files * RESERVED_PER_FILE);
  for (const { name } of SECONDARY_INDEXES) db.exec(`drop index ${name}`);
  db.exec('pragma journal_mode = off');
  // One transaction for every batch: nothing else sees this database before it is built, and without a journal a
  // commit keeps nothing a failure could roll back to. A begin and a commit per batch of 20 (500 of each at 10,000
  // files, each a statement prepared, run and finalized through the wrapper's exec) cost 20-170 ms of CPU in a fresh
  // process (the wrapper's JavaScript not yet optimized); the database's bytes are the same.
  db.exec('begin');
  for await (const [results, stats] of batches) {
    for (const result of results) insertOrFault(db, result, (r) => insertFileRows(db, r, stats.get(pathOf(r)), false));
  }
  db.exec('commit');
  db.exec(SECONDARY_INDEXES.map((index) => index.sql).join('\n'));
  setFtsHashsize(db, FTS_BUILD_HASHSIZE);
  db.run("insert into concepts_fts (concepts_fts) values ('rebuild')");
  setFtsHashsize(db, FTS_DEFAULT_HASHSIZE);
  // The setting is a row of the FTS table's config; an index that never changed it has none (and reads the same).
  db.run("delete from concepts_fts_config where k = 'hashsize'");
  db.exec('pragma journal_mode = memory');
}

function setFtsHashsize(db: Database, bytes: number): void {
  db.run("insert into concepts_fts (concepts_fts, rank) values ('hashsize', ?)", [bytes]);
}

export function removeFileRows(db: Database, path: string, dropEmbedding: boolean): void {
  // External-content FTS5: a row is removed by replaying its indexed values with the 'delete' command.
  const old = db.get<{
    rowid: number;
    path: string;
    title: string;
    aliases: string;
    description: string | null;
    tags: string;
    body: string;
  }>('select rowid, path, title, aliases, description, tags, body from concepts where path = ?', [path]);
  if (old) {
    db.run(
      'insert into concepts_fts (concepts_fts, rowid, path, title, aliases, ' +
        "description, tags, body) values ('delete', ?, ?, ?, ?, ?, ?, ?)",
      [old.rowid, old.path, old.title, old.aliases, old.description, old.tags, old.body],
    );
  }
  for (const [table, column] of [
    ['files', 'path'],
    ['concepts', 'path'],
    ['edges', 'subject_path'],
    ['links', 'source_path'],
    ['diagnostics', 'path'],
  ] as const) {
    db.run(`delete from ${table} where ${column} = ?`, [path]);
  }
  if (dropEmbedding) db.run('delete from embeddings where path = ?', [path]);
}

function insertConcept(db: Database, c: Concept, search: boolean): void {
  db.run(
    `insert into concepts (path, id, type, title, description, tags, ` +
      `aliases, resource, sources, relations,
      generated_by, ` +
      `generated_at, verified, trust, status, stale_after, superseded_by, ` +
      `superseded_at, supersedes, extra, body, hash)
     values (?, ?, ?, ` +
      `?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      c.path,
      c.id,
      c.type,
      c.title,
      orNull(c.description),
      json(c.tags),
      json(c.aliases),
      orNull(c.resource),
      json(c.sources),
      json(c.relations),
      orNull(c.generated?.by),
      orNull(c.generated?.at),
      json(c.verified),
      c.trust,
      orNull(c.status),
      orNull(c.staleAfter),
      orNull(c.supersededBy),
      orNull(c.supersededAt),
      json(c.supersedes),
      json(c.extra),
      c.body,
      c.hash,
    ],
  );
  if (search)
    db.run(
      'insert into concepts_fts (rowid, path, title, aliases, description, ' +
        'tags, body) select rowid, path, title, aliases, description, tags, ' +
        'body from concepts where path = ?',
      [c.path],
    );
  c.relations.forEach((r, ord) =>
    db.run(
      'insert into edges (subject_path, ord, predicate, object_path, ' +
        'object_literal, date, source_id) values (?, ?, ?, ?, ?, ?, ?)',
      [
        c.path,
        ord,
        r.predicate,
        orNull(r.objectPath),
        r.objectPath === undefined ? r.object : null,
        orNull(r.date),
        orNull(r.source),
      ],
    ),
  );
  c.links.forEach((l, ord) =>
    db.run('insert into links (source_path, ord, kind, raw, target_path, root_path) values (?, ?, ?, ?, ?, ?)', [
      c.path,
      ord,
      l.kind,
      l.raw,
      orNull(l.targetPath),
      orNull(l.rootPath),
    ]),
  );
}

// The index over a bundle: concepts, FTS5, edges, links, embeddings and diagnostics in one in-memory
// SQLite database, persisted as `wiki.db`. Applying or removing one file leaves the tables exactly as a
// full rebuild of the same files would (rows are keyed by path, never by insertion order).
import type { Diagnostic, FileStat, ReadResult, RecordedStat } from '../types';
import { Database } from './sqlite';
import type { VectorCalibration } from '../embed/calibrate';
import { writeOrFault } from './file-fault';
import { applyFileRows, insertNewFiles, pathOf, removeFileRows, type FileBatch } from './file-rows';
import * as embeddings from './embeddings-store';
import * as reads from './read-queries';
import type { IndexStats } from './read-queries';
import type { DocumentFields, EmbeddingRow, StoredVector } from './embeddings-store';
import { INDEX_FORMAT, PAGE_SIZE, SCHEMA_SQL, SCHEMA_VERSION } from './schema';
import type { Persisted } from './snapshot';
import { loadDatabase } from './load';
import { catalogRows, exportFile, exportFileTo } from './catalog-rows';
import { PhraseScoreCache } from './bm25-phrases';
import { bm25Ranked, type RankedRows } from './bm25-ranked';

/** Why a persisted `wiki.db` was not used. */
export type LoadProblem = { readonly reason: string };

export type { IndexStats } from './read-queries';
export type { EmbeddingRow } from './embeddings-store';

/** The SQLite index over one bundle. */
export class WikiIndex {
  private changes = 0;
  private statsRecorded = 0;
  /** Common phrases' BM25 scores, kept while the index is unchanged (bm25-phrases.ts). */
  private readonly phraseScores = new PhraseScoreCache();

  private constructor(private readonly db: Database) {}

  /**
   * The SQLite database behind an index, for src/core/index's own modules (dump) and for tests that inspect or
   * damage tables. Nothing else in src may use it (test/architecture enforces it): ask WikiIndex for what you need.
   */
  static rawDatabase(index: WikiIndex): Database {
    return index.db;
  }

  /** Grows on every change to the index, so callers can cache what they derive from it (title lists, vectors). */
  get generation(): number {
    return this.changes;
  }

  /** Records a change made directly through `db` (embeddings, for instance). */
  touch(): void {
    this.changes++;
  }

  /** An empty index with the current schema. */
  static async create(): Promise<WikiIndex> {
    const db = await Database.open();
    db.exec(`pragma page_size = ${PAGE_SIZE}`);
    db.exec(SCHEMA_SQL);
    db.run('insert into meta (key, value) values (?, ?), (?, ?)', [
      'format',
      INDEX_FORMAT,
      'schema_version',
      String(SCHEMA_VERSION),
    ]);
    return new WikiIndex(db);
  }

  /** A new index over `files` files read in batches, complete before anyone can read it (see insertNewFiles). */
  static async build(batches: AsyncIterable<FileBatch>, files = 0): Promise<WikiIndex> {
    const index = await WikiIndex.create();
    try {
      await insertNewFiles(index.db, batches, files);
    } catch (error) {
      index.close();
      throw error;
    }
    return index;
  }

  /**
   * Opens a persisted `wiki.db`. Returns a problem instead when the bytes are not a SQLite database, not ours,
   * not exactly our schema (a trigger, a view, an extra object), of another schema version, changed since this
   * tool wrote them, or over the size limit: the caller rebuilds from the concept files and never trusts such
   * a file. Bytes whose recorded checksum matches skip SQLite's page checks and the FTS integrity check, which
   * cost seconds at 10,000 concepts; bytes without one (an older version, another tool) get both. `meanwhile`:
   * work started while the file is read in another thread (loadDatabase).
   */
  static async load(persisted: Persisted, meanwhile?: () => void): Promise<WikiIndex | LoadProblem> {
    const db = await loadDatabase(persisted, meanwhile);
    return db instanceof Database ? new WikiIndex(db) : db;
  }

  /** Replaces everything known about one file with what reading it gave (and its mtime/size, when known). */
  applyFile(result: ReadResult, stat?: FileStat): void {
    this.changes++;
    this.db.transaction(() => writeOrFault(this.db, result, (r) => applyFileRows(this.db, r, stat)));
  }

  /** Applies many files in one transaction (a full build, or a batch of saves). */
  applyFiles(results: readonly ReadResult[], stats?: ReadonlyMap<string, FileStat>): void {
    this.changes++;
    this.db.transaction(() => {
      for (const r of results) writeOrFault(this.db, r, (f) => applyFileRows(this.db, f, stats?.get(pathOf(f))));
    });
  }

  /** Records a file's mtime and size without re-reading it (its content hash was unchanged). */
  setFileStat(path: string, stat: FileStat): void {
    const ctime = stat.ctime ?? null;
    // Times recorded again unchanged (a watcher's report of a file the index just wrote) are no new time.
    const changed = this.db.get(
      'update files set mtime = ?, size = ?, ctime = ? where path = ? ' +
        'and (mtime is not ? or size is not ? or ctime is not ?) returning path',
      [stat.mtime, stat.size, ctime, path, stat.mtime, stat.size, ctime],
    );
    if (changed) this.statsRecorded++;
  }

  /** How often setFileStat recorded new times: no answer changes (nor the generation), but wiki.db must keep them. */
  get fileStatsRecorded(): number {
    return this.statsRecorded;
  }

  /** Forgets a file (deleted, or no longer a concept candidate). */
  removeFile(path: string): void {
    this.changes++;
    this.db.transaction(() => removeFileRows(this.db, path, true));
  }

  /** The content hash of every file in the index, to find what changed on disk. */
  fileHashes(): Map<string, string> {
    return new Map(
      this.db.all<{ path: string; hash: string }>('select path, hash from files').map((r) => [r.path, r.hash]),
    );
  }

  /** The content hash of one indexed file, or undefined when the index does not know it. */
  fileHash(path: string): string | undefined {
    return this.db.get<{ hash: string }>('select hash from files where path = ?', [path])?.hash;
  }

  /** Indexed files at `path` or anywhere under the folder `path`, sorted. */
  filesUnder(path: string): string[] {
    return this.db
      .all<{ path: string }>(
        "select path from files where path = ? or substr(path, 1, length(?) + 1) = ? || '/' order by path",
        [path, path, path],
      )
      .map((r) => r.path);
  }

  /** Hash, mtime and size of every file in the index. */
  fileStates(): Map<string, RecordedStat & { hash: string }> {
    return new Map(
      reads.fileStateRows(this.db).map((r) => [r.path, { hash: r.hash, mtime: r.mtime, size: r.size, ctime: r.ctime }]),
    );
  }

  /** A meta value (`schema_version`, `embedding_model`, …). */
  getMeta(key: string): string | undefined {
    return this.db.get<{ value: string }>('select value from meta where key = ?', [key])?.value;
  }

  setMeta(key: string, value: string): void {
    this.changes++;
    this.db.run('insert into meta (key, value) values (?, ?) on conflict(key) do update set value = excluded.value', [
      key,
      value,
    ]);
  }

  /**
   * How many concepts contain each term, for terms as the FTS index stores them (folded, porter-stemmed; see
   * retrieval/stem.ts). A term absent from every concept is absent from the map.
   */
  termDocumentFrequencies(terms: readonly string[]): Map<string, number> {
    if (terms.length === 0) return new Map();
    return new Map(
      this.db
        .all<{ term: string; doc: number }>(
          'select term, doc from concepts_vocab where term in (select value from json_each(?))',
          [JSON.stringify(terms)],
        )
        .map((r) => [r.term, Number(r.doc)]),
    );
  }

  /** Concepts with a current vector of `model`. */
  vectorCount(model: string): number {
    return Number(
      this.db.get<{ n: number }>(
        'select count(*) as n from embeddings e join concepts c on c.path = ' +
          'e.path and c.hash = e.hash where e.model = ?',
        [model],
      )?.n ?? 0,
    );
  }

  /** Path and title of every concept, in path order (the calibration's pseudo-questions). */
  conceptTitles(): { path: string; title: string }[] {
    return this.db.all<{ path: string; title: string }>('select path, title from concepts order by path');
  }

  /** The stored vector-gate calibration of `model`, if any. */
  vectorCalibration(model: string): VectorCalibration | undefined {
    const row = this.db.get<{ summary: string }>('select summary from calibration where model = ?', [model]);
    if (!row) return undefined;
    try {
      return JSON.parse(row.summary) as VectorCalibration;
    } catch {
      return undefined;
    }
  }

  /** Every stored calibration, by model name. */
  vectorCalibrations(): VectorCalibration[] {
    return this.db
      .all<{ model: string }>('select model from calibration order by model')
      .map((r) => this.vectorCalibration(r.model))
      .filter((c): c is VectorCalibration => c !== undefined);
  }

  /** Stores a calibration, replacing the model's previous one. */
  setVectorCalibration(c: VectorCalibration): void {
    this.db.run(
      'insert or replace into calibration (model, dim, concepts, gate, trust, summary) values (?, ?, ?, ?, ?, ?)',
      [c.model, c.dim, c.concepts, c.gate, c.trust, JSON.stringify(c)],
    );
    this.changes++;
  }

  /** Forgets every calibration (the model behind a name changed: its similarity scale is unknown again). */
  clearVectorCalibrations(): void {
    this.db.run('delete from calibration');
    this.changes++;
  }

  /** Number of concepts indexed. */
  conceptCount(): number {
    return Number(this.db.get<{ n: number }>('select count(*) as n from concepts')?.n ?? 0);
  }

  /** Rows of the embeddings table, whatever their model or hash. */
  embeddingRows(): number {
    return embeddings.embeddingRows(this.db);
  }

  /** Concepts lacking a vector for `model` at their current hash, in path order. */
  conceptsToEmbed(model: string): { path: string; hash: string }[] {
    return embeddings.conceptsToEmbed(this.db, model);
  }

  /** The embedded fields of a concept, if it is still at `hash`. */
  documentFields(path: string, hash: string): DocumentFields | undefined {
    return embeddings.documentFields(this.db, path, hash);
  }

  /** Deletes every vector, or those of another model than `keep`. */
  deleteEmbeddings(keep?: string): void {
    this.changes++;
    embeddings.deleteEmbeddings(this.db, keep);
  }

  /** The dimension of the stored vectors, if there are any. */
  storedDimension(): number | undefined {
    return embeddings.storedDimension(this.db);
  }

  /** Stores vectors of `model`, each only if its concept is still at the hash it was computed from. */
  putEmbeddings(model: string, items: readonly { path: string; hash: string; vector: Float32Array }[]): void {
    this.changes++;
    embeddings.putEmbeddings(this.db, model, items);
  }

  /** Every stored vector with its model and hash, in path order (what a rebuild carries over). */
  embeddingRowsForCarry(): EmbeddingRow[] {
    return embeddings.allEmbeddings(this.db);
  }

  /** Stores carried vectors whose concept is unchanged here (same content hash). Returns how many. */
  putCarriedEmbeddings(rows: readonly EmbeddingRow[]): number {
    this.changes++;
    return embeddings.putCurrentEmbeddings(this.db, rows);
  }

  /** The current vectors of `model` (concept unchanged since), in path order. */
  currentVectors(model: string): StoredVector[] {
    return embeddings.currentVectors(this.db, model);
  }

  /** The model with the most stored vectors other than `model`, if any. */
  otherEmbeddingModel(model: string): string | undefined {
    return embeddings.otherEmbeddingModel(this.db, model);
  }

  /** BM25 hits of an FTS `MATCH` expression, best first, with the text coverage is measured on. */
  bm25Rows(match: string, limit: number, weights: readonly number[]): reads.Bm25Row[] {
    return bm25Ranked(this.db, this.phraseScores, this.changes, { match, limit, weights, prefix: false }).rows;
  }

  /** bm25Rows, or only its exact first rows (`complete` false) where the rest would cost far more (bm25-ranked.ts). */
  bm25Prefix(match: string, limit: number, weights: readonly number[]): RankedRows {
    return bm25Ranked(this.db, this.phraseScores, this.changes, { match, limit, weights, prefix: true });
  }

  /** Readies a long-lived process's next BM25 question (bm25-cache.ts `prepare`). */
  prepareBm25(): void {
    this.phraseScores.prepare(this.db, this.changes);
  }

  /** The relations of the given subjects, in (subject, ord) order. */
  edgesFrom(subjects: readonly string[]): reads.EdgeRow[] {
    return reads.edgesFrom(this.db, subjects);
  }

  /** Every concept's catalog fields, in path order: from wiki.db's catalog section while nothing changed since. */
  conceptInfoRows(): reads.ConceptInfoRow[] {
    return catalogRows(this.db, this.changes === 0);
  }

  /** Bodies and stale dates of the given concepts. */
  bodies(paths: readonly string[]): { path: string; body: string; stale_after: string | null }[] {
    return reads.bodies(this.db, paths);
  }

  /** Every concept path, sorted. */
  conceptPaths(): string[] {
    return reads.conceptPaths(this.db);
  }

  /** Concepts whose sources may cite `references/`, in path order. */
  conceptsCitingReferences(): reads.CitingRow[] {
    return reads.conceptsCitingReferences(this.db);
  }

  /** Concepts per type or trust tier, by value. */
  countBy(column: 'type' | 'trust'): { value: string; n: number }[] {
    return reads.countBy(this.db, column);
  }

  /** Generator fields of every concept as arrays (see read-queries.ts for the order). */
  recordArrays<T extends unknown[]>(): T[] {
    return reads.recordArrays<T>(this.db);
  }

  /** Lint fields of every concept as arrays (see read-queries.ts for the order). */
  lintConceptArrays<T extends unknown[]>(): T[] {
    return reads.lintConceptArrays<T>(this.db);
  }

  /** Every relation as an array, in (subject, ord) order. */
  edgeArrays<T extends unknown[]>(): T[] {
    return reads.edgeArrays<T>(this.db);
  }

  /** Every prose link as an array, in (source, ord) order. */
  linkArrays<T extends unknown[]>(): T[] {
    return reads.linkArrays<T>(this.db);
  }

  /** Every indexed file as [path, status]. */
  fileStatusArrays<T extends unknown[]>(): T[] {
    return reads.fileStatusArrays<T>(this.db);
  }

  /** Counts for summaries and the status bar. */
  stats(): IndexStats {
    return reads.indexStats(this.db);
  }

  /** Every diagnostic, ordered by file then position. */
  diagnostics(): Diagnostic[] {
    return reads.diagnostics(this.db);
  }

  /** The `wiki.db` bytes: the database, the catalog section, then the checksum that lets the next load skip checks. */
  export(): Uint8Array {
    return exportFile(this.db);
  }

  /** The bytes `export` gives, handed to `sink` in pieces (each valid only during the call): never all in memory. */
  exportTo(sink: (piece: Uint8Array) => void): void {
    exportFileTo(this.db, sink);
  }

  close(): void {
    this.db.close();
  }
}

export { hashOf, pathOf } from './file-rows';

/** See WikiIndex.rawDatabase. */
export const rawDatabase = (index: WikiIndex): Database => WikiIndex.rawDatabase(index);

/** True when `load` returned a problem rather than an index. */
export function isLoadProblem(value: WikiIndex | LoadProblem): value is LoadProblem {
  return !(value instanceof WikiIndex);
}

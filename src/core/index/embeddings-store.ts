// The `embeddings` table: vectors stored as little-endian float32 blobs beside the model and the content hash
// they were computed from. Only src/core/index speaks SQL; WikiIndex exposes these as typed methods.
import { encodeVector } from '../embed/vectors';
import type { Database } from './sqlite';

/** The fields of a concept that are embedded (see embed/document-text.ts). */
export interface DocumentFields {
  readonly title: string;
  readonly description: string | null;
  readonly tags: string[];
  readonly body: string;
}

/** One stored vector, as bytes (decoded by the caller, once per index generation). */
export interface StoredVector {
  readonly path: string;
  readonly dim: number;
  readonly vector: Uint8Array;
}

const count = (db: Database, sql: string) => Number(db.get<{ n: number }>(sql)?.n ?? 0);

/** Rows of `embeddings`, whatever their model or hash. */
export function embeddingRows(db: Database): number {
  return count(db, 'select count(*) as n from embeddings');
}

/** Concepts lacking a vector for `model` at their current hash, in path order. */
export function conceptsToEmbed(db: Database, model: string): { path: string; hash: string }[] {
  return db.all<{ path: string; hash: string }>(
    `select c.path, c.hash from concepts c
       left join embeddings e on e.path = c.path and e.hash = c.hash and e.model = ?
      where e.path is null order by c.path`,
    [model],
  );
}

/** The embedded fields of a concept, if it is still at `hash`. */
export function documentFields(db: Database, path: string, hash: string): DocumentFields | undefined {
  const row = db.get<{ title: string; description: string | null; tags: string; body: string }>(
    'select title, description, tags, body from concepts where path = ? and hash = ?',
    [path, hash],
  );
  return (
    row && { title: row.title, description: row.description, tags: JSON.parse(row.tags) as string[], body: row.body }
  );
}

/** Deletes every vector, or every vector of another model than `keep`. */
export function deleteEmbeddings(db: Database, keep?: string): void {
  if (keep === undefined) db.run('delete from embeddings');
  else db.run('delete from embeddings where model <> ?', [keep]);
}

/** The dimension of the stored vectors (any one of them), if there are any. */
export function storedDimension(db: Database): number | undefined {
  return db.get<{ dim: number }>('select dim from embeddings limit 1')?.dim;
}

/** Stores vectors of `model`, each only if its concept is still at the hash it was computed from. */
export function putEmbeddings(
  db: Database,
  model: string,
  items: readonly { path: string; hash: string; vector: Float32Array }[],
): void {
  db.transaction(() => {
    for (const item of items) {
      if (!db.get('select 1 as ok from concepts where path = ? and hash = ?', [item.path, item.hash])) continue;
      db.run('insert or replace into embeddings (path, model, hash, dim, vector) values (?, ?, ?, ?, ?)', [
        item.path,
        model,
        item.hash,
        item.vector.length,
        encodeVector(item.vector),
      ]);
    }
  });
}

/** One row of `embeddings`, as stored. */
export interface EmbeddingRow {
  readonly path: string;
  readonly model: string;
  readonly hash: string;
  readonly dim: number;
  readonly vector: Uint8Array;
}

/** Every stored vector, whatever its model or hash, in path order (what a rebuild carries over). */
export function allEmbeddings(db: Database): EmbeddingRow[] {
  return db.all<EmbeddingRow>('select path, model, hash, dim, vector from embeddings order by path');
}

/** Stores the rows whose concept has the same content hash in `to`. Returns how many. */
export function putCurrentEmbeddings(to: Database, rows: readonly EmbeddingRow[]): number {
  const current = new Map(
    to.all<{ path: string; hash: string }>('select path, hash from concepts').map((r) => [r.path, r.hash]),
  );
  let copied = 0;
  to.transaction(() => {
    for (const r of rows) {
      if (current.get(r.path) !== r.hash) continue;
      to.run('insert or replace into embeddings (path, model, hash, dim, vector) values (?, ?, ?, ?, ?)', [
        r.path,
        r.model,
        r.hash,
        r.dim,
        r.vector,
      ]);
      copied++;
    }
  });
  return copied;
}

/** The current vectors of `model` (concept hash unchanged), in path order. */
export function currentVectors(db: Database, model: string): StoredVector[] {
  return db.all<StoredVector>(
    `select e.path, e.dim, e.vector from embeddings e join concepts c on c.path = e.path and c.hash = e.hash
      where e.model = ? order by e.path`,
    [model],
  );
}

/** The model with the most stored vectors other than `model`, if any (to say which model the index holds). */
export function otherEmbeddingModel(db: Database, model: string): string | undefined {
  return db.get<{ model: string }>(
    'select model from embeddings where model <> ? group by model order by count(*) desc limit 1',
    [model],
  )?.model;
}

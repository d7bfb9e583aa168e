// Which paths' current vectors may have changed since a mark (retrieval/vector.ts refreshes only those rows of its
// cache): temp triggers log the path of every row written in `embeddings` (a vector written, replaced, removed) and
// in `concepts` (a concept added, removed, renamed, or its content hash changed, so its vector stops or starts being
// current), whatever path writes them. The log is the connection's own (temp: never part of wiki.db), and its ids
// only grow (autoincrement), so a mark stays valid; a rolled-back write takes its log rows back with it.
import type { Database } from './sqlite';
import type { StoredVector } from './embeddings-store';

export type { StoredVector } from './embeddings-store';
import { rawDatabase, type WikiIndex } from './wiki-index';

const LOG = 'temp.okf_vector_touched';
/**
 * Most rows the log holds: past it the triggers stop logging (a process that writes and never asks again, e.g. the
 * plugin once Ollama is gone, must not grow it for days); the next refresh then sees too many and rebuilds.
 */
export const LOG_CAP = 4096;
/** Rows already read that are deleted together (each delete moves total_changes, which the BM25 cache reads). */
const TRIM_FROM = 256;

/** The triggers' condition: room left in the log. */
const ROOM = `(select count(*) from ${LOG}) < ${LOG_CAP}`;

/** Starts logging (once per connection) and returns the mark of the changes logged so far. */
export function vectorChangeMark(index: WikiIndex): number {
  const db = rawDatabase(index);
  db.exec(
    `create table if not exists ${LOG} (id integer primary key autoincrement, path text not null);
     create temp trigger if not exists okf_vec_emb_ins after insert on main.embeddings when ${ROOM}
       begin insert into ${LOG} (path) values (new.path); end;
     create temp trigger if not exists okf_vec_emb_del after delete on main.embeddings when ${ROOM}
       begin insert into ${LOG} (path) values (old.path); end;
     create temp trigger if not exists okf_vec_emb_upd after update on main.embeddings when ${ROOM}
       begin insert into ${LOG} (path) values (old.path), (new.path); end;
     create temp trigger if not exists okf_vec_con_ins after insert on main.concepts when ${ROOM}
       begin insert into ${LOG} (path) values (new.path); end;
     create temp trigger if not exists okf_vec_con_del after delete on main.concepts when ${ROOM}
       begin insert into ${LOG} (path) values (old.path); end;
     create temp trigger if not exists okf_vec_con_upd after update of path, hash on main.concepts when ${ROOM}
       begin insert into ${LOG} (path) values (old.path), (new.path); end;`,
  );
  // An insert or replace deletes the row it replaces without its delete trigger, but that row has the same path
  // (the only unique key of either table), which the insert logs.
  return db.get<{ n: number }>(`select coalesce(max(id), 0) as n from ${LOG}`)!.n;
}

/** What changed after `mark`: the paths, their current vectors of `model` (path order) and the new mark. */
export interface VectorChanges {
  readonly paths: string[];
  readonly rows: StoredVector[];
  readonly mark: number;
}

/**
 * The distinct paths logged after `mark` with their current vectors, or null when more than `most` rows were logged
 * (the caller rebuilds; the log is then emptied, which its autoincrement ids survive).
 */
export function vectorChangesSince(index: WikiIndex, model: string, mark: number, most: number): VectorChanges | null {
  const db = rawDatabase(index);
  const logged = db.all<{ id: number; path: string }>(`select id, path from ${LOG} where id > ? order by id limit ?`, [
    mark,
    most + 1,
  ]);
  // A full log stopped logging: changes after it are unknown, so it is never read as complete.
  if (logged.length > Math.min(most, LOG_CAP - 1)) {
    db.run(`delete from ${LOG}`);
    return null;
  }
  const paths = [...new Set(logged.map((r) => r.path))];
  const last = logged.length > 0 ? logged[logged.length - 1].id : mark;
  // Rows read are dropped in batches, so a long-lived process that keeps asking keeps the log small.
  const oldest = db.get<{ n: number | null }>(`select min(id) as n from ${LOG}`)!.n;
  if (oldest !== null && last - oldest >= TRIM_FROM) db.run(`delete from ${LOG} where id <= ?`, [last]);
  return { paths, rows: paths.length > 0 ? currentVectorsAt(db, model, paths) : [], mark: last };
}

/** The current vectors of `model` among `paths` (concept hash unchanged), in path order (as currentVectors). */
function currentVectorsAt(db: Database, model: string, paths: readonly string[]): StoredVector[] {
  return db.all<StoredVector>(
    `select e.path, e.dim, e.vector from embeddings e join concepts c on c.path = e.path and c.hash = e.hash
      where e.model = ? and e.path in (select value from json_each(?)) order by e.path`,
    [model, JSON.stringify(paths)],
  );
}

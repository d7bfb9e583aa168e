// What another shell recorded in the wiki.db it wrote, kept by the plugin before its own whole write replaces that
// file (read in place through reader-vfs.ts after a load's checks, as a rebuild carries vectors: carry.ts).
// - ctimes: Obsidian's stat has none, so the plugin's index holds null for every file it built or read; a CLI or MCP
//   server that ran meanwhile read those files once and recorded their real ctime. Without them the next CLI question
//   reads every file again. Only into a row that records no ctime and the same content hash, mtime and size: that row
//   then equals, column for column, the one the Node shell wrote after reading the file, which it trusts by its own
//   check (`statMatches`): nothing is trusted that it did not record.
// - vectors: a CLI `reindex` embeds every concept (minutes of Ollama calls); the plugin's whole write dropped them,
//   re-embedding them when its embedding is on, losing them when off. A vector is taken only for a concept whose
//   content hash is the one it was computed from, where the index holds none current for it, and only of the model
//   this index embeds with (the same name and the same probe: the same model behind the name), or of the other
//   file's model when this index has embedded with none (its model's meta and calibration then come along, as a
//   rebuild carries them). A calibration of that model this index lacks comes too.
import { sameProbe } from '../embed/embed-index';
import { CARRIED_META, openInPlace, withPreviousAttached } from './carry';
import type { Persisted } from './snapshot';
import type { Database } from './sqlite';
import type { WikiIndex } from './wiki-index';

const ADOPT_CTIMES =
  'update main.files set ctime = p.ctime from previous.files p where p.path = main.files.path ' +
  'and p.hash = main.files.hash and p.status = main.files.status and p.mtime = main.files.mtime ' +
  'and p.size = main.files.size and p.ctime is not null and main.files.ctime is null';

const ADOPT_VECTORS =
  'insert or replace into main.embeddings (path, model, hash, dim, vector) ' +
  'select e.path, e.model, e.hash, e.dim, e.vector from previous.embeddings e ' +
  'join main.concepts c on c.path = e.path and c.hash = e.hash where e.model = ? and not exists ' +
  '(select 1 from main.embeddings m where m.path = e.path and m.model = e.model and m.hash = e.hash) order by e.path';

/** What was adopted: ctimes into file rows, vectors into concepts lacking a current one. */
export interface Adopted {
  readonly ctimes: number;
  readonly vectors: number;
}

/**
 * Copies into `to` what `persisted` (a wiki.db another shell wrote) recorded that `to` lacks (above). Returns how
 * many; nothing, changing nothing, when the file fails any check of a load with a checksum (or has none: an older
 * version's file) or a read.
 */
export async function adoptRecorded(to: WikiIndex, persisted: Persisted): Promise<Adopted> {
  const file = openInPlace(persisted);
  if (typeof file === 'string') return { ctimes: 0, vectors: 0 };
  const adopted = await withPreviousAttached(to, file, (db: Database) => ({
    ctimes: changed(db, ADOPT_CTIMES),
    vectors: adoptVectors(db),
  }));
  // Cached vectors and calibrations are per generation.
  if (adopted?.vectors) to.touch();
  return adopted ?? { ctimes: 0, vectors: 0 };
}

function changed(db: Database, sql: string, params: string[] = []): number {
  db.run(sql, params);
  return Number(db.get<{ n: number }>('select changes() as n')?.n ?? 0);
}

function adoptVectors(db: Database): number {
  const meta = (schema: string, key: string) =>
    db.get<{ value: string }>(`select value from ${schema}.meta where key = ?`, [key])?.value;
  const theirs = meta('previous', 'embedding_model');
  const ours = meta('main', 'embedding_model');
  if (theirs === undefined) return 0;
  const [ourProbe, theirProbe] = [meta('main', 'embedding_probe'), meta('previous', 'embedding_probe')];
  const sameModel =
    ours === theirs && ourProbe !== undefined && theirProbe !== undefined && sameProbe(ourProbe, theirProbe);
  if (ours !== undefined && !sameModel) return 0;
  const vectors = changed(db, ADOPT_VECTORS, [theirs]);
  if (vectors === 0) return 0;
  if (ours === undefined) {
    for (const key of CARRIED_META) {
      const value = meta('previous', key);
      if (value !== undefined) db.run('insert or replace into main.meta (key, value) values (?, ?)', [key, value]);
    }
  }
  db.run('insert or ignore into main.calibration select * from previous.calibration where model = ?', [theirs]);
  return vectors;
}

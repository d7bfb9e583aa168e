// What a catch-up compares each file's stat with: the mtime, size and ctime the index recorded, as four flat arrays.
// Objects per file (path, hash, mtime, size, ctime, in a Map) cost a cold CLI question at 10,000 concepts most of its
// catch-up's time outside the stat calls themselves; the hashes it never looks at were half of the text read. An index
// as loaded takes them from wiki.db's section (catalog-rows.ts): building the four JSON arrays in SQLite, in WASM
// compiled by Liftoff only, was three quarters of their cost in a cold question.
import { statMatches, type FileStat } from '../types';
import { FILE_STATS_SQL, loadedFileStats, type FileStatColumns } from './catalog-rows';
import { rawDatabase, type WikiIndex } from './wiki-index';

/** The stats the index recorded, by path. */
export interface RecordedStats {
  /** Every indexed path, in no particular order. */
  readonly paths: readonly string[];
  /** True when `path` is indexed and `stat` matches what was recorded for it (statMatches). */
  matches(path: string, stat: FileStat): boolean;
}

/** The recorded stats of every file in the index. */
export function recordedStats(index: WikiIndex): RecordedStats {
  const db = rawDatabase(index);
  const asLoaded = index.generation === 0 && index.fileStatsRecorded === 0;
  const { paths, mtimes, sizes, ctimes } = loadedFileStats(db, asLoaded) ?? fromSql(index);
  const at = new Map<string, number>();
  for (let i = 0; i < paths.length; i++) at.set(paths[i], i);
  return {
    paths,
    matches(path, stat) {
      const i = at.get(path);
      return i !== undefined && statMatches({ mtime: mtimes[i], size: sizes[i], ctime: ctimes[i] }, stat);
    },
  };
}

/** The recorded stats as the `files` table holds them now. */
function fromSql(index: WikiIndex): FileStatColumns {
  const row = rawDatabase(index).get<{ p: string; m: string; s: string; c: string }>(FILE_STATS_SQL);
  return {
    paths: JSON.parse(row?.p ?? '[]') as string[],
    mtimes: JSON.parse(row?.m ?? '[]') as (number | null)[],
    sizes: JSON.parse(row?.s ?? '[]') as (number | null)[],
    ctimes: JSON.parse(row?.c ?? '[]') as (number | null)[],
  };
}

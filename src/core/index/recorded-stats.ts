// What a catch-up compares each file's stat with: the mtime, size and ctime the index recorded, read as four flat
// arrays in one query. Objects per file (path, hash, mtime, size, ctime, in a Map) cost a cold CLI question at
// 10,000 concepts most of its catch-up's time outside the stat calls themselves; the hashes it never looks at were
// half of the text read.
import { statMatches, type FileStat } from '../types';
import { rawDatabase, type WikiIndex } from './wiki-index';

/** The stats the index recorded, by path. */
export interface RecordedStats {
  /** Every indexed path, in no particular order. */
  readonly paths: readonly string[];
  /** True when `path` is indexed and `stat` matches what was recorded for it (statMatches). */
  matches(path: string, stat: FileStat): boolean;
}

const QUERY =
  'select json_group_array(path) as p, json_group_array(mtime) as m, json_group_array(size) as s, ' +
  'json_group_array(ctime) as c from files';

/** The recorded stats of every file in the index. */
export function recordedStats(index: WikiIndex): RecordedStats {
  const row = rawDatabase(index).get<{ p: string; m: string; s: string; c: string }>(QUERY);
  const paths = JSON.parse(row?.p ?? '[]') as string[];
  const mtimes = JSON.parse(row?.m ?? '[]') as (number | null)[];
  const sizes = JSON.parse(row?.s ?? '[]') as (number | null)[];
  const ctimes = JSON.parse(row?.c ?? '[]') as (number | null)[];
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

// The ctimes another shell recorded, kept by a shell that sees none (the plugin: Obsidian's stat has no ctime). The
// plugin's index in memory holds null for every file it built or read; a CLI or MCP server that ran meanwhile read
// those files once and recorded their real ctime in the wiki.db it wrote. Before the plugin replaces that wiki.db
// with its own whole write, it takes those ctimes back (read in place through reader-vfs.ts, as a rebuild carries
// vectors: carry.ts), or the next CLI question reads every file again. Only into a row that records no ctime and
// the same content hash, mtime and size: that row then equals, column for column, the one the Node shell wrote after
// reading the file, which it trusts by its own check (`statMatches`): nothing is trusted that it did not record.
import { openInPlace, withPreviousAttached } from './carry';
import type { Persisted } from './snapshot';
import type { Database } from './sqlite';
import type { WikiIndex } from './wiki-index';

const ADOPT =
  'update main.files set ctime = p.ctime from previous.files p where p.path = main.files.path ' +
  'and p.hash = main.files.hash and p.status = main.files.status and p.mtime = main.files.mtime ' +
  'and p.size = main.files.size and p.ctime is not null and main.files.ctime is null';

/**
 * Copies into `to` the ctimes `persisted` (a wiki.db another shell wrote) recorded for files `to` holds unchanged
 * with none. Returns how many; 0, changing nothing, when the file fails any check of a load with a checksum (or has
 * none: an older version's file) or a read.
 */
export async function adoptRecordedCtimes(to: WikiIndex, persisted: Persisted): Promise<number> {
  const file = openInPlace(persisted);
  if (typeof file === 'string') return 0;
  const adopted = await withPreviousAttached(to, file, (db: Database) => {
    db.run(ADOPT);
    return Number(db.get<{ n: number }>('select changes() as n')?.n ?? 0);
  });
  return adopted ?? 0;
}

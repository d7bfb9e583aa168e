// The earlier places of wiki.db after the "Index file" setting moved it: removed once the index is written at the new
// place (a move, not a copy), but only a file the plugin wrote there itself and that nobody changed since (its size and
// mtime as recorded after the write, or as its pieces' manifest records it from an earlier session). Anything else at
// the old place (another application's database the setting once named, an index the CLI rewrote) is left as it is
// and said so (QA3 Q1). The pieces beside it (and an interrupted write's backup of our own file) are the plugin's.
import type { DataAdapter } from 'obsidian';
import { BACKUP_SUFFIX } from './atomic-write';
import { removePieces } from './wiki-db-pieces-store';

/** A file as the plugin left it. */
export interface WrittenFile {
  readonly size: number;
  readonly mtime: number;
}

export class LeftBehind {
  /** Each path the plugin wrote wiki.db at (or found its own manifest vouch for), as it was then. */
  private readonly written = new Map<string, WrittenFile>();
  private pending: string[] = [];

  /** wiki.db at `path` is as the plugin wrote it (or as its own manifest recorded it). */
  wrote(path: string, file: WrittenFile): void {
    this.written.set(path, { size: file.size, mtime: file.mtime });
  }

  /** The index left `path` for `to`: `path` is removed once the index was written at `to`. */
  moved(path: string, to: string): void {
    this.pending = [...this.pending.filter((p) => p !== to), path];
  }

  /** The index was written at `to`: the earlier places are removed when they hold only the plugin's own files. */
  async remove(adapter: DataAdapter, to: string, notify: (message: string) => void): Promise<void> {
    const old = this.pending.filter((p) => p !== to);
    this.pending = [];
    for (const path of old) {
      try {
        const stat = await adapter.stat(path);
        const mine = this.written.get(path);
        this.written.delete(path);
        const ours = stat?.type === 'file' && stat.size === mine?.size && stat.mtime === mine.mtime;
        if (ours) await adapter.remove(path);
        if (mine && (await adapter.exists(path + BACKUP_SUFFIX))) await adapter.remove(path + BACKUP_SUFFIX);
        await removePieces(adapter, path);
        if (stat && !ours) {
          notify(
            `OKF Graph Wiki: the index now lives at ${to}; ${path} was left as it is: ` +
              `OKF Graph Wiki did not write it, or it changed since.`,
          );
        }
      } catch (error) {
        notify(
          `OKF Graph Wiki: the index now lives at ${to}, but the ` +
            `old ${path} could not be removed (${(error as Error).message}).`,
        );
      }
    }
  }
}

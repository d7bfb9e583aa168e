// The manifest of wiki.db's pieces (`.wiki.db.pieces/manifest.json`): which pieces, in order, make the index, and
// how they stand to the whole wiki.db beside them. The pieces are the plugin's primary copy while Obsidian runs
// (a deferred write rewrites only the pieces whose bytes changed); wiki.db, which the CLI, the MCP server and SQL
// tools read, is written whole less often (index-persister.ts says when). The rule a start follows
// (docs/ARCHITECTURE.md, "wiki.db in pieces"): the pieces are used only when wiki.db still has the size and mtime
// the manifest recorded at the plugin's last whole write of it (so no other tool wrote it since) and every piece
// matches its name; otherwise wiki.db is read whole. Either copy, caught up by stat, is a correct index; the rule
// only picks the newest one that can be trusted.
import { isPieceSize } from './engine/wiki-db-pieces';

/** The current format; format 1 (4 MiB pieces, always in step with wiki.db) is still read. */
export const MANIFEST_FORMAT = 'okf-wiki-db-pieces 2';
const FORMAT_1 = 'okf-wiki-db-pieces 1';

/** wiki.db as the plugin last wrote it whole: its stat right after, and the generation of the bytes it holds. */
export interface WikiDbRecord {
  readonly size: number;
  readonly mtime: number;
  readonly generation: number;
}

export interface Manifest {
  readonly format: string;
  readonly pieceBytes: number;
  /** Counts the manifests written (each names a newer index than the one before). */
  readonly generation: number;
  readonly wikiDb: WikiDbRecord;
  /**
   * When the pieces first held an index newer than wiki.db (Date.now()), or null when they hold the same one:
   * bounds how long wiki.db may lag behind (a restart keeps counting from here).
   */
  readonly aheadSince: number | null;
  readonly pieces: readonly string[];
}

const isCount = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;
const isTime = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);

/**
 * The manifest in `text`, or undefined when it is not one this version can trust (not JSON, another format, a
 * piece size or name out of shape). Format 1 reads as generation 0, in step with wiki.db.
 */
export function parseManifest(text: string): Manifest | undefined {
  let m: Record<string, unknown> & { wikiDb?: Record<string, unknown> };
  try {
    m = JSON.parse(text) as typeof m;
  } catch {
    return undefined;
  }
  if (typeof m !== 'object' || m === null || typeof m.wikiDb !== 'object' || m.wikiDb === null) return undefined;
  const pieces = m.pieces;
  const named = Array.isArray(pieces) && pieces.every((p) => typeof p === 'string' && /^[0-9a-f]{16}-\d+$/.test(p));
  const { size, mtime } = m.wikiDb;
  if (!named || !isPieceSize(m.pieceBytes) || !isCount(size) || !isTime(mtime)) return undefined;
  if (m.format === FORMAT_1)
    return {
      format: FORMAT_1,
      pieceBytes: m.pieceBytes,
      generation: 0,
      wikiDb: { size, mtime, generation: 0 },
      aheadSince: null,
      pieces: pieces as string[],
    };
  const { generation } = m.wikiDb;
  const aheadSince = m.aheadSince;
  if (m.format !== MANIFEST_FORMAT || !isCount(m.generation) || !isCount(generation)) return undefined;
  if (generation > m.generation || (aheadSince !== null && !isTime(aheadSince))) return undefined;
  // In step exactly when wiki.db holds this manifest's generation.
  if ((aheadSince === null) !== (generation === m.generation)) return undefined;
  return {
    format: MANIFEST_FORMAT,
    pieceBytes: m.pieceBytes,
    generation: m.generation,
    wikiDb: { size, mtime, generation },
    aheadSince,
    pieces: pieces as string[],
  };
}

/** The sum of the pieces' lengths (each name ends with its piece's length). */
export function namedBytes(pieces: readonly string[]): number {
  return pieces.reduce((sum, name) => sum + Number(name.slice(name.indexOf('-') + 1)), 0);
}

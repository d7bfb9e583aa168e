// Persisting the index: marked dirty by every change, written after a long quiet time, on unload and on explicit
// actions (rebuild, a move), one write after another; never when nothing changed. Two copies on disk
// (docs/ARCHITECTURE.md, "wiki.db in pieces"): the pieces (wiki-db-pieces-store.ts), the plugin's primary copy,
// of which a deferred write rewrites only those whose bytes changed (a few MB per save at 10,000 concepts); and
// the whole wiki.db the CLI, the MCP server and SQL tools read (~100 MB there), written on unload, after Rebuild,
// after a move, when missing, and when it has lagged behind the pieces for WIKI_DB_LAG_MS. Either copy is a
// correct index once the next start catches up by stat (a file whose mtime or size changed is re-read), so a
// crash before a write loses no note content (vectors and calibration stored since are recomputed). The snapshot
// (the engine's SQLite export, which the caller supplies) is taken inside the index's one-at-a-time queue, so it
// is always consistent; the write itself runs outside it.
import type { DataAdapter } from 'obsidian';
import { ANOTHER_APPLICATION, notAnIndex } from '../core/index/peek-index';
import { BACKUP_SUFFIX, readPersisted, writeAtomically } from './atomic-write';
import { PIECE_BYTES, type ExportedIndex, type WikiDbRead } from './engine/wiki-db-pieces';
import { LeftBehind } from './left-behind';
import { stoppable } from './unload-limit';
import { MANIFEST_FORMAT, type Manifest, type WikiDbRecord } from './wiki-db-manifest';
import {
  foreignWikiDb,
  piecesUsable,
  prunePieces,
  readManifest,
  readPieceFiles,
  removePieces,
  writeManifest,
  writeNewPieces,
} from './wiki-db-pieces-store';

/** Quiet time after the last change before the pieces are written. */
export const DEFAULT_PERSIST_DELAY_MS = 60_000;
/** Longest a change waits for its write while changes keep coming (an embedding pass, a long editing session). */
export const DEFAULT_PERSIST_MAX_DELAY_MS = 600_000;
/**
 * Longest the whole wiki.db lags behind the pieces while Obsidian runs (people leave it open for days; a crash or a
 * phone's OS may end it without unload). The CLI and the MCP server reading a lagging wiki.db are still correct
 * (they catch up by stat), but re-read what changed since and lack the vectors the plugin computed since: this
 * bounds both to half an hour of editing. At 10,000 concepts a whole write (~100 MB) every 30 minutes is ~3.5 MB
 * a minute of editing, the order of one deferred write of the pieces (README "Measured").
 */
export const WIKI_DB_LAG_MS = 30 * 60_000;

/** Where the copies stand: the manifest's generation, the wiki.db it records, since when the pieces are ahead. */
interface CopiesState {
  readonly generation: number;
  /** The pieces the last manifest written or read names (on disk); undefined when not known. */
  readonly names?: readonly string[];
  /** wiki.db as last written whole (or read whole); undefined when unknown (it is then written whole). */
  readonly wikiDb: WikiDbRecord | undefined;
  readonly aheadSince: number | null;
}

export class IndexPersister {
  private dirty = false;
  private stopped = false;
  private timer: number | undefined;
  /** Fires when wiki.db will have lagged behind the pieces for WIKI_DB_LAG_MS. */
  private lagTimer: number | undefined;
  /** When the index became dirty since the last write (Date.now()), for the longest wait. */
  private dirtySince: number | undefined;
  private chain: Promise<void> = Promise.resolve();
  private failureShown = false;
  /** Earlier places of wiki.db, removed once it has been written at the new one (a move, not a copy). */
  private readonly leftBehind = new LeftBehind();
  private copies: CopiesState = { generation: 0, wikiDb: undefined, aheadSince: null };
  /** Set when unload gave up waiting for the last write: every later adapter call of this persister fails. */
  private givenUp = false;
  /** The vault's adapter, refusing every call once the last write was given up (unload-limit.ts). */
  private readonly adapter: DataAdapter;

  constructor(
    adapter: DataAdapter,
    /** Vault path of wiki.db; changes when the setting does. */
    public path: string,
    private readonly options: {
      readonly delayMs: number;
      /** Longest wait from the first unwritten change (default DEFAULT_PERSIST_MAX_DELAY_MS). */
      readonly maxDelayMs?: number;
      /** Longest wiki.db lags behind the pieces (default WIKI_DB_LAG_MS). */
      readonly lagMs?: number;
      readonly notify: (message: string) => void;
      /** Called when the quiet time is over: the owner queues `writeSnapshot` in its queue. */
      readonly due: () => void;
    },
  ) {
    this.adapter = stoppable(adapter, () => this.givenUp);
  }

  /** Whether the last `read` found a wiki.db (a rebuild instead is then worth a notice). */
  found = false;

  /**
   * Whether the pieces are missing or out of step with the index read (wiki.db written by another tool, a damaged
   * piece): they are then written at the next write, even when the index did not change.
   */
  private piecesDue = false;

  /** Bytes written by the last write (new pieces, manifests, wiki.db when written), for the benchmark and tests. */
  lastBytesWritten = 0;

  /** Whether the whole wiki.db holds an older index than the pieces (written whole on unload, or once overdue). */
  get wikiDbLags(): boolean {
    return this.copies.aheadSince !== null;
  }

  /**
   * The index for the session: its pieces when the manifest may stand for wiki.db and names a newer or the same
   * index, else (or when `whole`: the engine found a piece that does not match its name) the whole wiki.db. A read
   * failure is told and undefined returned (a rebuild follows).
   */
  async read(whole = false): Promise<WikiDbRead> {
    this.found = false;
    try {
      const manifest = await readManifest(this.adapter, this.path);
      // Stat before reading: a wiki.db written in between then fails the record at the next start (read whole).
      // Only wiki.db's backup: our own atomic write was interrupted (readPersisted reads the backup then).
      const stat = (await this.adapter.stat(this.path)) ?? (await this.adapter.stat(this.path + BACKUP_SUFFIX));
      if (manifest && !whole && piecesUsable(manifest, stat)) {
        const pieces = await readPieceFiles(this.adapter, this.path, manifest);
        if (pieces) {
          this.found = true;
          this.leftBehind.wrote(this.path, manifest.wikiDb);
          this.useCopies(manifest);
          return pieces;
        }
      }
      // A piece did not match its name: none is trusted any more; all are cut again at the next write.
      if (whole && manifest) await removePieces(this.adapter, this.path);
      const bytes = await readPersisted(this.adapter, this.path);
      this.found = bytes !== undefined;
      // The index now comes from wiki.db: the pieces are out of step until written again.
      const generation = manifest?.generation ?? 0;
      const record = stat ? { size: stat.size, mtime: stat.mtime, generation } : undefined;
      this.copies = { generation, wikiDb: record, aheadSince: null };
      if (bytes instanceof Uint8Array) this.markPiecesDue();
      return bytes;
    } catch (error) {
      this.options.notify(
        `OKF Graph Wiki: could not read ${this.path} (${(error as Error).message}); rebuilding from the concept files.`,
      );
      return undefined;
    }
  }

  /**
   * The session built its index instead of loading what `read` gave (damaged, or of an older schema): neither copy
   * holds it, so the next write writes wiki.db whole too. Returns whether a wiki.db was found (worth a notice).
   */
  builtInstead(): boolean {
    this.copies = { ...this.copies, wikiDb: undefined, aheadSince: null };
    this.scheduleLag();
    return this.found;
  }

  /** The pieces of `manifest` are the index: continue its generations and its lag. */
  private useCopies(manifest: Manifest): void {
    const { generation, wikiDb, aheadSince, pieces: names } = manifest;
    this.copies = { generation, wikiDb, aheadSince, names };
    this.scheduleLag();
  }

  /** The index changed: write it after the quiet time (or once the longest wait is over). */
  markDirty(): void {
    const now = Date.now();
    if (!this.dirty || this.dirtySince === undefined) this.dirtySince = now;
    this.dirty = true;
    this.schedule(now);
  }

  /** The pieces are to be written at the next write (after the quiet time, or on unload). */
  private markPiecesDue(): void {
    this.piecesDue = true;
    if (this.timer === undefined && !this.dirty) {
      this.dirtySince = Date.now();
      this.schedule(this.dirtySince);
    }
  }

  private schedule(now: number): void {
    if (this.stopped) return;
    this.cancelTimer();
    const maxDelay = this.options.maxDelayMs ?? DEFAULT_PERSIST_MAX_DELAY_MS;
    const delay = Math.max(0, Math.min(this.options.delayMs, (this.dirtySince ?? now) + maxDelay - now));
    this.timer = window.setTimeout(() => this.options.due(), delay);
  }

  /** When wiki.db lags, a write is due once it has lagged for the longest lag (not sooner than the quiet time). */
  private scheduleLag(): void {
    if (this.lagTimer !== undefined) window.clearTimeout(this.lagTimer);
    this.lagTimer = undefined;
    const since = this.copies.aheadSince;
    if (this.stopped || since === null) return;
    const delay = Math.max(this.options.delayMs, since + this.lagLimit() - Date.now());
    this.lagTimer = window.setTimeout(() => {
      this.lagTimer = undefined;
      this.options.due();
    }, delay);
  }

  private lagLimit(): number {
    return this.options.lagMs ?? WIKI_DB_LAG_MS;
  }

  /** Whether the index changed since the last write (a write is pending). */
  get isDirty(): boolean {
    return this.dirty;
  }

  /** The index file setting changed: write at `path` soon, then remove the file at the old place. */
  moveTo(path: string): void {
    if (path === this.path) return;
    this.leftBehind.moved(this.path, path);
    this.path = path;
    // Nothing of ours is at the new place: both copies are written there, whole.
    this.copies = { ...this.copies, wikiDb: undefined };
    this.markDirty();
  }

  /** No more timed writes (unload); a last `writeSnapshot` may still run. */
  stop(): void {
    this.stopped = true;
    this.cancelTimer();
    this.scheduleLag();
  }

  cancelTimer(): void {
    if (this.timer !== undefined) window.clearTimeout(this.timer);
    this.timer = undefined;
  }

  /**
   * When something is to be written, takes the snapshot now (wiki.db's bytes from the engine) and queues the write:
   * the pieces that changed and the manifest; wiki.db whole too when `whole` (unload, Rebuild, a move) or when it
   * is missing or has lagged for the longest lag. Resolves when every queued write is done. A snapshot that fails
   * (a broken worker, an allocation failing on a phone) is told once per session like a failed write, and the
   * index stays dirty; nothing rejects. When wiki.db is written whole over one another shell wrote meanwhile, the
   * snapshot gets that file's bytes (`foreign`) to keep the ctimes and vectors it recorded (adopt-ctimes.ts).
   */
  async writeSnapshot(
    snapshot: (
      have?: readonly string[],
      foreign?: Uint8Array,
    ) => Promise<ExportedIndex | undefined> | ExportedIndex | undefined,
    whole = false,
  ): Promise<void> {
    this.cancelTimer();
    const overdue = this.wikiDbLags && (whole || Date.now() - (this.copies.aheadSince ?? 0) >= this.lagLimit());
    if (!this.dirty && !this.piecesDue && !overdue) return this.chain;
    const path = this.path;
    // wiki.db due: its bytes whole cross from the engine; else only the pieces not on disk (`have`).
    const wikiDbDue =
      whole || overdue || this.copies.wikiDb === undefined || !(await this.adapter.exists(path).catch(() => false));
    const have = wikiDbDue ? undefined : this.copies.names;
    // Cleared before the snapshot so a change reported while it is taken marks the index dirty again.
    const since = this.dirtySince;
    const changed = this.dirty;
    const piecesDue = this.piecesDue;
    this.dirty = false;
    this.piecesDue = false;
    this.dirtySince = undefined;
    let index: ExportedIndex | undefined;
    try {
      // Compared once our own writes still queued are done (each changes wiki.db under the record).
      const foreign = wikiDbDue
        ? await this.chain.then(() => foreignWikiDb(this.adapter, path, this.copies.wikiDb))
        : undefined;
      // Never written over (data.json edited by hand, or made there since the setting's check): QA3 Q1.
      const why = foreign && notAnIndex((at, length) => foreign.subarray(at, at + length));
      if (why?.startsWith(ANOTHER_APPLICATION)) throw new Error(`it is ${why}: choose another Index file`);
      index = await snapshot(have, foreign);
    } catch (error) {
      this.failed(path, error);
    }
    if (index === undefined) {
      this.dirty ||= changed;
      this.piecesDue ||= piecesDue;
      this.dirtySince ??= since;
      return this.chain;
    }
    const exported = index;
    this.chain = this.chain.then(async () => {
      try {
        this.lastBytesWritten = await this.writeCopies(path, exported, changed, wikiDbDue);
        this.failureShown = false;
        await this.leftBehind.remove(this.adapter, path, this.options.notify);
      } catch (error) {
        // What was written stays consistent (a manifest names only whole pieces); the rest is written next time,
        // from wiki.db's bytes whole (a piece may have gone from the folder).
        this.dirty = true;
        this.copies = { ...this.copies, names: undefined };
        this.failed(path, error);
      }
      this.scheduleLag();
    });
    return this.chain;
  }

  /**
   * The write itself, in this order: new pieces, the manifest naming them (the pieces now hold the newest index),
   * then, when wiki.db is due, wiki.db atomically and the manifest again recording wiki.db's size and mtime; last,
   * the pieces no longer named are removed. Returns the bytes written.
   */
  private async writeCopies(path: string, index: ExportedIndex, changed: boolean, whole: boolean): Promise<number> {
    const adapter = this.adapter;
    let written = await writeNewPieces(adapter, path, index);
    const generation = this.copies.generation + 1;
    // Pieces cut from an unchanged index (after wiki.db was read whole) hold the index wiki.db holds.
    const aheadSince = changed ? (this.copies.aheadSince ?? Date.now()) : this.copies.aheadSince;
    const manifest = (wikiDb: WikiDbRecord, ahead: number | null): Manifest => ({
      format: MANIFEST_FORMAT,
      pieceBytes: PIECE_BYTES,
      generation,
      wikiDb,
      aheadSince: ahead,
      pieces: index.pieces,
    });
    const recorded = this.copies.wikiDb;
    let last: Manifest | undefined;
    if (recorded !== undefined) {
      // In step means wiki.db holds this generation: the record moves with it.
      const record = aheadSince === null ? { ...recorded, generation } : recorded;
      last = manifest(record, record.generation === generation ? null : aheadSince);
      written += await writeManifest(adapter, path, last);
      this.copies = { generation, wikiDb: record, aheadSince: last.aheadSince, names: index.pieces };
    }
    if (whole || recorded === undefined || !(await adapter.exists(path))) {
      // Asked for only the new pieces, then wiki.db went missing: it is written whole at the next write.
      if (!index.bytes) throw new Error(`${path} is missing`);
      await writeAtomically(adapter, path, index.bytes);
      written += index.bytes.byteLength;
      const stat = await adapter.stat(path);
      if (!stat) throw new Error(`${path} is missing after its write`);
      this.leftBehind.wrote(path, stat);
      last = manifest({ size: stat.size, mtime: stat.mtime, generation }, null);
      written += await writeManifest(adapter, path, last);
      this.copies = { generation, wikiDb: last.wikiDb, aheadSince: null, names: index.pieces };
    }
    if (last) await prunePieces(adapter, path, last);
    return written;
  }
  /**
   * Unload stopped waiting for the last write (`problem` says why): it takes no further step, so it never replaces
   * wiki.db now that it was said not to have; said as a failed write at unload.
   */
  giveUp(problem: string): void {
    if (this.givenUp) return;
    this.stop();
    this.failed(this.path, new Error(problem));
    this.givenUp = true;
  }

  /**
   * A snapshot or write failed: told once per session (until a write succeeds), the index staying in memory; at
   * unload (after `stop`) always, on the console first (a Notice needs the app still there).
   */
  private failed(path: string, error: unknown): void {
    if (this.givenUp) return;
    const problem = (error as Error)?.message ?? String(error);
    if (this.stopped) {
      const message =
        `OKF Graph Wiki: could not save ${path} at unload (${problem}). It keeps the index of its last write; ` +
        `the next start catches up from the notes.`;
      console.error(message, error);
      this.notifyIfPossible(message);
      return;
    }
    console.error(`OKF Graph Wiki: could not save ${path}`, error);
    if (this.failureShown) return;
    this.failureShown = true;
    this.options.notify(
      `OKF Graph Wiki: could not save ${path} (${problem}). The index stays in memory and will be rebuilt if needed.`,
    );
  }

  /** A notice, unless the app is gone (quitting): the console already has the message. */
  private notifyIfPossible(message: string): void {
    try {
      this.options.notify(message);
    } catch {
      // Nothing more to tell it with.
    }
  }

  /** Resolves when the writes queued so far are done. */
  written(): Promise<void> {
    return this.chain;
  }
}

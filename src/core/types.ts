// Shared shapes of the core: concepts as read from OKF files, diagnostics for bad input, and the
// small interfaces (ports) through which the core touches the outside world.

/** Trust tier derived from `verified` (OKF §5.3, spec §6.3). */
export type TrustTier = 'human-reviewed' | 'machine-confirmed' | 'unverified';

/** Who or what wrote or checked a concept, and when (OKF §5.2). `at` is kept as the string written. */
export interface Stamp {
  readonly by: string;
  readonly at?: string;
}

/** One `sources[]` entry (OKF §5.1). */
export interface Source {
  readonly id?: string;
  readonly resource?: string;
  readonly title?: string;
}

/** One typed triple from `relations` (spec §4.3); the concept file is the implicit subject. */
export interface Relation {
  readonly predicate: string;
  /** The object as written (trimmed). */
  readonly object: string;
  /** Normalized bundle path (`/entities/x.md`) when the object is a path; absent for a literal. */
  readonly objectPath?: string;
  readonly date?: string;
  readonly source?: string;
}

/** An untyped link in the body: markdown `[x](/a.md)` / `[x](./a.md)` or Obsidian `[[a]]`. */
export interface ProseLink {
  /** The link target as written. */
  readonly raw: string;
  readonly kind: 'markdown' | 'wikilink';
  /** Normalized bundle path for markdown links; wikilinks are resolved later, against the whole bundle. */
  readonly targetPath?: string;
  /** For a bare `a/b.md`, the bundle-root reading (OKF bundles use both readings). */
  readonly rootPath?: string;
}

/** A parsed OKF concept file. Paths are bundle-absolute: a leading `/`, `.md` kept (`/entities/x.md`). */
export interface Concept {
  readonly path: string;
  /** OKF §2 identity: the bundle-relative path without `.md` (`entities/x`). */
  readonly id: string;
  readonly type: string;
  readonly title: string;
  readonly description?: string;
  readonly tags: readonly string[];
  readonly aliases: readonly string[];
  readonly resource?: string;
  readonly sources: readonly Source[];
  readonly generated?: Stamp;
  readonly verified: readonly Stamp[];
  readonly trust: TrustTier;
  readonly status?: string;
  readonly staleAfter?: string;
  readonly supersededBy?: string;
  readonly supersededAt?: string;
  readonly supersedes: readonly string[];
  readonly relations: readonly Relation[];
  readonly links: readonly ProseLink[];
  /** Frontmatter keys this reader does not model, kept as parsed (OKF §4.1: never reject them). */
  readonly extra: Readonly<Record<string, unknown>>;
  /** Markdown after the frontmatter. */
  readonly body: string;
  /** Hash of the whole file text: equal hashes mean nothing to re-index or re-embed. */
  readonly hash: string;
}

export type Severity = 'error' | 'warning' | 'info';

/** A problem found in one file. Bad input is data, not an exception. */
export interface Diagnostic {
  readonly path: string;
  readonly severity: Severity;
  /** Stable identifier, e.g. `yaml-syntax`, `missing-type`, `invalid-date`. */
  readonly code: string;
  /** One line naming the problem (and, where obvious, the fix). */
  readonly message: string;
  /** 1-based line in the file, when known. */
  readonly line?: number;
  /** The offending value, when there is one. */
  readonly value?: string;
}

/** What reading one file gives: a concept (possibly with warnings), or only diagnostics. */
export type ReadResult =
  | { readonly kind: 'concept'; readonly concept: Concept; readonly diagnostics: readonly Diagnostic[] }
  | {
      readonly kind: 'invalid';
      readonly path: string;
      readonly hash: string;
      readonly diagnostics: readonly Diagnostic[];
    }
  | { readonly kind: 'skipped'; readonly path: string; readonly hash: string; readonly reason: string };

/** Modification time (whole ms since the epoch) and size in bytes of a file. */
export interface FileStat {
  readonly mtime: number;
  readonly size: number;
  /**
   * The inode's change time (whole ms), where the shell sees one (a Node shell; Obsidian shows none). It moves on
   * every write and cannot be set back, so an edit that restored mtime and size (cp -p, rsync -t) still shows.
   */
  readonly ctime?: number;
}

/** A file's times and size as the index recorded them (null where the recording shell could not tell). */
export interface RecordedStat {
  readonly mtime: number | null;
  readonly size: number | null;
  readonly ctime: number | null;
}

/**
 * True when a file's stat matches what the index recorded: a catch-up skips it unread. A shell that sees no ctime
 * (Obsidian) compares mtime and size only. One that does (the Node shells) skips a file only when its ctime equals
 * the recorded one: a recorded ctime of null (the plugin recorded the file) is unknown, never a match, so an edit
 * that kept mtime and size is not missed. The file is then read once, and its real ctime recorded with the same
 * content hash, so the next catch-up skips it (docs/ARCHITECTURE.md, "One engine session, three shells").
 */
export function statMatches(recorded: RecordedStat, stat: FileStat): boolean {
  return (
    recorded.mtime === stat.mtime &&
    recorded.size === stat.size &&
    (stat.ctime === undefined || recorded.ctime === stat.ctime)
  );
}

/** Reads a bundle. Paths are bundle-absolute (`/entities/x.md`); implementations refuse anything outside. */
export interface BundleSource {
  /** Every file in the bundle (not only markdown), sorted, as bundle paths. */
  list(): Promise<string[]>;
  /** The file's text (UTF-8). Rejects with an Error naming the path when it cannot be read. */
  read(path: string): Promise<string>;
  /**
   * Optional: the file's mtime and size. When given, a catch-up skips reading files whose mtime and size
   * match what the index recorded (as dataview's persister does); without it every file is read and hashed.
   */
  stat?(path: string): Promise<FileStat | undefined>;
  /**
   * Optional, beside `stat`: the stats of many files in one call, each what `stat` gives (undefined where it gives
   * none or fails). A catch-up stats every file; a promise per file cost a cold question at 10,000 files ~20 ms.
   */
  statMany?(paths: readonly string[]): Promise<(FileStat | undefined)[]>;
  /**
   * Optional: the text with the stat of the very file read (a Node shell: its open descriptor's), taken before the
   * text is read (a file changed meanwhile then looks changed next time). A build or a catch-up records this stat,
   * not the one `stat` took by path, which a folder swapped for a link leading out of the bundle meanwhile may have
   * taken of an outside file; a full build then takes no stat by path at all.
   */
  readWithStat?(path: string): Promise<{ text: string; stat: FileStat }>;
  /**
   * Optional: true for a path `list` gave that is a link to a folder (never walked). A build counts it among the
   * concept files, so that its read, which fails naming where the link leads, reports it as links leading out are.
   */
  isFolderLink?(path: string): boolean;
}

/**
 * The diagnostic code, and the file row's hash, of a linked folder: its read throws a `LinkedFolderRefusal`. Not a
 * markdown file nor one that could not be indexed (IndexStats leaves it out), and lint files it under its own check.
 */
export const LINKED_FOLDER = 'linked-folder';
/** As LINKED_FOLDER, for a link to a concept file inside the bundle: indexed under the target's path only (QA3 Q5). */
export const LINKED_FILE = 'linked-file';

/**
 * What a source's read of a linked folder (or of a link to a file inside the bundle, LINKED_FILE) throws: the severity
 * says whether it leads out of the bundle (error).
 */
export interface LinkedFolderRefusal extends Error {
  readonly code: typeof LINKED_FOLDER | typeof LINKED_FILE;
  readonly severity: Severity;
}

/** Writes generated artifacts into a bundle, atomically (temporary file, then rename). */
export interface BundleWriter {
  write(path: string, data: string | Uint8Array): Promise<void>;
}

/** Today's date for staleness checks, injectable so tests and retrieval are deterministic. */
export interface Clock {
  /** ISO date-time of now, e.g. `2026-11-30T12:00:00Z`. */
  now(): string;
  /**
   * Today as the user's calendar date (`YYYY-MM-DD`, their time zone), for stale_after and dates written for
   * them; without it, the date of `now()`. See todayOf.
   */
  today?(): string;
}

/** The calendar date of `date` in the local time zone (the user's), as `YYYY-MM-DD`. */
export function localDate(date: Date): string {
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The real clock: instants in UTC, but today is the user's date. `stale_after: 2026-12-02` means the user's 2
 * December: in UTC-11 the UTC date turns at 13:00 the day before, and facts were dropped that evening.
 */
export const systemClock: Clock = { now: () => new Date().toISOString(), today: () => localDate(new Date()) };

/** Today's date (`YYYY-MM-DD`) on `clock`: its `today()`, else the date part of `now()` (a fixed --today). */
export function todayOf(clock: Clock): string {
  return clock.today !== undefined ? clock.today() : clock.now().slice(0, 10);
}

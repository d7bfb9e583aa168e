// The intent record of an authoring commit (relate and supersede write two files, so a crash between the two
// renames would leave a relation on one side only). Before the first write, the plan's final texts go to
// `.okf-wiki/pending/<id>.json`, written atomically and synced; after the last write the record is removed. A
// record still there on the next writing command is a commit that was interrupted: it is completed (each file
// still holding its old text gets its new one) and logged. Stale temporary files of killed writers are swept.
import { asWriteFailure } from './write-failure';
import { createHash, randomBytes } from 'node:crypto';
import { promises as fs, type Dirent } from 'node:fs';
import { hostname } from 'node:os';
import * as nodePath from 'node:path';
import type { PlanJournal } from '../core/author/apply-plan';
import type { ChangePlan } from '../core/author/types';
import { appendLogEntry, isWikiLog, LOG_PATH } from '../core/generate/log-entry';
import { todayOf, type Clock } from '../core/types';
import { isAlive } from './bundle-lock';
import type { FsBundle } from './fs-bundle';
import { STATE_DIR, stateDir } from './state-dir';

const PENDING_DIR = 'pending';
/** A temporary file of `FsBundle.write`: `<name>.tmp-<pid>-<time>-<counter>`. */
const TEMP_NAME = /\.tmp-(\d+)-[0-9a-z]+-[0-9a-z]+$/;
/** A temporary file older than this is swept even when its pid is alive (a reused pid). */
const TEMP_STALE_MS = 10 * 60_000;

/** One file of an interrupted commit: its old content's hash (null: it did not exist) and its planned text. */
interface PendingFile {
  readonly path: string;
  readonly before: string | null;
  readonly after: string;
}

/** What `.okf-wiki/pending/<id>.json` holds. */
interface PendingRecord {
  readonly version: 1;
  /** The host that wrote it: a record from elsewhere (a copied or checked-out bundle) is never acted on. */
  readonly host: string;
  readonly operation: string;
  readonly summary: string;
  /** The log.md entry the commit would have added. */
  readonly log: string;
  readonly files: readonly PendingFile[];
}

/** SHA-256 of a text's UTF-8 bytes, hex. */
function sha256(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** `.okf-wiki/pending`, refused when it or `.okf-wiki` is a link: its files are removed as leftovers. */
function pendingDir(bundle: FsBundle): Promise<string> {
  return stateDir(bundle.root, PENDING_DIR);
}

/** The journal of a bundle folder; `logLine` is the log.md entry the commit adds (recorded for completion). */
export function fsPlanJournal(bundle: FsBundle, logLine: (plan: ChangePlan) => string): PlanJournal {
  return {
    async begin(plan) {
      // One file cannot be left half-done by a crash (each write is one rename): nothing to record.
      if (plan.changes.length < 2) return { done: async () => undefined };
      const record: PendingRecord = {
        version: 1,
        host: hostname(),
        operation: plan.operation,
        summary: plan.summary,
        log: logLine(plan),
        files: plan.changes.map((c) => ({
          path: c.path,
          before: c.before === null ? null : sha256(c.before),
          after: c.after,
        })),
      };
      const dir = await pendingDir(bundle);
      // One level at a time, never the bundle folder: one moved or deleted since must not be re-created.
      for (const level of [nodePath.dirname(dir), dir])
        await fs.mkdir(level).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== 'EEXIST') throw error;
        });
      const file = nodePath.join(
        dir,
        `${Date.now().toString(36)}-${process.pid}-${randomBytes(4).toString('hex')}.json`,
      );
      try {
        await writeDurably(file, JSON.stringify(record, null, 1) + '\n');
      } catch (error) {
        // Written before any note: none was changed.
        const failure = asWriteFailure(file, error, false);
        if (failure instanceof Error && failure !== error) failure.message += '; no note was changed';
        throw failure;
      }
      return { done: () => fs.rm(file, { force: true }) };
    },
  };
}

/** Writes `text` to `file` through a synced temporary file and a rename, then syncs the folder (POSIX). */
async function writeDurably(file: string, text: string): Promise<void> {
  const tmp = `${file}.tmp`;
  const handle = await fs.open(tmp, 'w');
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.rename(tmp, file);
  const dir = await fs.open(nodePath.dirname(file), 'r').catch(() => undefined);
  if (dir)
    await dir
      .sync()
      .catch(() => undefined)
      .finally(() => dir.close());
}

/**
 * Completes every interrupted commit recorded in the bundle (call holding the write lock): a file still holding
 * its old text (or still absent) gets the planned text; one already holding it is left; one changed by someone
 * else since is left and named. Each completed commit gets its log.md entry. Returns notes for stderr.
 */
export async function completePendingWrites(bundle: FsBundle, clock: Clock): Promise<string[]> {
  const dir = await pendingDir(bundle);
  let entries: Dirent[];
  try {
    entries = (await fs.readdir(dir, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : 1));
  } catch {
    return [];
  }
  const notes: string[] = [];
  for (const entry of entries) {
    const name = entry.name;
    const file = nodePath.join(dir, name);
    if (entry.isDirectory()) {
      // Never a record (rm of a folder threw, stopping every writing command): named, left as it is.
      notes.push(`${nodePath.join(STATE_DIR, PENDING_DIR, name)} is a folder, not a record; left alone.`);
      continue;
    }
    if (!name.endsWith('.json')) {
      // A record killed before its rename: its commit never started writing.
      await fs.rm(file, { force: true });
      continue;
    }
    const record = parseRecord(await fs.readFile(file, 'utf8').catch(() => ''));
    if (record === undefined) {
      notes.push(
        `${nodePath.join(STATE_DIR, PENDING_DIR, name)} is not a record ` +
          `okf-wiki can read; removed it. Run okf-wiki lint to check the files ` +
          `an interrupted edit touched.`,
      );
      await fs.rm(file, { force: true });
      continue;
    }
    if (record.host !== hostname()) {
      // Completing it would write texts this machine never planned (the record came with a copy of the bundle).
      notes.push(
        `${nodePath.join(STATE_DIR, PENDING_DIR, name)} records an ` +
          `interrupted ${record.operation} from another machine ` +
          `(${record.host}); left alone. Run the next writing command there to ` +
          `complete it, or delete the record.`,
      );
      continue;
    }
    const left: string[] = [];
    const completed: string[] = [];
    const failed: string[] = [];
    for (const f of record.files) {
      const bytes = await bundle.readBytes(f.path).catch(() => undefined);
      const now = bytes === undefined ? null : sha256(bytes);
      if (now === sha256(f.after)) continue;
      if (now !== f.before) {
        left.push(f.path);
        continue;
      }
      try {
        await bundle.write(
          f.path,
          f.after,
          bytes === undefined ? null : new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes),
        );
        completed.push(f.path);
      } catch (error) {
        failed.push(`${f.path} (${(error as Error).message})`);
      }
    }
    const where = nodePath.join(STATE_DIR, PENDING_DIR, name);
    if (failed.length > 0) {
      // Kept, to be completed by a later run once the cause is fixed.
      notes.push(
        `an interrupted ${record.operation} could not be ` +
          `completed: ${record.summary} Could not write ${failed.join(', ')}. ` +
          `Fix that and run any writing command again, or delete ${where} to ` +
          `leave the files as they are.`,
      );
      continue;
    }
    await appendLog(bundle, clock, record.log.replace(/\.?$/, ' (completed after an interrupted run).'));
    notes.push(
      `an interrupted ${record.operation} was completed: ${record.summary}` +
        (completed.length > 0 ? ` Wrote ${completed.join(', ')}.` : '') +
        (left.length > 0
          ? ` ${left.join(', ')} changed since ` +
            `and ${left.length === 1 ? 'was' : 'were'} left ` +
            `as ${left.length === 1 ? 'it is' : 'they are'}; run okf-wiki lint.`
          : ''),
    );
    await fs.rm(file, { force: true });
  }
  return notes;
}

function parseRecord(text: string): PendingRecord | undefined {
  try {
    const value = JSON.parse(text) as PendingRecord;
    const fileOk = (f: PendingFile) =>
      typeof f?.path === 'string' && typeof f.after === 'string' && (f.before === null || typeof f.before === 'string');
    return value?.version === 1 &&
      typeof value.host === 'string' &&
      Array.isArray(value.files) &&
      value.files.every(fileOk) &&
      typeof value.log === 'string'
      ? value
      : undefined;
  } catch {
    return undefined;
  }
}

async function appendLog(bundle: FsBundle, clock: Clock, entry: string): Promise<void> {
  const existing = (await bundle.exists(LOG_PATH)) ? await bundle.read(LOG_PATH) : undefined;
  if (existing !== undefined && !isWikiLog(existing)) return; // someone's own log.md: no machine entry
  await bundle.write(LOG_PATH, appendLogEntry(existing, todayOf(clock), entry));
}

/** Removes temporary files left by killed writers (their pid is gone, or they are old); returns how many. */
export async function sweepTempFiles(bundle: FsBundle): Promise<number> {
  let swept = 0;
  const walk = async (dir: string): Promise<void> => {
    const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const full = nodePath.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!entry.name.startsWith('.') && entry.name !== 'node_modules') await walk(full);
        continue;
      }
      const match = TEMP_NAME.exec(entry.name);
      if (!match || !entry.isFile()) continue;
      const stat = await fs.stat(full).catch(() => undefined);
      if (stat === undefined || (isAlive(Number(match[1])) && Date.now() - stat.mtimeMs < TEMP_STALE_MS)) continue;
      await fs.rm(full, { force: true });
      swept++;
    }
  };
  await walk(bundle.root);
  return swept;
}

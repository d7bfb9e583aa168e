// The bundle's write lock for the Node shells (CLI and MCP): every command that writes files in a bundle holds
// `.okf-wiki/lock` while it plans and writes, so two writers take turns instead of losing each other's edits.
// The lock is a file created with O_EXCL holding who owns it; a lock whose owner died (same host, pid gone) or
// that stopped being refreshed long ago is taken over. A writer that cannot take it in time says who holds it.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { hostname } from 'node:os';
import * as nodePath from 'node:path';

import { bundleGone } from './bundle-root';
import { refuseLink, STATE_DIR, stateDir } from './state-dir';

export { STATE_DIR };
const LOCK_NAME = 'lock';

/** How long a writer waits for the lock by default; OKF_WIKI_LOCK_WAIT (seconds) overrides it. */
export const DEFAULT_WAIT_MS = 60_000;
/** The owner touches the lock this often, so a live owner's lock never looks abandoned. */
const HEARTBEAT_MS = 30_000;
/** A lock from another host (whose pid cannot be checked) not touched for this long is abandoned. */
const FOREIGN_STALE_MS = 10 * 60_000;
/** A lock whose pid is alive on this host is still taken over after this long without a touch (a reused pid). */
const LOCAL_STALE_MS = 60 * 60_000;
/** A lock file that is still empty or unreadable after this long was left by a writer killed while creating it. */
const UNREADABLE_STALE_MS = 10_000;

/** Who holds a lock, as recorded in the lock file. */
export interface LockOwner {
  readonly pid: number;
  readonly host: string;
  /** ISO date-time the lock was taken. */
  readonly since: string;
  /** What is writing (`okf-wiki reindex`). */
  readonly command: string;
  /** Random, so a writer removing a lock can tell it is the one it looked at. */
  readonly token: string;
}

/** A held lock. */
export interface HeldLock {
  readonly owner: LockOwner;
  release(): Promise<void>;
}

export interface LockOptions {
  /** Longest wait for a busy lock, in milliseconds (default: OKF_WIKI_LOCK_WAIT seconds, else 60 s). */
  readonly waitMs?: number;
  /** Told once when the lock is busy and the writer starts waiting. */
  readonly onWait?: (owner: LockOwner | undefined) => void;
}

/** Thrown when the lock is still held by another live writer after the wait; the message names it. */
export class BundleLockBusy extends Error {
  override readonly name = 'BundleLockBusy';
  constructor(
    message: string,
    /** Who holds it (undefined when its lock file could not be read). */
    readonly owner: LockOwner | undefined,
  ) {
    super(message);
  }
}

/** The bundle folders whose lock the running work holds (withBundleLock), so a write inside it does not wait on it. */
const heldHere = new AsyncLocalStorage<ReadonlySet<string>>();

/** True when the work running now holds `root`'s write lock (inside withBundleLock for that folder). */
export function holdsBundleLock(root: string): boolean {
  return heldHere.getStore()?.has(root) === true;
}

/** The lock file of a bundle folder. */
export function lockPath(root: string): string {
  return nodePath.join(root, STATE_DIR, LOCK_NAME);
}

/**
 * Runs `work` holding the bundle's write lock; the lock is released however `work` ends. Work that already holds it
 * (a write tool's save of wiki.db) runs at once: waiting on its own lock would only time out.
 */
export async function withBundleLock<T>(
  root: string,
  command: string,
  work: () => Promise<T>,
  options: LockOptions = {},
): Promise<T> {
  if (holdsBundleLock(root)) return work();
  const lock = await acquireBundleLock(root, command, options);
  try {
    return await heldHere.run(new Set([...(heldHere.getStore() ?? []), root]), work);
  } finally {
    await lock.release();
  }
}

/** Takes the bundle's write lock, waiting (bounded) while another live writer holds it. */
export async function acquireBundleLock(root: string, command: string, options: LockOptions = {}): Promise<HeldLock> {
  await stateDir(root);
  const file = lockPath(root);
  // A link here would have its target read as the holder (and shown in the busy message), and never be created.
  await refuseLink(file);
  const waitMs = options.waitMs ?? waitFromEnvironment();
  const owner: LockOwner = {
    pid: process.pid,
    host: hostname(),
    since: new Date().toISOString(),
    command,
    token: randomBytes(8).toString('hex'),
  };
  const started = Date.now();
  let delay = 10;
  let told = false;
  for (;;) {
    if (await tryCreate(file, owner)) return held(file, owner);
    const seen = await readLock(file);
    if (seen === 'gone') continue;
    if (isAbandoned(seen)) {
      await removeAbandoned(file, seen.raw);
      continue;
    }
    if (!told) {
      told = true;
      options.onWait?.(seen.owner);
    }
    if (Date.now() - started >= waitMs) throw new BundleLockBusy(busyMessage(root, seen.owner, waitMs), seen.owner);
    // Jittered, growing pauses: two waiters do not wake in step, and a long holder is not polled hot.
    await sleep(Math.min(delay, Math.max(1, started + waitMs - Date.now())) * (0.75 + Math.random() / 2));
    delay = Math.min(delay * 2, 100);
  }
}

/** OKF_WIKI_LOCK_WAIT in seconds, when set to a number ≥ 0; else the default. */
function waitFromEnvironment(): number {
  const value = process.env.OKF_WIKI_LOCK_WAIT;
  const seconds = value === undefined || value.trim() === '' ? NaN : Number(value);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds * 1000, 2 ** 31 - 1) : DEFAULT_WAIT_MS;
}

/** Creates the lock file holding `owner`; false when it exists. */
async function tryCreate(file: string, owner: LockOwner): Promise<boolean> {
  let handle: FileHandle;
  try {
    handle = await fs.open(file, 'wx');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code === 'ENOENT') {
      // `.okf-wiki` alone, never the bundle folder: one moved or deleted must not be re-created (review rv-qa 2).
      await fs.mkdir(nodePath.dirname(file)).catch((mkdirError: NodeJS.ErrnoException) => {
        if (mkdirError.code === 'EEXIST') return;
        if (mkdirError.code === 'ENOENT')
          throw new Error(`${bundleGone(nodePath.dirname(nodePath.dirname(file)))}; nothing was written`);
        throw new Error(`cannot create the write lock ${file}: ${mkdirError.message}`);
      });
      return tryCreate(file, owner);
    }
    throw new Error(`cannot create the write lock ${file}: ${(error as Error).message}`);
  }
  try {
    await handle.writeFile(JSON.stringify(owner) + '\n');
  } finally {
    await handle.close();
  }
  return true;
}

/** A lock file as found: its owner (undefined when unreadable), its raw text and when it was last touched. */
interface SeenLock {
  readonly owner: LockOwner | undefined;
  readonly raw: string;
  readonly touched: number;
}

async function readLock(file: string): Promise<SeenLock | 'gone'> {
  try {
    const [raw, stat] = await Promise.all([fs.readFile(file, 'utf8'), fs.stat(file)]);
    return { owner: parseOwner(raw), raw, touched: stat.mtimeMs };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'gone';
    throw error;
  }
}

function parseOwner(raw: string): LockOwner | undefined {
  try {
    const value = JSON.parse(raw) as Partial<LockOwner>;
    return typeof value.pid === 'number' && typeof value.host === 'string' && typeof value.token === 'string'
      ? {
          pid: value.pid,
          host: value.host,
          since: String(value.since ?? ''),
          command: String(value.command ?? 'okf-wiki'),
          token: value.token,
        }
      : undefined;
  } catch {
    return undefined;
  }
}

/** True when nobody can still be holding the lock: its owner died, or it has not been touched for far too long. */
function isAbandoned(seen: SeenLock): boolean {
  const age = Date.now() - seen.touched;
  if (seen.owner === undefined) return age > UNREADABLE_STALE_MS;
  if (seen.owner.host !== hostname()) return age > FOREIGN_STALE_MS;
  return !isAlive(seen.owner.pid) || age > LOCAL_STALE_MS;
}

/** True when a process with this pid runs on this host. */
export function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes an abandoned lock, but only the one that was looked at: a guard file taken with O_EXCL makes the
 * check-and-remove one step among writers, so two of them cannot both remove it and the second delete the
 * lock the first has just taken.
 */
async function removeAbandoned(file: string, raw: string): Promise<void> {
  const guard = `${file}.takeover`;
  try {
    await fs.writeFile(guard, String(process.pid), { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // Another writer is taking over; its guard is left only if it was killed in these few lines.
    const stat = await fs.stat(guard).catch(() => undefined);
    if (stat && Date.now() - stat.mtimeMs > UNREADABLE_STALE_MS) await fs.rm(guard, { force: true });
    else await sleep(5);
    return;
  }
  try {
    const now = await fs.readFile(file, 'utf8').catch(() => undefined);
    if (now === raw) await fs.rm(file, { force: true });
  } finally {
    await fs.rm(guard, { force: true });
  }
}

function held(file: string, owner: LockOwner): HeldLock {
  const heartbeat = setInterval(() => {
    const now = new Date();
    fs.utimes(file, now, now).catch(() => undefined);
  }, HEARTBEAT_MS);
  // A number under a DOM's timers (the plugin's tests run a CLI command beside jsdom): nothing to unref there.
  if (typeof heartbeat === 'object') heartbeat.unref();
  let released = false;
  return {
    owner,
    async release() {
      if (released) return;
      released = true;
      clearInterval(heartbeat);
      // Removed only while it is still ours (never someone's lock taken over after ours was judged abandoned).
      const seen = await readLock(file).catch(() => 'gone' as const);
      if (seen !== 'gone' && seen.owner?.token === owner.token) await fs.rm(file, { force: true });
    },
  };
}

/** Why the lock could not be taken, naming the bundle, the owner and the way out. */
function busyMessage(root: string, owner: LockOwner | undefined, waitMs: number): string {
  const who = owner ? `${owner.command} (pid ${owner.pid} on ${owner.host}, since ${owner.since})` : 'another okf-wiki';
  return (
    `the bundle ${root} is being written by ${who}; gave up after waiting ${seconds(waitMs)} s. ` +
    `Run the command again when it has finished (OKF_WIKI_LOCK_WAIT=SECONDS waits longer). ` +
    `If no okf-wiki is running on this bundle, delete ${lockPath(root)}.`
  );
}

/** `60`, `2.5`, `0.4`: whole seconds when that is exact enough. */
function seconds(ms: number): string {
  return ms >= 10_000 ? String(Math.round(ms / 1000)) : String(Math.round(ms / 100) / 10);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

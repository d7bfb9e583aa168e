// Committing a previewed plan the way spec §7.1 step 4-5 asks of every edit: write the concept files, append one
// `log.md` entry, then rebuild wiki.db and the generated files. The shell supplies the rebuild (the CLI's reindex,
// the plugin's watcher) and the log writer, so the same plan commits identically from the CLI, MCP and Obsidian.
import type { BundleSource, BundleWriter, Clock } from '../types';
import { applyPlan } from './apply-plan';
import type { AuthorOperation, ChangePlan } from './types';

/** What a `log.md` entry records about one authoring operation (OKF §9: when the wiki changed, and who changed it). */
export interface AuthorLogEntry {
  /** ISO date-time of the change. */
  readonly at: string;
  /** Who ran it (`human:alice`, `agent:claude`). */
  readonly actor: string;
  readonly operation: AuthorOperation;
  /** The plan's one-line summary. */
  readonly summary: string;
  /** The files written. */
  readonly paths: readonly string[];
}

/** How a shell finishes an authoring operation. */
export interface CommitEnvironment {
  readonly source: BundleSource;
  readonly writer: BundleWriter;
  readonly clock: Clock;
  readonly actor: string;
  /** Appends one entry to `log.md`; absent means the shell keeps no log. */
  readonly appendLog?: (entry: AuthorLogEntry) => Promise<void>;
  /** Rebuilds wiki.db and the generated files after concept files changed. */
  readonly reindex?: () => Promise<void>;
}

/** What committing did. */
export type CommitOutcome =
  | { readonly kind: 'committed'; readonly written: readonly string[]; readonly logged: boolean; readonly reindexed: boolean }
  | { readonly kind: 'conflict' | 'failed'; readonly message: string };

/** Writes the plan's files, then logs and reindexes (only when something was written). */
export async function commitPlan(plan: ChangePlan, env: CommitEnvironment): Promise<CommitOutcome> {
  const applied = await applyPlan(plan, env.source, env.writer);
  if (applied.kind !== 'applied') return applied;
  const entry: AuthorLogEntry = { at: env.clock.now(), actor: env.actor, operation: plan.operation, summary: plan.summary, paths: applied.written };
  if (env.appendLog) await env.appendLog(entry);
  if (env.reindex) await env.reindex();
  return { kind: 'committed', written: applied.written, logged: env.appendLog !== undefined, reindexed: env.reindex !== undefined };
}

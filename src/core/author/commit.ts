// Committing a previewed plan the way spec §7.1 steps 4-5 ask of every edit: write the concept files, then bring
// wiki.db and the generated files up to date and append one `log.md` entry. The shell supplies that refresh (the
// CLI and MCP over a folder, the plugin over its vault and live index), so a plan commits the same way everywhere.
import { formatLogEntry } from '../generate/log-entry';
import type { BundleSource, Clock } from '../types';
import { applyPlan, type PlanJournal, type PlanWriter } from './apply-plan';
import type { AuthorOperation, ChangePlan } from './types';

/** What the `log.md` entry of one authoring operation records (OKF §9: when the wiki changed, and who changed it). */
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
  readonly writer: PlanWriter;
  /** Records the plan before its first write (the Node shells: `.okf-wiki/pending/`), so a crash can be completed. */
  readonly journal?: PlanJournal;
  readonly clock: Clock;
  readonly actor: string;
  /**
   * After the files are written: update wiki.db and the generated files (timeline.md, keywords, index.md blocks)
   * and append `logLine(entry)` to log.md — exactly one entry. Absent: the shell does neither.
   */
  readonly refresh?: (entry: AuthorLogEntry) => Promise<void>;
}

/** What committing did. */
export type CommitOutcome =
  | { readonly kind: 'committed'; readonly written: readonly string[]; readonly refreshed: boolean }
  | { readonly kind: 'conflict' | 'failed'; readonly message: string };

/**
 * Writes the plan's files, then refreshes the index, the generated files and the log (only when something was written).
 */
export async function commitPlan(plan: ChangePlan, env: CommitEnvironment): Promise<CommitOutcome> {
  const applied = await applyPlan(plan, env.source, env.writer, env.journal);
  if (applied.kind !== 'applied') return applied;
  if (env.refresh)
    await env.refresh({
      at: env.clock.now(),
      actor: env.actor,
      operation: plan.operation,
      summary: plan.summary,
      paths: applied.written,
    });
  return { kind: 'committed', written: applied.written, refreshed: env.refresh !== undefined };
}

const LOG_KIND: Record<AuthorOperation, string> = {
  relate: 'Related',
  supersede: 'Superseded',
  'file-back': 'Filed back',
  vocabulary: 'Vocabulary',
};

/** The `log.md` line for an entry, in the OKF §9 style (`**Related**: … (by human:alice)`). */
export function logLine(entry: AuthorLogEntry): string {
  const text = entry.summary.replace(new RegExp(`^${LOG_KIND[entry.operation]}\\s+`), '').replace(/\.$/, '');
  return formatLogEntry(LOG_KIND[entry.operation], `${text} (by \`${entry.actor}\`, okf-wiki ${entry.operation}).`);
}

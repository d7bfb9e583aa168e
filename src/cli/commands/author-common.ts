// What the authoring commands (relate, supersede, file-back, vocabulary) and the MCP server share on Node: the
// bundle settings, the commit environment (write, then index + generated files + one log entry) and how a plan
// is reported and exits.
import { commitPlan, logLine, type AuthorLogEntry, type CommitEnvironment, type CommitOutcome } from '../../core/author/commit';
import { planJson, renderPlan } from '../../core/author/render-plan';
import type { AuthorPlan, ChangePlan } from '../../core/author/types';
import type { BundleConfig } from '../../core/config/bundle-config';
import { WikiSession } from '../../core/engine/session';
import { loadBundleConfig } from '../../core/config/load-bundle-config';
import type { Clock } from '../../core/types';
import type { Flags } from '../args';
import { clockFromFlags } from '../clock';
import { embeddingFromFlags, type EmbeddingChoice } from '../embedding';
import type { FsBundle } from '../fs-bundle';
import { fsSessionEnv } from '../../node/index-store';
import type { CliIo } from '../io';
import { fsPlanJournal } from '../pending-writes';
import { underWriteLock } from '../write-session';

/** The actor stamped on what the command line writes when `--by` is not given (OKF §7 actor convention). */
export const DEFAULT_CLI_ACTOR = 'human:cli';

/** okf-wiki.json of the bundle; its problems are shown on stderr (lint reports them as findings too). */
export async function bundleConfig(bundle: FsBundle, io: CliIo): Promise<BundleConfig> {
  const { config, diagnostics } = await loadBundleConfig(bundle);
  for (const d of diagnostics) io.err(`note: ${d.path}: ${d.message}\n`);
  return config;
}

/**
 * Plans an authoring operation and, unless `--dry-run`, commits it, holding the bundle's write lock from the plan
 * to the log entry: two writers take turns, and the second plans from what the first wrote.
 */
export function authorInFolder(
  bundle: FsBundle,
  flags: Flags,
  io: CliIo,
  command: string,
  plan: () => Promise<AuthorPlan>,
  commit: (plan: ChangePlan) => Promise<CommitOutcome> = commitInFolder(bundle, io, flags, clockFromFlags(flags), flags.by ?? DEFAULT_CLI_ACTOR),
): Promise<number> {
  if (flags['dry-run'] === true) return plan().then((p) => finishPlan(p, flags, io, commit));
  return underWriteLock(bundle, io, `okf-wiki ${command}`, clockFromFlags(flags), async () => finishPlan(await plan(), flags, io, commit));
}

/** Commits a concept edit in a bundle folder: atomic writes, then wiki.db, the generated files and one log.md entry. */
export function commitInFolder(bundle: FsBundle, io: CliIo, flags: Flags, clock: Clock, actor: string): (plan: ChangePlan) => Promise<CommitOutcome> {
  return (plan) => commitPlan(plan, fsCommitEnvironment(bundle, io, embeddingFromFlags(flags), clock, actor));
}

/**

 * How a Node shell commits a plan in a bundle folder (call holding the write lock): each file re-checked right
 * before it is replaced, a new page created exclusively, an intent record kept while two files are written.
 * `embedding` embeds the changed concepts; `live` is a session the shell keeps open (the MCP server), otherwise
 * one is opened for the refresh.
 */
export function fsCommitEnvironment(
  bundle: FsBundle,
  io: CliIo,
  embedding: EmbeddingChoice,
  clock: Clock,
  actor: string,
  live?: () => Promise<WikiSession>,
): CommitEnvironment {
  const entryOf = (plan: ChangePlan) => logLine({ at: clock.now(), actor, operation: plan.operation, summary: plan.summary, paths: plan.changes.map((c) => c.path) });
  return {
    source: bundle,
    writer: bundle,
    journal: fsPlanJournal(bundle, entryOf),
    clock,
    actor,
    refresh: (entry) => refreshAfterEdit(bundle, io, embedding, clock, entry, live),
  };
}

/**
 * After concept files changed (spec §7.1 step 4-5): wiki.db catches up (changed files re-read, vectors of unchanged
 * concepts kept, changed ones embedded when Ollama answers), the generated files are rewritten, and `logEntry` is
 * the one log.md entry. The same tables as a full reindex, without a second "Reindex" entry in the log.
 */
async function refreshAfterEdit(
  bundle: FsBundle,
  io: CliIo,
  embedding: EmbeddingChoice,
  clock: Clock,
  entry: AuthorLogEntry,
  live: (() => Promise<WikiSession>) | undefined,
): Promise<void> {
  const session = live ? await live() : await WikiSession.open(fsSessionEnv(bundle, clock, 'okf-wiki'));
  try {
    await session.afterEdit(entry, embedding, (message) => io.err(`note: ${message} Lexical signals (exact title, BM25) still work.\n`));
  } finally {
    if (!live) session.close();
  }
}

/**
 * Reports a plan and, unless `--dry-run`, commits it. Exit codes: 0 done (or nothing to do, or a preview),
 * 1 refused or not written (a conflict or a failed write).
 */
export async function finishPlan(plan: AuthorPlan, flags: Flags, io: CliIo, commit: (plan: ChangePlan) => Promise<CommitOutcome>): Promise<number> {
  const dryRun = flags['dry-run'] === true;
  if (plan.kind !== 'change' || dryRun) {
    if (flags.json) io.out(JSON.stringify(planJson(plan, false), null, 2) + '\n');
    else if (plan.kind === 'refused') io.err(`okf-wiki: ${renderPlan(plan, false)}`);
    else io.out(renderPlan(plan, false));
    return plan.kind === 'refused' ? 1 : 0;
  }
  const outcome = await commit(plan);
  if (outcome.kind !== 'committed') {
    if (flags.json) io.out(JSON.stringify({ operation: plan.operation, status: outcome.kind, message: outcome.message }, null, 2) + '\n');
    else io.err(`okf-wiki: ${plan.operation} not written: ${outcome.message}\n`);
    return 1;
  }
  if (flags.json) io.out(JSON.stringify({ ...planJson(plan, true), written: outcome.written, refreshed: outcome.refreshed }, null, 2) + '\n');
  else io.out(renderPlan(plan, true) + (outcome.refreshed ? 'Updated wiki.db and the generated files; logged in log.md.\n' : ''));
  return 0;
}

// What the authoring commands (relate, supersede, file-back, vocabulary) share: the bundle settings, committing
// in a bundle folder (node/commit-environment.ts, as the MCP server does) and how a plan is reported and exits.
import { commitPlan, type CommitOutcome } from '../../core/author/commit';
import { planJson, renderPlan } from '../../core/author/render-plan';
import type { AuthorPlan, ChangePlan } from '../../core/author/types';
import type { BundleConfig } from '../../core/config/bundle-config';
import { loadBundleConfig } from '../../core/config/load-bundle-config';
import type { Clock } from '../../core/types';
import type { Flags } from '../args';
import { clockFromFlags } from '../clock';
import { embeddingFromFlags } from '../embedding';
import type { FsBundle } from '../../node/fs-bundle';
import { fsCommitEnvironment } from '../../node/commit-environment';
import { jsonText, type CliIo } from '../io';
import { underWriteLock } from '../../node/write-session';

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
  commit: (plan: ChangePlan) => Promise<CommitOutcome> = commitInFolder(
    bundle,
    io,
    flags,
    clockFromFlags(flags),
    flags.by ?? DEFAULT_CLI_ACTOR,
  ),
): Promise<number> {
  if (flags['dry-run'] === true) return plan().then((p) => finishPlan(p, flags, io, commit));
  return underWriteLock(bundle, io, `okf-wiki ${command}`, clockFromFlags(flags), async () =>
    finishPlan(await plan(), flags, io, commit),
  );
}

/** Commits a concept edit in a bundle folder: atomic writes, then wiki.db, the generated files and one log.md entry. */
export function commitInFolder(
  bundle: FsBundle,
  io: CliIo,
  flags: Flags,
  clock: Clock,
  actor: string,
): (plan: ChangePlan) => Promise<CommitOutcome> {
  return (plan) => commitPlan(plan, fsCommitEnvironment(bundle, io, embeddingFromFlags(flags), clock, actor));
}

/**
 * Reports a plan and, unless `--dry-run`, commits it. Exit codes: 0 done (or nothing to do, or a preview),
 * 2 refused or not written (a conflict or a failed write): invalid input or a failure, as the README documents;
 * 1 is for findings (lint) and regressions (evaluate).
 */
export async function finishPlan(
  plan: AuthorPlan,
  flags: Flags,
  io: CliIo,
  commit: (plan: ChangePlan) => Promise<CommitOutcome>,
): Promise<number> {
  const dryRun = flags['dry-run'] === true;
  if (plan.kind !== 'change' || dryRun) {
    if (flags.json) io.out(jsonText(planJson(plan, false)));
    else if (plan.kind === 'refused') io.err(`okf-wiki: ${renderPlan(plan, false)}`);
    else io.out(renderPlan(plan, false));
    return plan.kind === 'refused' ? 2 : 0;
  }
  const outcome = await commit(plan);
  if (outcome.kind !== 'committed') {
    if (flags.json) io.out(jsonText({ operation: plan.operation, status: outcome.kind, message: outcome.message }));
    else io.err(`okf-wiki: ${plan.operation} not written: ${outcome.message}\n`);
    return 2;
  }
  if (flags.json) io.out(jsonText({ ...planJson(plan, true), written: outcome.written, refreshed: outcome.refreshed }));
  else
    io.out(
      renderPlan(plan, true) +
        (outcome.refreshed ? 'Updated wiki.db and the generated files; logged in log.md.\n' : ''),
    );
  return 0;
}

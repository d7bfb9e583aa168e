// What the authoring commands (relate, supersede, file-back, vocabulary) and the MCP server share on Node: the
// bundle settings, the commit environment (write, log, reindex) and how a plan is reported and exits.
import { commitPlan, type CommitEnvironment, type CommitOutcome } from '../../core/author/commit';
import { planJson, renderPlan } from '../../core/author/render-plan';
import type { AuthorPlan, ChangePlan } from '../../core/author/types';
import type { BundleConfig } from '../../core/config/bundle-config';
import { loadBundleConfig } from '../../core/lint/run-lint';
import type { Clock } from '../../core/types';
import type { Flags } from '../args';
import type { FsBundle } from '../fs-bundle';
import type { CliIo } from '../io';
import { reindexBundle } from './reindex';

/** The actor stamped on what the command line writes when `--by` is not given (OKF §7 actor convention). */
export const DEFAULT_CLI_ACTOR = 'human:cli';

/** okf-wiki.json of the bundle; its problems are shown on stderr (lint reports them as findings too). */
export async function bundleConfig(bundle: FsBundle, io: CliIo): Promise<BundleConfig> {
  const { config, diagnostics } = await loadBundleConfig(bundle);
  for (const d of diagnostics) io.err(`note: ${d.path}: ${d.message}\n`);
  return config;
}

/** Commits a concept edit in a bundle folder: atomic writes, one log.md entry, then a full reindex. */
export function commitInFolder(bundle: FsBundle, io: CliIo, flags: Flags, clock: Clock, actor: string): (plan: ChangePlan) => Promise<CommitOutcome> {
  return (plan) => commitPlan(plan, fsCommitEnvironment(bundle, io, flags, clock, actor));
}

/** How a Node shell commits a plan in a bundle folder; `flags` carry the reindex settings (--no-embed, --ollama, …). */
export function fsCommitEnvironment(bundle: FsBundle, io: CliIo, flags: Flags, clock: Clock, actor: string): CommitEnvironment {
  return {
    source: bundle,
    writer: bundle,
    clock,
    actor,
    // TODO(issue 8): append one log.md entry with the log generator of src/core/generate once it lands.
    reindex: async () => {
      const { index } = await reindexBundle(bundle, io, true, flags);
      index.close();
    },
  };
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
  if (flags.json) io.out(JSON.stringify({ ...planJson(plan, true), written: outcome.written, logged: outcome.logged, reindexed: outcome.reindexed }, null, 2) + '\n');
  else io.out(renderPlan(plan, true) + (outcome.logged ? 'Logged in log.md.\n' : '') + (outcome.reindexed ? 'Reindexed wiki.db and the generated files.\n' : ''));
  return 0;
}

// How a Node shell (the CLI's authoring commands, the MCP server) commits a plan in a bundle folder: the writes,
// the intent record, then the index, the generated files and one log.md entry through the engine session.
import { logLine, type AuthorLogEntry, type CommitEnvironment } from '../core/author/commit';
import type { ChangePlan } from '../core/author/types';
import { WikiSession, type EmbeddingChoice } from '../core/engine/session';
import type { Clock } from '../core/types';
import type { Notes } from './folder-bundle';
import type { FsBundle } from './fs-bundle';
import { fsSessionEnv } from './index-store';
import { fsPlanJournal } from './pending-writes';

/**
 * The commit environment of a bundle folder (call holding the write lock): each file re-checked right before it
 * is replaced, a new page created exclusively, an intent record kept while two files are written. `embedding`
 * embeds the changed concepts; `live` is a session the shell keeps open (the MCP server), otherwise one is
 * opened for the refresh.
 */
export function fsCommitEnvironment(
  bundle: FsBundle,
  io: Notes,
  embedding: EmbeddingChoice,
  clock: Clock,
  actor: string,
  live?: () => Promise<WikiSession>,
): CommitEnvironment {
  const entryOf = (plan: ChangePlan) =>
    logLine({
      at: clock.now(),
      actor,
      operation: plan.operation,
      summary: plan.summary,
      paths: plan.changes.map((c) => c.path),
    });
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
  io: Notes,
  embedding: EmbeddingChoice,
  clock: Clock,
  entry: AuthorLogEntry,
  live: (() => Promise<WikiSession>) | undefined,
): Promise<void> {
  const session = live ? await live() : await WikiSession.open(fsSessionEnv(bundle, clock, 'okf-wiki'));
  try {
    await session.afterEdit(entry, embedding, (message) =>
      io.err(`note: ${message} Lexical signals (exact title, BM25) still work.\n`),
    );
  } finally {
    if (!live) await session.close();
  }
}

// The wiki as a Model Context Protocol server (issue 8): any agent harness can query the bundle (`context_for`,
// `lint`) and maintain it under the hard rules (`relate`, `supersede`, `file_back`), through the same core calls
// as the command line, so an agent and `okf-wiki context` see the same text. Writes run one at a time.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { commitPlan } from '../core/author/commit';
import { planFileBack } from '../core/author/file-back';
import { planRelate } from '../core/author/relate';
import { renderPlan } from '../core/author/render-plan';
import { planSupersede } from '../core/author/supersede';
import type { AuthorPlan } from '../core/author/types';
import type { EmbeddingChoice, WikiSession } from '../core/engine/session';
import { renderLintReport } from '../core/lint/render-report';
import { loadBundleConfig } from '../core/config/load-bundle-config';
import { conceptNotesOf } from '../core/render/concept-notes';
import { renderMermaid } from '../core/render/mermaid';
import { todayOf, type Clock } from '../core/types';
import { fsCommitEnvironment } from '../node/commit-environment';
import type { FsBundle } from '../node/fs-bundle';
import type { Notes } from '../node/folder-bundle';
import { underWriteLock } from '../node/write-session';
import { bundleThresholds, type ThresholdSettings } from '../node/bundle-thresholds';
import { LiveSession } from './live-session';

/** What the server needs: the bundle and the settings `okf-wiki mcp` was started with. */
export interface WikiServerOptions {
  readonly bundle: FsBundle;
  /** Notes go to `io.err` (stderr); stdout belongs to the protocol. */
  readonly io: Notes;
  readonly clock: Clock;
  readonly embedding: EmbeddingChoice;
  /** Token budget of `context_for` when the call gives none (the CLI's `--budget` default). */
  readonly budget: number;
  /** Actor stamped on writes when a call gives no `by` (OKF §7 actor convention). */
  readonly actor: string;
  readonly version: string;
  /** How concepts changed by a write are embedded (a longer timeout than a question's). */
  readonly indexEmbedding: EmbeddingChoice;
  /** Thresholds set explicitly when the server was started (they win over okf-wiki.json and the calibration). */
  readonly thresholds?: ThresholdSettings;
  /** Follow the bundle with a file watcher (default); false catches up by a stat of every file before each call. */
  readonly follow?: boolean;
  /** Milliseconds for the pause before a failed wiki.db write is tried again (default `Date.now`; tests step it). */
  readonly retryTime?: () => number;
}

/** "The bundle folder … is gone (moved or deleted)", nothing read or written: the start of a tool's answer. */
function goneSentence(gone: string): string {
  return `${gone.charAt(0).toUpperCase()}${gone.slice(1)}: nothing was read or written`;
}

/** The tool names, in the order they are registered. */
export const WIKI_TOOLS = ['context_for', 'lint', 'relate', 'supersede', 'file_back'] as const;

const text = (body: string, isError = false): CallToolResult => ({
  content: [{ type: 'text', text: body }],
  ...(isError ? { isError: true } : {}),
});

const writeFields = {
  dry_run: z.boolean().optional().describe('Only preview: return the diff, write nothing.'),
  by: z
    .string()
    .optional()
    .describe('Who is making the change, e.g. "agent:claude" (OKF actor convention); recorded in log.md.'),
};

/** Builds the server; connect it to a transport (stdio, or in-memory in tests). */
export function createWikiServer(options: WikiServerOptions): McpServer {
  const { bundle, io, clock } = options;
  const server = new McpServer({ name: 'okf-wiki', version: options.version });
  let writing: Promise<unknown> = Promise.resolve();
  /** Runs calls one after another, so a call never uses the live index while another changes it. */
  const inOrder = <T>(work: () => Promise<T>): Promise<T> => {
    const next = writing.then(work, work);
    writing = next.catch(() => undefined);
    return next;
  };
  /**
   * Every call first checks that the bundle folder is still the one the server opened: moved or deleted, a question
   * would get "No confident match" and a write would create a new bundle where the wiki was (review rv-qa 2).
   */
  const whenThere = (work: () => Promise<CallToolResult>): Promise<CallToolResult> =>
    inOrder(() => {
      const gone = bundle.gone();
      if (gone === undefined) return work();
      return Promise.resolve(text(`${goneSentence(gone)}; restart the server on its new place.\n`, true));
    });
  const live = new LiveSession(bundle, io, clock, inOrder, options.follow ?? true, options.retryTime);
  const session = (): Promise<WikiSession> => live.current();
  // The watcher and the index go with the server, however it is closed (stdio's end, a client closing), through
  // the queue: a call or a watched batch being applied and saved finishes first, so wiki.db keeps it. Every step
  // in the queue is bounded (the write lock's wait, the embedder's timeout), so the close cannot wait forever.
  const close = server.close.bind(server);
  server.close = async () => {
    await inOrder(() => live.close());
    await close();
  };
  server.server.onclose = () => void inOrder(() => live.close());
  /**
   * Runs write operations in that order, each holding the bundle's write lock (shared with the CLI), so two
   * calls, or a call and a CLI command, never edit the same file at once.
   */
  const serialized = (work: () => Promise<CallToolResult>): Promise<CallToolResult> =>
    whenThere(() => underWriteLock(bundle, io, 'okf-wiki mcp', clock, work));
  const finish = (plan: AuthorPlan, dryRun: boolean | undefined, by: string | undefined): Promise<CallToolResult> => {
    if (plan.kind !== 'change' || dryRun)
      return Promise.resolve(text(renderPlan(plan, false), plan.kind === 'refused'));
    return commitPlan(
      plan,
      fsCommitEnvironment(bundle, io, options.indexEmbedding, clock, by?.trim() || options.actor, () => live.forEdit()),
    ).then((outcome) =>
      outcome.kind === 'committed'
        ? text(renderPlan(plan, true))
        : text(`Not written (${outcome.kind}): ${outcome.message}\n`, true),
    );
  };

  server.registerTool(
    'context_for',
    {
      title: 'Context for a question',
      description:
        'The bounded, trust-ranked slice of the wiki for a question (spec §6): ' +
        'fact lines and background prose to put in your context, or an ' +
        'explicit "no confident match". Same text as `okf-wiki context`.',
      inputSchema: z.strictObject({
        question: z.string().min(1).describe('The question, in natural language.'),
        budget: z
          .number()
          .int()
          .positive()
          .optional()
          .describe(`Token budget of the block (default ${options.budget}).`),
        json: z
          .boolean()
          .optional()
          .describe('Return the structured result (seeds, facts, background) as JSON instead of the text block.'),
        format: z
          .enum(['text', 'json', 'mermaid'])
          .optional()
          .describe(
            'text (default), json (as `json: true`), or mermaid: the answer as a ' +
              'Mermaid flowchart (wrap it in a ```mermaid fence to show it in a note).',
          ),
      }),
      annotations: { readOnlyHint: true },
    },
    ({ question, budget, json, format }) =>
      whenThere(async () => {
        // Two answers asked for: one silently won (QA2 F22).
        if (json === true && format !== undefined && format !== 'json')
          return text(
            `\`json: true\` and \`format: "${format}"\` ask for different answers; give one of them.\n`,
            true,
          );
        const thresholds = await bundleThresholds(bundle, io);
        const current = await session();
        const result = await live.answer((s) =>
          s.answerWith(question, options.embedding, {
            budget: budget ?? options.budget,
            ...options.thresholds,
            bundleThresholds: thresholds,
          }),
        );
        if (format === 'mermaid')
          return text(renderMermaid(result, { notes: conceptNotesOf(current.index, todayOf(clock)) }));
        return text(json || format === 'json' ? JSON.stringify(result, null, 2) : result.text);
      }),
  );

  server.registerTool(
    'lint',
    {
      title: 'Lint the wiki',
      description:
        'Every integrity check (spec §7.3, §7.6, §7.7): broken targets, ' +
        'asymmetric relations and supersessions, cycles, stale concepts, ' +
        'predicate drift. Detects only; never rewrites.',
      inputSchema: z.strictObject({}),
      annotations: { readOnlyHint: true },
    },
    () =>
      whenThere(async () => {
        const current = await session();
        return text(renderLintReport(await current.lint(), { concepts: current.index.stats().concepts }));
      }),
  );

  server.registerTool(
    'relate',
    {
      title: 'Relate two concepts (both directions)',
      description:
        'Adds `{predicate, object}` to the subject and the inverse predicate ' +
        'back to the object in one step (spec §7.1 hard rule); the inverse ' +
        'comes from `inverse` or okf-wiki.json. Refuses rather than write ' +
        'half. Then reindexes and logs.',
      inputSchema: z.strictObject({
        subject: z
          .string()
          .describe('Subject concept path, e.g. "entities/marc-andreessen" or "/entities/marc-andreessen.md".'),
        predicate: z.string().describe('Predicate in snake_case, e.g. "founded".'),
        object: z.string().describe('Object concept path.'),
        inverse: z
          .string()
          .optional()
          .describe('Predicate asserted back on the object, when okf-wiki.json declares none.'),
        date: z.string().optional().describe('ISO 8601 date qualifying the fact, e.g. "1994-04-04".'),
        source: z.string().optional().describe('A `sources[].id` of the subject citing the fact.'),
        ...writeFields,
      }),
      annotations: { destructiveHint: false, idempotentHint: true },
    },
    ({ subject, predicate, object, inverse, date, source, dry_run, by }) =>
      serialized(async () => {
        const { config } = await loadBundleConfig(bundle);
        const request = {
          subject,
          predicate,
          object,
          ...(inverse !== undefined ? { inverse } : {}),
          ...(date !== undefined ? { date } : {}),
          ...(source !== undefined ? { source } : {}),
          by: by?.trim() || options.actor,
        };
        return finish(await planRelate(bundle, request, config), dry_run, by);
      }),
  );

  server.registerTool(
    'supersede',
    {
      title: 'Supersede a concept',
      description:
        'Records that NEW replaces OLD (spec §7.7): `status: superseded`, ' +
        "`superseded_by`, `superseded_at` on OLD and OLD appended to NEW's " +
        '`supersedes`, in one step. Refuses a cycle or a second successor. ' +
        'Then reindexes and logs.',
      inputSchema: z.strictObject({
        old: z.string().describe('The outdated concept path.'),
        new: z.string().describe('The concept that replaces it.'),
        at: z.string().optional().describe('ISO 8601 date OLD stopped being current, e.g. "1993-01-20".'),
        ...writeFields,
      }),
      annotations: { destructiveHint: false, idempotentHint: true },
    },
    ({ old, new: successor, at, dry_run, by }) =>
      serialized(async () =>
        finish(
          await planSupersede(bundle, {
            old,
            new: successor,
            ...(at !== undefined ? { at } : {}),
            by: by?.trim() || options.actor,
            today: todayOf(clock),
          }),
          dry_run,
          by,
        ),
      ),
  );

  server.registerTool(
    'file_back',
    {
      title: 'File an answer back as a concept page',
      description:
        'Creates a new Concept page (spec §7.2) from a synthesized answer ' +
        'worth keeping, with `generated {by, at}` and a safe file name from ' +
        'the title; never overwrites a page. Then reindexes and logs.',
      inputSchema: z.strictObject({
        title: z.string().describe('Page title; the file name is derived from it.'),
        body: z.string().describe('Markdown body (no frontmatter). Link concepts with [Title](/entities/x.md).'),
        type: z.string().optional().describe('OKF type (default "Concept").'),
        description: z.string().optional().describe('One sentence describing the page.'),
        tags: z.array(z.string()).optional().describe('Lowercase tags.'),
        ...writeFields,
      }),
      annotations: { destructiveHint: false },
    },
    ({ title, body, type, description, tags, dry_run, by }) =>
      serialized(async () => {
        const actor = by?.trim() || options.actor;
        const request = {
          title,
          body,
          by: actor,
          ...(type !== undefined ? { type } : {}),
          ...(description !== undefined ? { description } : {}),
          ...(tags !== undefined ? { tags } : {}),
        };
        return finish(await planFileBack(bundle, request, clock), dry_run, actor);
      }),
  );

  return server;
}

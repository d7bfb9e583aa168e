// Every CLI command, in the order the usage text lists them. Add a command here and nowhere else.
import type { CliCommand } from '../command';
import { contextCommand } from './context';
import { demoCommand } from './demo';
import { evaluateCommand } from './evaluate';
import { fileBackCommand } from './file-back';
import { keywordsCommand } from './keywords';
import { lintCommand } from './lint';
import { rebuildCandidatesCommand } from './rebuild-candidates';
import { reindexCommand } from './reindex';
import { timelineCommand } from './timeline';
import { relateCommand } from './relate';
import { supersedeCommand } from './supersede';
import { vocabularyCommand } from './vocabulary';

export const COMMANDS: readonly CliCommand[] = [
  {
    name: 'reindex',
    args: '',
    summary: 'rebuild wiki.db (and the generated files) from every concept file',
    run: reindexCommand,
  },
  {
    name: 'context',
    args: '"QUESTION" [--budget N] [--today DATE] [--format text|json|mermaid]',
    summary: 'print the context block for a question (--json: structured; --format mermaid: a flowchart)',
    run: contextCommand,
  },
  {
    name: 'lint',
    args: '[--today DATE]',
    summary: 'run every integrity check; exit 1 when an error-severity finding exists',
    run: lintCommand,
  },
  {
    name: 'timeline',
    args: '',
    summary: 'regenerate timeline.md from every date-qualified relation',
    run: timelineCommand,
  },
  {
    name: 'keywords',
    args: '',
    summary: 'regenerate wiki-trigger-keywords.txt (concept titles and tags)',
    run: keywordsCommand,
  },
  {
    name: 'rebuild-candidates',
    args: '',
    summary: 'list ingest-derived concepts (sources cite references/), from wiki.db',
    run: rebuildCandidatesCommand,
  },
  {
    name: 'evaluate',
    args: '[--set FILE] [--sweep [--sections S] [--apply]] [--disable-signal S] [--update-baseline]',
    summary: 'run the labeled question set; exit 1 when it falls below the baseline',
    run: evaluateCommand,
  },
  {
    name: 'relate',
    args: 'SUBJECT PREDICATE OBJECT [--inverse P] [--date D] [--source ID] [--by ACTOR] [--dry-run]',
    summary: 'add a relation to SUBJECT and its inverse to OBJECT in one step (--dry-run: diff only)',
    dryRun: true,
    run: relateCommand,
  },
  {
    name: 'supersede',
    args: 'OLD NEW [--at DATE] [--today DATE] [--by ACTOR] [--dry-run]',
    summary: 'mark OLD superseded by NEW on both files, refusing a cycle (--dry-run: diff only)',
    dryRun: true,
    run: supersedeCommand,
  },
  {
    name: 'file-back',
    args: '--title T --body-file F [--type T] [--description D] [--by ACTOR] [--dry-run]',
    summary: 'file an answer back as a new concept page, never overwriting (--dry-run: preview)',
    dryRun: true,
    run: fileBackCommand,
  },
  {
    name: 'vocabulary',
    args: '[--dry-run]',
    summary: 'write the predicate vocabulary (counts, inverses, examples) into AGENTS.md (--dry-run: diff only)',
    dryRun: true,
    run: vocabularyCommand,
  },
  {
    name: 'mcp',
    args: '',
    summary: 'serve the wiki to agents over MCP on stdio (context_for, lint, relate, supersede, file_back)',
    // Loaded when run: every other command starts without the MCP SDK and zod, which the CLI's build keeps in a file
    // of their own, dist/mcp-vendor.cjs (build/mcp-vendor.mjs: they were half of the bundle every command reads).
    run: async (flags, io) => (await import('./mcp')).mcpCommand(flags, io),
  },
  {
    name: 'demo',
    args: '["QUESTION"]',
    summary: 'reindex a temporary copy of a bundle, show what it holds and answer QUESTION or a few samples',
    run: demoCommand,
  },
];

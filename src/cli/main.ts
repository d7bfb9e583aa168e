// `okf-wiki`: the command line over the same core as the Obsidian plugin (ARCHITECTURE.md, "The command line").
import { FLAG_VALUE_HINT, parseCommandLine, UsageError } from './args';
import { COMMANDS } from './commands/index';
import { InputError } from './input-error';
import { processIo, type CliIo } from './io';

/** The usage text, built from the command table. */
export function usage(): string {
  const lines = COMMANDS.map((c) => `  ${`${c.name} ${c.args}`.trim()}\n      ${c.summary}`);
  return `Usage: okf-wiki <command> [--bundle DIR] [--json]

Commands:
${lines.join('\n')}

Shared flags:
  --bundle DIR         the bundle folder (default: the current folder)
  --json               print structured output
  --no-embed           lexical signals only (no Ollama)
  --ollama URL         Ollama host (default http://127.0.0.1:11434)
  --model NAME         embedding model (default nomic-embed-text)
  --timeout SECONDS    per Ollama request (default 10 for a question, 30 for indexing)
  --today YYYY-MM-DD   the date stale_after is checked against (default: today)
  -h, --help           show this help

Exit codes: 0 success, 1 findings or regression, 2 bad usage, refused or invalid input, or an unreadable
bundle, 130 stopped by Ctrl-C.
`;
}

/** `--dry-run` on a command that cannot preview: one line naming both, nothing written (exit 2). */
function dryRunRefused(command: string): InputError {
  const takers = COMMANDS.filter((c) => c.dryRun).map((c) => c.name);
  const list = `${takers.slice(0, -1).join(', ')} and ${takers[takers.length - 1]}`;
  return new InputError(
    `${command} does not take --dry-run (only ${list} preview a change); nothing was written`,
    FLAG_VALUE_HINT,
  );
}

/** Runs the CLI; resolves to the exit code. Never throws. */
export async function run(argv: readonly string[], io: CliIo = processIo): Promise<number> {
  try {
    const { command, positionals, flags } = parseCommandLine(argv);
    if (flags.help || command === 'help') {
      io.out(usage());
      return 0;
    }
    if (command === undefined) throw new UsageError('no command given');
    const handler = COMMANDS.find((c) => c.name === command);
    if (!handler) throw new UsageError(`unknown command "${command}"`);
    // Accepted and ignored, it would write what the user asked only to preview (reindex, timeline, keywords did).
    if (flags['dry-run'] === true && !handler.dryRun) throw dryRunRefused(command);
    return await handler.run(flags, io, positionals);
  } catch (error) {
    // Not bad usage (a folder not there, a file to fix): the help would bury the one line that matters.
    if (error instanceof InputError) {
      io.err(`okf-wiki: ${error.message}\nhint: ${error.hint}\n`);
      return 2;
    }
    if (error instanceof UsageError) {
      io.err(`okf-wiki: ${error.message}\n\n${usage()}`);
      return 2;
    }
    // One line that says what went wrong (a file in the way, a permission); the stack only when asked for.
    const e = error as Error;
    io.err(`okf-wiki: ${e?.message ?? String(error)}\n`);
    if (process.env.OKF_WIKI_DEBUG) io.err(`${e?.stack ?? ''}\n`);
    return 2;
  }
}

// `okf-wiki`: the command line over the same core as the Obsidian plugin (ARCHITECTURE.md, "The command line").
import { parseCommandLine, UsageError, type Flags } from './args';
import { reindexCommand } from './commands/reindex';
import { demoCommand } from './commands/demo';
import { processIo, type CliIo } from './io';

type Command = (flags: Flags, io: CliIo, positionals: string[]) => Promise<number>;

const COMMANDS: Record<string, Command> = {
  reindex: reindexCommand,
  demo: demoCommand,
};

export const USAGE = `Usage: okf-wiki <command> [--bundle DIR] [--json]

Commands:
  reindex              rebuild wiki.db from every concept file and report problems
  demo                 reindex a bundle and show what it holds

Shared flags:
  --bundle DIR         the bundle folder (default: the current folder)
  --json               print structured output
  -h, --help           show this help

Exit codes: 0 success, 1 findings or regression, 2 bad usage or unreadable bundle.
`;

/** Runs the CLI; resolves to the exit code. Never throws. */
export async function run(argv: readonly string[], io: CliIo = processIo): Promise<number> {
  try {
    const { command, positionals, flags } = parseCommandLine(argv);
    if (flags.help || command === 'help') {
      io.out(USAGE);
      return 0;
    }
    if (command === undefined) throw new UsageError('no command given');
    const handler = COMMANDS[command];
    if (!handler) throw new UsageError(`unknown command "${command}"`);
    return await handler(flags, io, positionals);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`okf-wiki: ${error.message}\n\n${USAGE}`);
      return 2;
    }
    io.err(`okf-wiki: ${(error as Error).stack ?? String(error)}\n`);
    return 2;
  }
}

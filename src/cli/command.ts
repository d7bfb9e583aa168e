// The shape of one CLI command; src/cli/commands/index.ts lists them all.
import type { Flags } from './args';
import type { CliIo } from './io';

export interface CliCommand {
  readonly name: string;
  /** Arguments after the name, for the usage text, e.g. `"QUESTION" [--budget N]`. */
  readonly args: string;
  /** One line for the usage text. */
  readonly summary: string;
  /** Takes `--dry-run` (prints what would change, writes nothing); every other command refuses the flag. */
  readonly dryRun?: true;
  /** Resolves to the exit code (0 success, 1 findings/regression, 2 usage). Throws UsageError for bad usage. */
  run(flags: Flags, io: CliIo, positionals: string[]): Promise<number>;
}

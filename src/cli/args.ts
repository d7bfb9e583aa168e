// Argument parsing for `okf-wiki`: one table of flags, strict (an unknown flag is a usage error, exit 2).
import { parseArgs } from 'node:util';
import { InputError } from './input-error';

/** Thrown for bad usage; the CLI prints the message and the usage text and exits 2. */
export class UsageError extends Error {}

/** Where a bad flag value sends the reader, instead of the whole help. */
export const FLAG_VALUE_HINT = 'okf-wiki --help lists the commands and the flags each takes';

/**
 * A flag given a value it does not take (`--budget abc`): exit 2 as bad usage, but one line naming the flag and the
 * value (quoted as JSON: a control character shows, and cannot break the line) and a hint to --help, instead of the
 * whole help burying the line that matters (as InputError, input-error.ts).
 */
export class FlagValueError extends InputError {
  constructor(flag: string, value: string, expected: string) {
    super(`--${flag} ${expected}, got ${JSON.stringify(value)}`, FLAG_VALUE_HINT);
  }
}

export const FLAGS = {
  bundle: { type: 'string' },
  json: { type: 'boolean' },
  format: { type: 'string' },
  budget: { type: 'string' },
  'no-embed': { type: 'boolean' },
  ollama: { type: 'string' },
  model: { type: 'string' },
  timeout: { type: 'string' },
  set: { type: 'string' },
  sweep: { type: 'boolean' },
  sections: { type: 'string' },
  'disable-signal': { type: 'string' },
  'update-baseline': { type: 'boolean' },
  'coverage-weighting': { type: 'string' },
  'coverage-threshold': { type: 'string' },
  'vector-threshold': { type: 'string' },
  apply: { type: 'boolean' },
  today: { type: 'string' },
  inverse: { type: 'string' },
  date: { type: 'string' },
  source: { type: 'string' },
  at: { type: 'string' },
  'dry-run': { type: 'boolean' },
  title: { type: 'string' },
  type: { type: 'string' },
  description: { type: 'string' },
  'body-file': { type: 'string' },
  by: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export type Flags = {
  bundle?: string;
  json?: boolean;
  format?: string;
  budget?: string;
  'no-embed'?: boolean;
  ollama?: string;
  model?: string;
  timeout?: string;
  set?: string;
  sweep?: boolean;
  sections?: string;
  'disable-signal'?: string;
  'update-baseline'?: boolean;
  'coverage-weighting'?: string;
  'coverage-threshold'?: string;
  'vector-threshold'?: string;
  apply?: boolean;
  today?: string;
  inverse?: string;
  date?: string;
  source?: string;
  at?: string;
  'dry-run'?: boolean;
  title?: string;
  type?: string;
  description?: string;
  'body-file'?: string;
  by?: string;
  help?: boolean;
};

/** Splits argv into a command, its positional arguments, and flags. */
export function parseCommandLine(argv: readonly string[]): {
  command: string | undefined;
  positionals: string[];
  flags: Flags;
} {
  try {
    const { values, positionals } = parseArgs({
      args: negativeValuesJoined(argv),
      options: FLAGS,
      allowPositionals: true,
      strict: true,
    });
    return { command: positionals[0], positionals: positionals.slice(1), flags: values };
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/**
 * `--budget -5` as `--budget=-5`: parseArgs takes a value starting with a dash for a forgotten one ("argument is
 * ambiguous", then the whole help), but a negative number is a value, which the flag's own check then refuses by
 * name. No flag is named like a number, so nothing else changes; nothing after `--` is touched.
 */
function negativeValuesJoined(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') return [...out, ...argv.slice(i)];
    const flag = arg.startsWith('--') ? (FLAGS as Record<string, { type: string }>)[arg.slice(2)] : undefined;
    const next = argv[i + 1];
    if (flag?.type === 'string' && next !== undefined && /^-\.?\d/.test(next)) out.push(`${arg}=${argv[++i]}`);
    else out.push(arg);
  }
  return out;
}

/** A positive integer flag, or a FlagValueError naming the flag and the value. */
export function intFlag(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new FlagValueError(name, value, 'must be a positive whole number');
  return n;
}

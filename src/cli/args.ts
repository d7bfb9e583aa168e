// Argument parsing for `okf-wiki`: one table of flags, strict (an unknown flag is a usage error, exit 2).
import { parseArgs } from 'node:util';

/** Thrown for bad usage; the CLI prints the message and the usage text and exits 2. */
export class UsageError extends Error {}

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
      args: [...argv],
      options: FLAGS,
      allowPositionals: true,
      strict: true,
    });
    return { command: positionals[0], positionals: positionals.slice(1), flags: values };
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** A positive integer flag, or a usage error naming the flag. */
export function intFlag(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new UsageError(`--${name} must be a positive whole number, got "${value}"`);
  return n;
}

// Where the CLI writes: the process streams in real use, buffers in tests.
import { terminalSafeJson } from '../core/okf/controls';

export interface CliIo {
  /** Writes to standard output (a newline is not added). */
  out(text: string): void;
  /** Writes to standard error (a newline is not added). */
  err(text: string): void;
  /** The folder `--bundle` is resolved against. */
  readonly cwd: string;
}

export const processIo: CliIo = {
  out: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text),
  cwd: process.cwd(),
};

/** Formats a count with thousands separators (`1,000`), as `toLocaleString('en-US')` does. */
export function fmt(n: number): string {
  // Integers grouped here: the first toLocaleString of a process loads ICU's number formatting (~25 ms of CPU, paid
  // by every command that prints a count). Anything else (a fraction, -0, beyond 2^53) keeps toLocaleString.
  if (!Number.isSafeInteger(n) || Object.is(n, -0)) return n.toLocaleString('en-US');
  const digits = String(Math.abs(n));
  let out = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let i = out.length; i < digits.length; i += 3) out += ',' + digits.slice(i, i + 3);
  return n < 0 ? '-' + out : out;
}

/** `1 concept`, `2 concepts`, `1,000 files`: a count and its noun, plural unless the count is 1. */
export function counted(n: number, noun: string, plural = noun + 's'): string {
  return `${fmt(n)} ${n === 1 ? noun : plural}`;
}

/**
 * `--json` output: `value` as JSON indented by two, a newline after it, with DEL and the C1 controls escaped as JSON
 * escapes C0 (`\u009b`): a concept file's text reaches a terminal as JSON too, and those are still controls there.
 * `JSON.parse` gives the same value back.
 */
export function jsonText(value: unknown): string {
  return terminalSafeJson(JSON.stringify(value, null, 2)) + '\n';
}

// Where the CLI writes: the process streams in real use, buffers in tests.

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

/** Formats a count with thousands separators (`1,000`). */
export function fmt(n: number): string {
  return n.toLocaleString('en-US');
}

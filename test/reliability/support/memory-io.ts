// A CliIo that keeps stdout and stderr in strings, for driving `run(argv, io)` in-process.
import type { CliIo } from '../../../src/cli/io';

export interface MemoryIo extends CliIo {
  readonly stdout: () => string;
  readonly stderr: () => string;
}

export function memoryIo(cwd: string): MemoryIo {
  let out = '';
  let err = '';
  return {
    cwd,
    out: (text) => void (out += text),
    err: (text) => void (err += text),
    stdout: () => out,
    stderr: () => err,
  };
}

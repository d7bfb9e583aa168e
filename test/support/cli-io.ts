// The one CliIo of the tests: stdout and stderr kept in strings, for driving `run(argv, io)` and the MCP server
// in-process.
import type { CliIo } from '../../src/cli/io';
import { REPO_ROOT } from './temp-dir';

export interface BufferIo extends CliIo {
  readonly stdout: () => string;
  readonly stderr: () => string;
}

/** A CliIo writing into strings; `--bundle` resolves against `cwd` (the repository root unless given). */
export function bufferIo(cwd: string = REPO_ROOT): BufferIo {
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

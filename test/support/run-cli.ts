// Runs the okf-wiki CLI in-process with captured streams: the same code path as the binary, minus the process.
import { run } from '../../src/cli/main';
import { bufferIo } from './cli-io';

export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** `okf-wiki ...args`, resolved against `cwd`. */
export async function runCli(args: readonly string[], cwd: string): Promise<CliRun> {
  const io = bufferIo(cwd);
  const code = await run(args, io);
  return { code, stdout: io.stdout(), stderr: io.stderr() };
}

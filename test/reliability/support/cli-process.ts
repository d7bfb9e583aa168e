// The CLI as a separate Node process, bundled from the same entry as `esbuild.config.mjs cli` but in one file (SQLite's
// WASM inlined and the MCP libraries inside, where the real build puts them beside it), into a temporary folder. For
// faults that need a real process: a crash (SIGKILL) mid-write, wall-clock limits measured outside jest (whose
// sandboxed `Math` runs hashing loops ~100x slower than Node does).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import * as nodePath from 'node:path';
import { build } from 'esbuild';

const REPO = nodePath.resolve(__dirname, '..', '..', '..');

export interface CliProcessResult {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly ms: number;
}

export interface BuiltCli {
  /** The script that runs the bundled CLI: `node ENTRY ARGS` (for harnesses that spawn it themselves). */
  readonly entry: string;
  /**
   * Runs `okf-wiki ARGS`; `preload` is a CommonJS file required first (to inject a fault); `env` added to the
   * environment (a test's `process.env` is jest's copy: the child never sees what a test sets there).
   */
  run(
    args: readonly string[],
    options?: { timeoutMs?: number; preload?: string; cwd?: string; env?: Record<string, string> },
  ): Promise<CliProcessResult>;
  /** Writes a preload script into the build folder and returns its path. */
  preload(name: string, source: string): string;
  cleanup(): void;
}

/** Bundles src/cli/main.ts into a temporary folder. */
export async function buildCli(): Promise<BuiltCli> {
  const dir = mkdtempSync(nodePath.join(tmpdir(), 'okf-cli-build-'));
  const outfile = nodePath.join(dir, 'cli.cjs');
  await build({
    entryPoints: [nodePath.join(REPO, 'src', 'cli', 'main.ts')],
    outfile,
    bundle: true,
    format: 'cjs',
    target: 'es2020',
    platform: 'node',
    loader: { '.wasm': 'binary' },
    logLevel: 'error',
    external: [...builtinModules, ...builtinModules.map((m) => `node:${m}`), 'better-sqlite3'],
    plugins: [
      {
        name: 'sqlite-browser-build',
        setup(b) {
          b.onResolve({ filter: /^@sqlite\.org\/sqlite-wasm$/ }, () => ({
            path: nodePath.join(REPO, 'node_modules', '@sqlite.org', 'sqlite-wasm', 'dist', 'index.mjs'),
          }));
        },
      },
    ],
  });
  const entry = nodePath.join(dir, 'entry.cjs');
  writeFileSync(
    entry,
    `require(${JSON.stringify(outfile)}).run(process.argv.slice(2)).then((code) => { process.exitCode = code; });\n`,
  );
  return {
    entry,
    run(args, options = {}) {
      const started = Date.now();
      const nodeArgs = [...(options.preload ? ['-r', options.preload] : []), entry, ...args];
      return new Promise((resolve, reject) => {
        const child = spawn(process.execPath, nodeArgs, {
          cwd: options.cwd ?? dir,
          stdio: ['ignore', 'pipe', 'pipe'],
          ...(options.env ? { env: { ...process.env, ...options.env } } : {}),
        });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
        child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
        const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000);
        child.on('error', reject);
        child.on('close', (code, signal) => {
          clearTimeout(timer);
          resolve({ code, signal, stdout, stderr, ms: Date.now() - started });
        });
      });
    },
    preload(name, source) {
      const file = nodePath.join(dir, name);
      writeFileSync(file, source);
      return file;
    },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

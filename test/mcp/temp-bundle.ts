// A throwaway copy of a bundle on disk (fixtures and examples are never edited in place), and a buffer CliIo.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { CliIo } from '../../src/cli/io';

const REPO = path.resolve(__dirname, '..', '..');

/** Copies `relative` (from the repo root, e.g. `examples/computing-history`) to a temporary folder. */
export function tempBundle(relative: string): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'okf-author-'));
  cpSync(path.join(REPO, relative), dir, { recursive: true, filter: (src) => !/wiki\.db$|evaluate\.last\.json$/.test(src) });
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Every file under `dir` with its bytes as text, for byte-identical comparisons. */
export function snapshotFiles(dir: string, skip: RegExp = /wiki\.db$/): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const full = path.join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (!skip.test(full)) out.set(path.relative(dir, full), readFileSync(full, 'latin1'));
    }
  };
  walk(dir);
  return out;
}

/** A CliIo writing into strings. */
export function bufferIo(cwd: string = REPO): CliIo & { stdout: () => string; stderr: () => string } {
  let out = '';
  let err = '';
  return { out: (t) => void (out += t), err: (t) => void (err += t), cwd, stdout: () => out, stderr: () => err };
}

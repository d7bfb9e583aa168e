// Temporary folders for tests that touch the disk, and the one way to copy a bundle there (fixtures, examples and
// the real-world OKF bundles are never edited in place).
import {
  chmodSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import * as nodePath from 'node:path';

/** The repository root. */
export const REPO_ROOT = nodePath.resolve(__dirname, '..', '..');

/** The four real-world OKF bundles (Apache-2.0, see their README), kept in the repository as test fixtures. */
export const OKF_BUNDLES = nodePath.resolve(REPO_ROOT, 'test', 'fixtures', 'okf-bundles');

/** A fresh temporary folder; remove it with `removeTempDir`. */
export function makeTempDir(prefix = 'okf-test-'): string {
  return mkdtempSync(nodePath.join(tmpdir(), prefix));
}

export function removeTempDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** Writes `files` (bundle paths → text) under `dir`, creating folders. */
export function writeTree(dir: string, files: Readonly<Record<string, string>>): void {
  for (const [path, text] of Object.entries(files)) {
    const full = nodePath.join(dir, ...path.split('/').filter(Boolean));
    mkdirSync(nodePath.dirname(full), { recursive: true });
    writeFileSync(full, text);
  }
}

/** What a copy of a bundle leaves out when asked to: the caches earlier runs wrote beside the notes. */
export const CACHES = /wiki\.db$|evaluate\.last\.json$/;

/**
 * Copies the folder `from` to `to` and makes the copy writable (the originals may be read-only); `skip` leaves matching
 * paths out.
 */
export function copyTree(from: string, to: string, skip?: RegExp): string {
  cpSync(from, to, { recursive: true, ...(skip ? { filter: (src: string) => !skip.test(src) } : {}) });
  const makeWritable = (p: string): void => {
    const stat = statSync(p);
    chmodSync(p, stat.mode | 0o200);
    if (stat.isDirectory()) for (const name of readdirSync(p)) makeWritable(nodePath.join(p, name));
  };
  makeWritable(to);
  return to;
}

/** Copies a folder into `into` (keeping its name), writable. */
export function copyWritable(from: string, into: string): string {
  return copyTree(from, nodePath.join(into, nodePath.basename(from)));
}

/** A throwaway copy of `relative` (from the repository root, e.g. `examples/computing-history`), caches left out. */
export function tempBundle(relative: string): { dir: string; cleanup: () => void } {
  const dir = makeTempDir('okf-bundle-');
  copyTree(nodePath.join(REPO_ROOT, relative), dir, CACHES);
  return { dir, cleanup: () => removeTempDir(dir) };
}

/** Every file under `dir` with its bytes as text, for byte-identical comparisons. */
export function snapshotFiles(dir: string, skip: RegExp = /wiki\.db$/): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const full = nodePath.join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (!skip.test(full)) out.set(nodePath.relative(dir, full), readFileSync(full, 'latin1'));
    }
  };
  walk(dir);
  return out;
}

/** Every file under `dir`, as sorted bundle paths (`/a/b.md`). */
export function listTree(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string, prefix: string): void => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(nodePath.join(d, entry.name), `${prefix}/${entry.name}`);
      else out.push(`${prefix}/${entry.name}`);
    }
  };
  walk(dir, '');
  return out.sort();
}

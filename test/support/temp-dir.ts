// Temporary folders for tests that touch the disk, and copies of the real-world OKF bundle fixtures (never edited in place).
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
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

/** Copies a folder into `into` and makes the copy writable (the shared originals are read-only). */
export function copyWritable(from: string, into: string): string {
  const target = nodePath.join(into, nodePath.basename(from));
  cpSync(from, target, { recursive: true });
  const makeWritable = (p: string): void => {
    const stat = statSync(p);
    chmodSync(p, stat.mode | 0o200);
    if (stat.isDirectory()) for (const name of readdirSync(p)) makeWritable(nodePath.join(p, name));
  };
  makeWritable(target);
  return target;
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

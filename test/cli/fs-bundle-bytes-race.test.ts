// FsBundle.readBytes and openBytes (wiki.db, the files an interrupted write completes) read only a file inside the
// bundle, judged on the file actually opened, as FsBundle.read: a folder swapped for a link leading out between a
// check and the read (another process racing, or the gap between openBytes and its later readInto) is refused, never
// read. The single swaps run in both modes, as the read-link tests: where /proc names the opened file, and where it
// does not. The racing process only where /proc does (Linux): without it, every check is by path, and a folder
// swapped out, back and out again between them is not excluded (docs/ARCHITECTURE.md, "Reading a concept file").
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import { FsBundle, type FsBundleOptions } from '../../src/node/fs-bundle';
import { makeTempDir, removeTempDir } from '../support/temp-dir';

let tmp: string;
let root: string;
let outside: string;

/** Same size inside and outside, so no size check tells them apart: only where the bytes came from. */
const INSIDE = 'inside bytes, 32 bytes long....\n';
const OUTSIDE = 'OUTSIDE SECRET, 32 bytes long..\n';

beforeEach(() => {
  tmp = makeTempDir('okf-fs-bundle-bytes-');
  root = nodePath.join(tmp, 'bundle');
  outside = nodePath.join(tmp, 'outside');
  mkdirSync(nodePath.join(root, 'dir'), { recursive: true });
  mkdirSync(nodePath.join(outside, 'dir'), { recursive: true });
  writeFileSync(nodePath.join(root, 'dir', 'wiki.db'), INSIDE);
  writeFileSync(nodePath.join(outside, 'dir', 'wiki.db'), OUTSIDE);
});
afterEach(() => removeTempDir(tmp));

const text = (bytes: Uint8Array | undefined) => (bytes === undefined ? undefined : Buffer.from(bytes).toString());

/** Puts a link to the outside folder where the bundle's `dir` was (the real folder parked beside the bundle). */
function swapDirForLink(): void {
  renameSync(nodePath.join(root, 'dir'), nodePath.join(tmp, 'parked'));
  symlinkSync(nodePath.join(outside, 'dir'), nodePath.join(root, 'dir'));
}

/**
 * Another process swapping the bundle's `dir` for a link to the outside folder and back, as fast as it can, until
 * killed. Resolves once it has started swapping.
 */
async function startSwapping(): Promise<ChildProcess> {
  if (!existsSync(nodePath.join(tmp, 'link'))) symlinkSync(nodePath.join(outside, 'dir'), nodePath.join(tmp, 'link'));
  const script =
    "const fs = require('fs'); const [dir, real, link] = process.argv.slice(1); process.stdout.write('go\\n');" +
    'for (;;) { fs.renameSync(dir, real); fs.renameSync(link, dir); fs.renameSync(dir, link); ' +
    'fs.renameSync(real, dir); }';
  const args = [nodePath.join(root, 'dir'), nodePath.join(tmp, 'parked'), nodePath.join(tmp, 'link')];
  const child = spawn(process.execPath, ['-e', script, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`the swapping process exited (${code})`)));
  });
  return child;
}

async function stopSwapping(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
  // Killed anywhere in its loop: the real folder back in its place, the link parked.
  const dir = nodePath.join(root, 'dir');
  if (existsSync(dir) && lstatSync(dir).isSymbolicLink()) renameSync(dir, nodePath.join(tmp, 'link'));
  if (existsSync(nodePath.join(tmp, 'parked'))) renameSync(nodePath.join(tmp, 'parked'), dir);
}

/** What `reads` racing reads gave: the inside bytes, the outside ones (a leak), or nothing (refused or missing). */
async function race(reads: number, read: () => Promise<string | undefined>) {
  const seen = { inside: 0, leaked: 0, refused: 0 };
  const child = await startSwapping();
  try {
    for (let i = 0; i < reads; i++) {
      const got = await read().catch(() => undefined);
      if (got === INSIDE) seen.inside++;
      else if (got === OUTSIDE) seen.leaked++;
      else seen.refused++;
    }
  } finally {
    await stopSwapping(child);
  }
  return seen;
}

describe.each([
  ['judging the opened file by its real path (/proc)', {}],
  ['without /proc: a realpath before the open and once open', { openedPaths: false }],
])('%s', (_mode, options: FsBundleOptions) => {
  test('a folder swapped for a link after openBytes is refused by readInto, readIntoLater and openReader', async () => {
    const bundle = new FsBundle(root, options);
    const file = await bundle.openBytes('/dir/wiki.db');
    expect(file?.byteLength).toBe(INSIDE.length);
    swapDirForLink();
    const target = new Uint8Array(file!.byteLength);
    expect(() => file!.readInto(target)).toThrow(/outside the bundle/);
    await expect(file!.readIntoLater!(target)).rejects.toThrow(/outside the bundle/);
    expect(() => file!.openReader!()).toThrow(/outside the bundle/);
    expect(text(target)).not.toContain('OUTSIDE');
    expect(await bundle.readBytes('/dir/wiki.db')).toBeUndefined();
  });

  test('readBytes and openBytes read a file inside, also through a link inside; none through a link out', async () => {
    symlinkSync(nodePath.join(root, 'dir', 'wiki.db'), nodePath.join(root, 'alias.db'));
    symlinkSync(nodePath.join(outside, 'dir', 'wiki.db'), nodePath.join(root, 'leak.db'));
    symlinkSync(nodePath.join(outside, 'dir'), nodePath.join(root, 'out'));
    const bundle = new FsBundle(root, options);
    for (const path of ['/dir/wiki.db', '/alias.db']) {
      expect(text(await bundle.readBytes(path))).toBe(INSIDE);
      const file = await bundle.openBytes(path);
      const target = new Uint8Array(file!.byteLength);
      file!.readInto(target);
      expect(text(target)).toBe(INSIDE);
      const reader = file!.openReader!();
      const part = new Uint8Array(5);
      reader.readAt(part, 7);
      reader.close();
      expect(text(part)).toBe('bytes');
    }
    for (const path of ['/leak.db', '/out/wiki.db', '/dir', '/missing.db', '/dir/missing.db']) {
      expect(await bundle.readBytes(path)).toBeUndefined();
      expect(await bundle.openBytes(path)).toBeUndefined();
    }
  });
});

// 3,000 reads against a process swapping the folder as fast as it can: before the file opened was judged, 56–90
// of them returned the outside bytes through readBytes, 2–33 through openBytes.
const onLinux = process.platform === 'linux' ? describe : describe.skip;
onLinux('racing a process that swaps the folder, where /proc names the opened file', () => {
  test('readBytes racing a folder swapped for a link leading outside never returns the outside bytes', async () => {
    const bundle = new FsBundle(root);
    const seen = await race(3000, async () => text(await bundle.readBytes('/dir/wiki.db')));
    // Both states were met: the real folder read, the link refused.
    expect(seen.inside).toBeGreaterThan(0);
    expect(seen.refused).toBeGreaterThan(0);
    expect(seen.leaked).toBe(0);
  });

  test('openBytes and its readInto racing a folder swap never read the outside bytes', async () => {
    const bundle = new FsBundle(root);
    const seen = await race(3000, async () => {
      const file = await bundle.openBytes('/dir/wiki.db');
      if (file === undefined) return undefined;
      const target = new Uint8Array(file.byteLength);
      file.readInto(target);
      return text(target);
    });
    expect(seen.inside).toBeGreaterThan(0);
    expect(seen.refused).toBeGreaterThan(0);
    expect(seen.leaked).toBe(0);
  });
});

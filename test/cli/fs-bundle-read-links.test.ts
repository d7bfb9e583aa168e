// FsBundle.read opens a plain file in its folder's real path (cached for one synchronous burst, as stat does) and
// never follows a link in the file's place without the full check: a link or a folder leading out of the bundle is
// refused whenever it appears, also after the same path was read as a plain file, and within one burst of reads.
// readOpenFile reads an open file as readFileSync would.
import { execFileSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, realpathSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import { FsBundle, type FsBundleOptions } from '../../src/node/fs-bundle';
import { namesOpenFiles, sameFile } from '../../src/node/opened-path';
import { READ_FLAGS, readOpenFile } from '../../src/node/whole-file';
import { makeTempDir, removeTempDir, writeTree } from '../support/temp-dir';

let tmp: string;
let root: string;
let outside: string;

beforeEach(() => {
  tmp = makeTempDir('okf-fs-bundle-read-');
  root = nodePath.join(tmp, 'bundle');
  outside = nodePath.join(tmp, 'outside');
  mkdirSync(root);
  mkdirSync(nodePath.join(outside, 'dir'), { recursive: true });
  writeFileSync(nodePath.join(outside, 'secret.md'), 'outside secret\n');
  writeFileSync(nodePath.join(outside, 'dir', 'a.md'), 'outside a\n');
});
afterEach(() => removeTempDir(tmp));

const refused = /outside the bundle; refused$/;

// Both ways of reading: where the opened file's real path is named (Linux's /proc/self/fd) and judged, and where
// nothing names it (macOS, the BSDs), simulated here: each file's real path is checked before the open instead.
describe.each([
  ['judging the opened file by its real path (/proc)', {}],
  ['without /proc: a realpath per file before the open', { openedPaths: false }],
])('%s', (_mode, options: FsBundleOptions) => {
  test('a file replaced by a link leading outside is refused on the next read', async () => {
    writeTree(root, { '/dir/a.md': 'inside a' });
    const bundle = new FsBundle(root, options);
    expect(await bundle.read('/dir/a.md')).toBe('inside a');
    rmSync(nodePath.join(root, 'dir', 'a.md'));
    symlinkSync(nodePath.join(outside, 'secret.md'), nodePath.join(root, 'dir', 'a.md'));
    await expect(bundle.read('/dir/a.md')).rejects.toThrow(refused);
  });

  test('a folder replaced by a link leading outside is refused on the next read, not served from a cache', async () => {
    writeTree(root, { '/dir/a.md': 'inside a', '/dir/b.md': 'inside b' });
    const bundle = new FsBundle(root, options);
    expect(await Promise.all(['/dir/a.md', '/dir/b.md'].map((p) => bundle.read(p)))).toEqual(['inside a', 'inside b']);
    renameSync(nodePath.join(root, 'dir'), nodePath.join(tmp, 'moved'));
    symlinkSync(nodePath.join(outside, 'dir'), nodePath.join(root, 'dir'));
    await expect(bundle.read('/dir/a.md')).rejects.toThrow(refused);
    // And back: a real folder again at that name is read again.
    renameSync(nodePath.join(root, 'dir'), nodePath.join(tmp, 'old-link'));
    renameSync(nodePath.join(tmp, 'moved'), nodePath.join(root, 'dir'));
    expect(await bundle.read('/dir/b.md')).toBe('inside b');
  });

  // Another process swapping a folder while one burst of reads (a build's 20, a catch-up's 200) is under way: the
  // folder's real path, cached for the burst, now leads out. Simulated by swapping it between two reads of one burst.
  test('a folder swapped for a link leading outside during one burst of reads is refused', async () => {
    writeTree(root, { '/dir/a.md': 'inside a', '/dir/b.md': 'inside b' });
    writeFileSync(nodePath.join(outside, 'dir', 'b.md'), 'OUTSIDE SECRET\n');
    const bundle = new FsBundle(root, options);
    const first = bundle.read('/dir/a.md');
    renameSync(nodePath.join(root, 'dir'), nodePath.join(tmp, 'moved'));
    symlinkSync(nodePath.join(outside, 'dir'), nodePath.join(root, 'dir'));
    const second = bundle.read('/dir/b.md');
    expect(await first).toBe('inside a');
    await expect(second).rejects.toThrow(refused);
  });

  test('in one burst of reads, each link is judged on its own: inside followed, outside refused', async () => {
    writeTree(root, { '/dir/a.md': 'inside a', '/dir/b.md': 'inside b' });
    symlinkSync(nodePath.join(outside, 'secret.md'), nodePath.join(root, 'dir', 'leak.md'));
    symlinkSync(nodePath.join(root, 'dir', 'b.md'), nodePath.join(root, 'dir', 'alias.md'));
    symlinkSync('../../outside/secret.md', nodePath.join(root, 'dir', 'relative-leak.md'));
    symlinkSync(nodePath.join(outside, 'dir'), nodePath.join(root, 'out'));
    const bundle = new FsBundle(root, options);
    const paths = ['/dir/a.md', '/dir/leak.md', '/dir/alias.md', '/dir/relative-leak.md', '/out/a.md', '/dir/b.md'];
    const read = await Promise.allSettled(paths.map((p) => bundle.read(p)));
    expect(read.map((r) => (r.status === 'fulfilled' ? r.value : String(r.reason)))).toEqual([
      'inside a',
      expect.stringMatching(refused),
      'inside b',
      expect.stringMatching(refused),
      expect.stringMatching(refused),
      'inside b',
    ]);
  });

  test('a FIFO is refused as not a file without waiting for a writer; a folder too', async () => {
    mkdirSync(nodePath.join(root, 'dir'));
    execFileSync('mkfifo', [nodePath.join(root, 'dir', 'pipe.md')]);
    const bundle = new FsBundle(root, options);
    await expect(bundle.read('/dir/pipe.md')).rejects.toThrow('/dir/pipe.md is not a file');
    await expect(bundle.read('/dir')).rejects.toThrow('/dir is not a file');
  });
});

test('this system names an open file by its real path exactly where it is Linux', () => {
  expect(namesOpenFiles()).toBe(process.platform === 'linux');
});

describe('readOpenFile', () => {
  const withFile = (text: string, read: (fd: number) => Buffer) => {
    const full = nodePath.join(root, 'f.md');
    writeFileSync(full, text);
    const fd = openSync(full, READ_FLAGS);
    try {
      return read(fd).toString('utf8');
    } finally {
      closeSync(fd);
    }
  };

  test('reads the size given; a file shorter by now gives what it holds; one reporting 0 bytes: to its end', () => {
    expect(withFile('Gödel — naïve', (fd) => readOpenFile(fd, Buffer.byteLength('Gödel — naïve')))).toBe(
      'Gödel — naïve',
    );
    expect(withFile('short', (fd) => readOpenFile(fd, 100))).toBe('short');
    expect(withFile('x'.repeat(70000), (fd) => readOpenFile(fd, 0))).toBe('x'.repeat(70000));
    expect(withFile('', (fd) => readOpenFile(fd, 0))).toBe('');
  });

  test('read into a shared buffer: each file its own bytes; a file larger than the buffer is read whole', async () => {
    const shared = Buffer.alloc(16);
    expect(withFile('first file', (fd) => readOpenFile(fd, 10, shared))).toBe('first file');
    expect(withFile('2nd', (fd) => readOpenFile(fd, 3, shared))).toBe('2nd');
    expect(withFile('longer than sixteen bytes', (fd) => readOpenFile(fd, 25, shared))).toBe(
      'longer than sixteen bytes',
    );
    // Through FsBundle.read, which shares one buffer across reads: texts read in one burst stay apart.
    writeTree(root, { '/a.md': 'a'.repeat(5000), '/b.md': 'b', '/c.md': 'é'.repeat(300000) });
    const bundle = new FsBundle(root);
    expect(await Promise.all(['/a.md', '/b.md', '/c.md', '/a.md'].map((p) => bundle.read(p)))).toEqual([
      'a'.repeat(5000),
      'b',
      'é'.repeat(300000),
      'a'.repeat(5000),
    ]);
  });
});

test('sameFile: the open file is the file at that real path until another is put there', () => {
  const full = nodePath.join(realpathSync(root), 'f.md');
  writeFileSync(full, 'first');
  const fd = openSync(full, READ_FLAGS);
  try {
    expect(sameFile(fd, full)).toBe(true);
    writeFileSync(nodePath.join(tmp, 'other.md'), 'other');
    renameSync(nodePath.join(tmp, 'other.md'), full);
    expect(sameFile(fd, full)).toBe(false);
  } finally {
    closeSync(fd);
  }
});

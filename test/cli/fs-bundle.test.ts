// FsBundle, the Node adapter for a bundle folder: lists and reads inside the bundle only (`..` and links
// pointing outside are refused, never followed), and writes atomically (no temporary file left behind).
import {
  chmodSync,
  chownSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { pbkdf2 } from 'node:crypto';
import { promisify } from 'node:util';
import fs from 'node:fs';
import * as nodePath from 'node:path';
import { FsBundle } from '../../src/node/fs-bundle';
import { ChangedSincePlan } from '../../src/core/author/apply-plan';
import { buildIndex } from '../../src/core/index/build';
import { conceptFile } from '../support/builders';
import { listTree, makeTempDir, removeTempDir, writeTree } from '../support/temp-dir';
import { rawDatabase } from '../../src/core/index/wiki-index';

let tmp: string;
let root: string;
let outside: string;

beforeEach(() => {
  tmp = makeTempDir('okf-fs-bundle-');
  root = nodePath.join(tmp, 'bundle');
  outside = nodePath.join(tmp, 'outside');
  mkdirSync(root);
  mkdirSync(outside);
  writeFileSync(
    nodePath.join(outside, 'secret.md'),
    conceptFile({ type: 'Person', title: 'Secret' }, 'classified-word\n'),
  );
});
afterEach(() => removeTempDir(tmp));

describe('list and read', () => {
  test('lists every file as a sorted bundle path, skipping hidden folders, hidden files and node_modules', async () => {
    writeTree(root, {
      '/b.md': 'b',
      '/a/z.md': 'z',
      '/a/y.txt': 'y',
      '/a/deeper/x.md': 'x',
      '/.obsidian/workspace.md': 'hidden',
      '/.git/HEAD': 'ref',
      '/a/.draft.md': 'hidden',
      '/node_modules/pkg/readme.md': 'dep',
    });
    expect(await new FsBundle(root).list()).toEqual(['/a/deeper/x.md', '/a/y.txt', '/a/z.md', '/b.md']);
  });

  test('reads UTF-8 text; undecodable bytes become U+FFFD rather than an error', async () => {
    writeTree(root, { '/a.md': 'Gödel — naïve\n' });
    writeFileSync(nodePath.join(root, 'bad.md'), Buffer.from([0x61, 0xff, 0x62]));
    const bundle = new FsBundle(root);
    expect(await bundle.read('/a.md')).toBe('Gödel — naïve\n');
    expect(await bundle.read('/bad.md')).toBe('a\uFFFDb');
    // A byte order mark is kept (an edit written back must not drop it); the reader skips it.
    writeFileSync(nodePath.join(root, 'bom.md'), '\uFEFF---\ntype: X\n---\n');
    expect(await bundle.read('/bom.md')).toBe('\uFEFF---\ntype: X\n---\n');
  });

  test('reading a folder or a missing file rejects, naming the path', async () => {
    writeTree(root, { '/dir/a.md': 'a' });
    const bundle = new FsBundle(root);
    await expect(bundle.read('/dir')).rejects.toThrow('/dir is not a file');
    await expect(bundle.read('/missing.md')).rejects.toThrow(/ENOENT.*missing\.md/);
  });

  test('the bundle root is resolved through symlinks', () => {
    const link = nodePath.join(tmp, 'link-to-bundle');
    symlinkSync(root, link);
    expect(new FsBundle(link).root).toBe(new FsBundle(root).root);
  });
});

describe('paths outside the bundle are refused', () => {
  test.each([
    '../outside/secret.md',
    '/../outside/secret.md',
    '/a/../../outside/secret.md',
    '..\\outside\\secret.md',
    '',
  ])('%j', async (path) => {
    const bundle = new FsBundle(root);
    expect(() => bundle.resolve(path)).toThrow(/is outside the bundle$/);
    await expect(bundle.read(path)).rejects.toThrow(/is outside the bundle/);
    await expect(bundle.readBytes(path)).rejects.toThrow(/is outside the bundle/);
    await expect(bundle.write(path.replace('secret', 'written'), 'x')).rejects.toThrow(/is outside the bundle/);
    expect(await bundle.exists(path)).toBe(false);
    expect(listTree(outside)).toEqual(['/secret.md']);
  });

  test('`..` that stays inside is fine', async () => {
    writeTree(root, { '/a/b.md': 'b' });
    expect(await new FsBundle(root).read('/a/x/../b.md')).toBe('b');
  });
});

describe('symlinks', () => {
  test('a link pointing outside is an unreadable-file diagnostic naming it, and is not followed', async () => {
    writeTree(root, { '/entities/real.md': conceptFile({ type: 'Person', title: 'Real' }) });
    symlinkSync(nodePath.join(outside, 'secret.md'), nodePath.join(root, 'entities', 'leak.md'));
    const bundle = new FsBundle(root);
    await expect(bundle.read('/entities/leak.md')).rejects.toThrow(
      /^\/entities\/leak\.md is a link to .*outside.*secret\.md, outside the bundle; refused$/,
    );

    const index = await buildIndex(bundle);
    expect(index.diagnostics()).toEqual([
      {
        path: '/entities/leak.md',
        severity: 'error',
        code: 'unreadable',
        message: expect.stringMatching(
          /^Could not read the file: \/entities\/leak\.md is a link to .+, outside the bundle; refused$/,
        ),
      },
    ]);
    expect(rawDatabase(index).all('select path from concepts')).toEqual([{ path: '/entities/real.md' }]);
    expect(rawDatabase(index).all("select path from concepts_fts where concepts_fts match 'classified'")).toEqual([]);
    index.close();
  });

  test('a linked folder pointing outside is not a way out either', async () => {
    symlinkSync(outside, nodePath.join(root, 'out'));
    const bundle = new FsBundle(root);
    await expect(bundle.read('/out/secret.md')).rejects.toThrow(/outside the bundle; refused/);
    await expect(bundle.write('/out/new.md', 'x')).rejects.toThrow(/outside the bundle/);
    await expect(bundle.write('/out/sub/new.md', 'x')).rejects.toThrow(/outside the bundle/);
    expect(listTree(outside)).toEqual(['/secret.md']);
  });

  test('a link to a concept file inside the bundle: the file indexed once, under its own path (QA3 Q5)', async () => {
    writeTree(root, { '/entities/real.md': conceptFile({ type: 'Person', title: 'Real' }, 'inside-word\n') });
    symlinkSync(nodePath.join(root, 'entities', 'real.md'), nodePath.join(root, 'alias.md'));
    const index = await buildIndex(new FsBundle(root));
    expect(
      rawDatabase(index).all("select path from concepts_fts where concepts_fts match 'inside' order by path"),
    ).toEqual([{ path: '/entities/real.md' }]);
    expect(index.diagnostics()).toEqual([expect.objectContaining({ path: '/alias.md', code: 'linked-file' })]);
    index.close();
  });

  test('a dangling link is an unreadable-file diagnostic', async () => {
    symlinkSync(nodePath.join(root, 'gone.md'), nodePath.join(root, 'dangling.md'));
    const index = await buildIndex(new FsBundle(root));
    expect(index.diagnostics()).toEqual([
      expect.objectContaining({ path: '/dangling.md', code: 'unreadable', severity: 'error' }),
    ]);
    index.close();
  });
});

describe('atomic write', () => {
  test('writes text and bytes, creating folders, and leaves no temporary file', async () => {
    const bundle = new FsBundle(root);
    await bundle.write('/wiki.db', new Uint8Array([1, 2, 3]));
    await bundle.write('/deep/er/timeline.md', '# Timeline\n');
    expect(listTree(root)).toEqual(['/deep/er/timeline.md', '/wiki.db']);
    expect([...readFileSync(nodePath.join(root, 'wiki.db'))]).toEqual([1, 2, 3]);
    expect(readFileSync(nodePath.join(root, 'deep', 'er', 'timeline.md'), 'utf8')).toBe('# Timeline\n');
    expect(await bundle.readBytes('/wiki.db')).toEqual(new Uint8Array([1, 2, 3]));
  });

  test('replaces an existing file whole, and many writes leave only the target', async () => {
    const bundle = new FsBundle(root);
    for (let i = 0; i < 5; i++) await bundle.write('/wiki.db', 'x'.repeat(1000 - i * 100));
    expect(readFileSync(nodePath.join(root, 'wiki.db'), 'utf8')).toBe('x'.repeat(600));
    expect(listTree(root)).toEqual(['/wiki.db']);
  });

  test('writing over a link replaces the link, not the file it points to', async () => {
    symlinkSync(nodePath.join(outside, 'secret.md'), nodePath.join(root, 'wiki.db'));
    const bundle = new FsBundle(root);
    await bundle.write('/wiki.db', 'new');
    expect(readFileSync(nodePath.join(root, 'wiki.db'), 'utf8')).toBe('new');
    expect(readFileSync(nodePath.join(outside, 'secret.md'), 'utf8')).toContain('classified-word');
  });

  test('a write that fails leaves no temporary file and the target as it was', async () => {
    writeTree(root, { '/wiki.db/keep.txt': 'a folder where the file should go' });
    const bundle = new FsBundle(root);
    await expect(bundle.write('/wiki.db', 'data')).rejects.toThrow();
    expect(listTree(root)).toEqual(['/wiki.db/keep.txt']);
  });

  test('bytes given in pieces are written whole, in order, through a temporary file', async () => {
    writeFileSync(nodePath.join(root, 'wiki.db'), 'old');
    const bundle = new FsBundle(root);
    const reused = new Uint8Array(3);
    await bundle.write('/wiki.db', (sink) => {
      for (const piece of [[1, 2, 3], [4, 5, 6], [7]]) {
        reused.set(piece);
        sink(reused.subarray(0, piece.length));
      }
    });
    expect([...readFileSync(nodePath.join(root, 'wiki.db'))]).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(listTree(root)).toEqual(['/wiki.db']);
  });

  test('a piece writer that fails half-way leaves the old file whole and no temporary file', async () => {
    writeFileSync(nodePath.join(root, 'wiki.db'), 'old');
    const bundle = new FsBundle(root);
    await expect(
      bundle.write('/wiki.db', (sink) => {
        sink(new Uint8Array(1 << 20));
        throw new Error('export failed');
      }),
    ).rejects.toThrow('export failed');
    expect(readFileSync(nodePath.join(root, 'wiki.db'), 'utf8')).toBe('old');
    expect(listTree(root)).toEqual(['/wiki.db']);
  });

  test('readBytes of a missing file is undefined', async () => {
    expect(await new FsBundle(root).readBytes('/wiki.db')).toBeUndefined();
    expect(existsSync(nodePath.join(root, 'wiki.db'))).toBe(false);
  });
});

describe('concurrent writes', () => {
  test('two writes of the same file at once both succeed, and one of them wins whole', async () => {
    const bundle = new FsBundle(root);
    const a = 'a'.repeat(200_000);
    const b = 'b'.repeat(100_000);
    await Promise.all([bundle.write('/wiki.db', a), bundle.write('/wiki.db', b)]);
    expect([a, b]).toContain(readFileSync(nodePath.join(root, 'wiki.db'), 'utf8'));
    expect(listTree(root)).toEqual(['/wiki.db']);
  });
});

describe('authoring writes (issue 12: points 1 and 3, links)', () => {
  const file = (path: string) => nodePath.join(root, ...path.split('/').filter(Boolean));
  const mode = (path: string) => statSync(file(path)).mode & 0o7777;

  test(
    'a write expecting the previewed text refuses when the file changed ' +
      'meanwhile, keeping the edit and leaving no temporary file',
    async () => {
      writeTree(root, { '/a.md': 'edited meanwhile\n' });
      const attempt = new FsBundle(root).write('/a.md', 'planned\n', 'previewed\n');
      await expect(attempt).rejects.toBeInstanceOf(ChangedSincePlan);
      await expect(attempt).rejects.toThrow('/a.md changed since the preview; it was not overwritten');
      expect(readFileSync(file('/a.md'), 'utf8')).toBe('edited meanwhile\n');
      expect(listTree(root)).toEqual(['/a.md']);
    },
  );

  test('a write expecting the previewed text replaces the file when it still holds it', async () => {
    writeTree(root, { '/a.md': 'previewed\n' });
    await new FsBundle(root).write('/a.md', 'planned\n', 'previewed\n');
    expect(readFileSync(file('/a.md'), 'utf8')).toBe('planned\n');
  });

  test('a new page is created, but never over a file that appeared meanwhile', async () => {
    const bundle = new FsBundle(root);
    await bundle.write('/concepts/new.md', 'first\n', null);
    expect(readFileSync(file('/concepts/new.md'), 'utf8')).toBe('first\n');
    await expect(bundle.write('/concepts/new.md', 'second\n', null)).rejects.toThrow(
      '/concepts/new.md was created since the preview; it was not overwritten',
    );
    expect(readFileSync(file('/concepts/new.md'), 'utf8')).toBe('first\n');
    expect(listTree(root)).toEqual(['/concepts/new.md']);
  });

  test('a file that is not valid UTF-8 is refused, naming it, and its bytes are kept', async () => {
    const latin1 = Buffer.from('---\ntitle: Jos\xe9\n---\n', 'latin1');
    writeFileSync(file('/jose.md'), latin1);
    const bundle = new FsBundle(root);
    const lossy = await bundle.read('/jose.md');
    await expect(bundle.write('/jose.md', lossy + 'more\n', lossy)).rejects.toThrow(
      /\/jose\.md is not valid UTF-8.*Convert it to UTF-8/,
    );
    expect(readFileSync(file('/jose.md')).equals(latin1)).toBe(true);
  });

  test.each([0o600, 0o640, 0o755])('keeps the mode %o of the file it replaces', async (m) => {
    writeTree(root, { '/a.md': 'old\n' });
    chmodSync(file('/a.md'), m);
    await new FsBundle(root).write('/a.md', 'new\n', 'old\n');
    expect(readFileSync(file('/a.md'), 'utf8')).toBe('new\n');
    expect(mode('/a.md')).toBe(m);
  });

  (process.getuid?.() === 0 ? test : test.skip)(
    'keeps the owner of the file it replaces (when permitted: run as root)',
    async () => {
      writeTree(root, { '/a.md': 'old\n' });
      chownSync(file('/a.md'), 4321, 4321);
      await new FsBundle(root).write('/a.md', 'new\n');
      expect([statSync(file('/a.md')).uid, statSync(file('/a.md')).gid]).toEqual([4321, 4321]);
    },
  );

  test('refuses to replace a read-only file, saying so and how to allow it', async () => {
    writeTree(root, { '/a.md': 'old\n' });
    chmodSync(file('/a.md'), 0o444);
    await expect(new FsBundle(root).write('/a.md', 'new\n', 'old\n')).rejects.toThrow(
      `/a.md is read-only (mode 0444); okf-wiki does not replace a read-only ` +
        `file. Make it writable (chmod u+w ${file('/a.md')})`,
    );
    expect(readFileSync(file('/a.md'), 'utf8')).toBe('old\n');
    expect(mode('/a.md')).toBe(0o444);
    expect(listTree(root)).toEqual(['/a.md']);
  });

  test(
    'a link to a file inside the bundle stays a link: the file it points ' + 'to is edited, keeping its mode',
    async () => {
      writeTree(root, { '/entities/real.md': 'old\n' });
      chmodSync(file('/entities/real.md'), 0o600);
      symlinkSync('entities/real.md', file('/alias.md'));
      await new FsBundle(root).write('/alias.md', 'new\n', 'old\n');
      expect(lstatSync(file('/alias.md')).isSymbolicLink()).toBe(true);
      expect(readlinkSync(file('/alias.md'))).toBe('entities/real.md');
      expect(readFileSync(file('/entities/real.md'), 'utf8')).toBe('new\n');
      expect(mode('/entities/real.md')).toBe(0o600);
      expect(listTree(root)).toEqual(['/alias.md', '/entities/real.md']);
    },
  );
});

describe('openBytes (wiki.db read straight into the engine)', () => {
  test('reads the whole file into the given buffer, only when asked', async () => {
    const bundle = new FsBundle(root);
    writeFileSync(nodePath.join(root, 'wiki.db'), new Uint8Array([5, 6, 7, 8]));
    const file = (await bundle.openBytes('/wiki.db'))!;
    expect(file.byteLength).toBe(4);
    const target = new Uint8Array(6);
    file.readInto(target);
    expect([...target]).toEqual([5, 6, 7, 8, 0, 0]);
  });

  test('a file that changed size since it was opened is an error, not a short or overlong read', async () => {
    const bundle = new FsBundle(root);
    const full = nodePath.join(root, 'wiki.db');
    writeFileSync(full, new Uint8Array(10));
    const file = (await bundle.openBytes('/wiki.db'))!;
    writeFileSync(full, new Uint8Array(4));
    expect(() => file.readInto(new Uint8Array(10))).toThrow(/now 4 bytes, it was 10/);
    await expect(file.readIntoLater!(new Uint8Array(10))).rejects.toThrow(/now 4 bytes, it was 10/);
  });

  test('readIntoLater reads all of the file in the thread pool, the rest of the buffer untouched', async () => {
    const bundle = new FsBundle(root);
    const bytes = Uint8Array.from({ length: 300_000 }, (_, i) => (i * 31) & 0xff);
    writeFileSync(nodePath.join(root, 'wiki.db'), bytes);
    const file = (await bundle.openBytes('/wiki.db'))!;
    const target = new Uint8Array(bytes.length + 2).fill(9);
    // Every thread of libuv's pool busy first, so the read waits in the pool's queue: not read yet when the call
    // returns (a read at once would have filled it). Without them a free thread could fill it before the check.
    const threads = Number(process.env.UV_THREADPOOL_SIZE ?? 4);
    const busy = Array.from({ length: threads }, () => promisify(pbkdf2)('x', 'y', 20_000, 32, 'sha256'));
    const reading = file.readIntoLater!(target);
    expect(target[1]).toBe(9);
    await Promise.all([reading, ...busy]);
    expect(target.subarray(0, bytes.length)).toEqual(bytes);
    expect([...target.subarray(bytes.length)]).toEqual([9, 9]);
  });

  test('readIntoLater of a file cut short while it is read rejects naming how much was read', async () => {
    const bundle = new FsBundle(root);
    const full = nodePath.join(root, 'wiki.db');
    writeFileSync(full, new Uint8Array(300_000));
    const file = (await bundle.openBytes('/wiki.db'))!;
    // Cut by another process after its size was taken, before the first read.
    const read = fs.read;
    jest.spyOn(fs, 'read').mockImplementationOnce(function (this: unknown, ...args: unknown[]) {
      fs.truncateSync(full, 100);
      return (read as (...a: unknown[]) => void).apply(this, args);
    } as typeof fs.read);
    try {
      await expect(file.readIntoLater!(new Uint8Array(300_000))).rejects.toThrow(/ended after 100 of 300,?000 bytes/);
    } finally {
      jest.restoreAllMocks();
    }
  });

  test('readIntoLater of a file removed since it was opened rejects (it is not read as empty)', async () => {
    const bundle = new FsBundle(root);
    writeFileSync(nodePath.join(root, 'wiki.db'), new Uint8Array(8));
    const file = (await bundle.openBytes('/wiki.db'))!;
    rmSync(nodePath.join(root, 'wiki.db'));
    await expect(file.readIntoLater!(new Uint8Array(8))).rejects.toThrow(/ENOENT/);
  });

  test('nothing there, a folder, or a link leading outside is undefined (as if absent)', async () => {
    const bundle = new FsBundle(root);
    expect(await bundle.openBytes('/wiki.db')).toBeUndefined();
    mkdirSync(nodePath.join(root, 'folder'));
    expect(await bundle.openBytes('/folder')).toBeUndefined();
    writeFileSync(nodePath.join(outside, 'secret.db'), 'outside');
    symlinkSync(nodePath.join(outside, 'secret.db'), nodePath.join(root, 'wiki.db'));
    expect(await bundle.openBytes('/wiki.db')).toBeUndefined();
  });
});

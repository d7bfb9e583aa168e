// Fault: inputs that try to reach outside the bundle (issue 7, guarantee "no input can make it read or write
// outside the bundle"). Relation objects, links, supersession paths, file names, symlinks, questions, `--bundle`
// values and the authoring commands' concept arguments (`../`, absolute OS paths, NUL bytes, `%2e%2e`, links out):
// every file system call the CLI makes is recorded in-process, and none touches a file outside the bundle; a
// sentinel file beside the bundle is never read or written.
//
// Not covered by the guarantee, on purpose: files a person names on the command line as input (`--set FILE`,
// `--body-file FILE`), and `demo`, which copies the bundle to a fresh temporary folder before touching anything.
// The module object itself (an `import * as` namespace would be a frozen copy that cannot be patched).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const fs = require('node:fs') as typeof import('node:fs');
import * as nodePath from 'node:path';
import { FsBundle } from '../../src/node/fs-bundle';
import { run } from '../../src/cli/main';
import { ROOT_MARKERS } from '../../src/cli/wiki-root';
import {
  GENERATED,
  SENTINEL_TEXT,
  fileFingerprint,
  makeHostileBundle,
  snapshotFiles,
  type HostileBundle,
} from './support/hostile-bundle';
import { bufferIo } from '../support/cli-io';

/** fs calls that read or write content, or list, stat or change the tree (a call on a file descriptor is skipped). */
const PROMISE_CALLS = [
  'readFile',
  'writeFile',
  'appendFile',
  'open',
  'opendir',
  'readdir',
  'stat',
  'lstat',
  'realpath',
  'access',
  'rename',
  'rm',
  'rmdir',
  'unlink',
  'mkdir',
  'copyFile',
  'cp',
  'truncate',
  'utimes',
  'chmod',
  'symlink',
  'link',
] as const;
const SYNC_CALLS = [
  'readFileSync',
  'writeFileSync',
  'appendFileSync',
  'openSync',
  'opendirSync',
  'readdirSync',
  'statSync',
  'lstatSync',
  'realpathSync',
  'accessSync',
  'existsSync',
  'renameSync',
  'rmSync',
  'rmdirSync',
  'unlinkSync',
  'mkdirSync',
  'copyFileSync',
  'cpSync',
  'truncateSync',
  'utimesSync',
  'chmodSync',
  'symlinkSync',
  'linkSync',
] as const;
/** Calls whose first two arguments are both paths. */
const TWO_PATHS = new Set(['rename', 'renameSync', 'copyFile', 'copyFileSync', 'cp', 'cpSync', 'link', 'linkSync']);
/** Calls that open or change content: these must also not go through a link that leads outside. */
const CONTENT = new Set([
  'readFile',
  'writeFile',
  'appendFile',
  'open',
  'rename',
  'copyFile',
  'cp',
  'truncate',
  'mkdir',
  'rm',
  'unlink',
  'readFileSync',
  'writeFileSync',
  'appendFileSync',
  'openSync',
  'renameSync',
  'copyFileSync',
  'cpSync',
  'truncateSync',
  'mkdirSync',
  'rmSync',
  'unlinkSync',
]);

interface Touch {
  readonly call: string;
  readonly path: string;
  /** Where the path leads when the call is made (links resolved), for content calls. */
  readonly real?: string;
}

/** Records every path the fs module is asked about while `fn` runs. */
async function recordFs<T>(fn: () => Promise<T>): Promise<{ result: T; touches: Touch[] }> {
  const touches: Touch[] = [];
  const realpathNow = fs.realpathSync.native;
  const record = (call: string, args: unknown[]) => {
    for (const arg of TWO_PATHS.has(call) ? args.slice(0, 2) : args.slice(0, 1)) {
      if (typeof arg !== 'string' && !(arg instanceof URL) && !Buffer.isBuffer(arg)) continue;
      const path = nodePath.resolve(arg instanceof URL ? arg.pathname : arg.toString());
      let real: string | undefined;
      if (CONTENT.has(call)) {
        try {
          real = realpathNow(path);
        } catch {
          real = undefined; // not there yet (a file about to be created): its folder is checked lexically
        }
      }
      touches.push(real === undefined ? { call, path } : { call, path, real });
    }
  };
  // Patched on the real module objects (what src/ gets from `node:fs`), restored afterwards.
  const restore: (() => void)[] = [];
  const patch = (target: Record<string, unknown>, name: string) => {
    const original = target[name];
    if (typeof original !== 'function') return;
    const wrapped = Object.assign(function (this: unknown, ...args: unknown[]) {
      record(name, args);
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    }, original);
    target[name] = wrapped;
    restore.push(() => (target[name] = original));
  };
  for (const name of PROMISE_CALLS) patch(fs.promises as unknown as Record<string, unknown>, name);
  for (const name of SYNC_CALLS) patch(fs as unknown as Record<string, unknown>, name);
  try {
    return { result: await fn(), touches };
  } finally {
    for (const undo of restore.reverse()) undo();
  }
}

let bundle: HostileBundle;
let root: string;

beforeAll(() => {
  bundle = makeHostileBundle({ huge: false });
  root = fs.realpathSync(bundle.dir);
});

afterAll(() => bundle?.cleanup());

const inside = (p: string) =>
  p === root || p.startsWith(root + nodePath.sep) || p === bundle.dir || p.startsWith(bundle.dir + nodePath.sep);

/**
 * The one look outside: whether a folder above the bundle holds a bundle marker (an lstat of those names, nothing read
 * or listed), so a folder inside a bundle is refused (QA3 Q2, src/cli/wiki-root.ts).
 */
const markerAbove = (t: Touch) =>
  t.call === 'lstatSync' &&
  ROOT_MARKERS.includes(nodePath.basename(t.path)) &&
  (root + nodePath.sep).startsWith(nodePath.dirname(t.path).replace(/\/?$/, '/'));

function expectInside(touches: readonly Touch[]) {
  const outside = touches.filter(
    (t) => !markerAbove(t) && (!inside(t.path) || (t.real !== undefined && !inside(t.real))),
  );
  expect(outside).toEqual([]);
}

async function cli(args: string[]) {
  const io = bufferIo(bundle.parent);
  const { result: code, touches } = await recordFs(() => run([...args, '--bundle', bundle.dir, '--no-embed'], io));
  const output = io.stdout() + io.stderr();
  expect(output).not.toContain(SENTINEL_TEXT);
  expect(output).not.toMatch(/root:x:0:0/);
  return { code, touches, output };
}

/** Why an authoring command refuses a concept argument that leads outside. */
const REFUSED = /Refused .*(not a path inside the bundle|does not exist|outside the bundle; refused)/;

test('the recorder sees a read outside the bundle (self-check)', async () => {
  const { touches } = await recordFs(() => fs.promises.readFile(nodePath.join(bundle.dir, GENERATED.symlinkOutside)));
  expect(touches.filter((t) => t.real !== undefined && !inside(t.real))).toHaveLength(1);
});

describe('every command over the hostile bundle stays inside it', () => {
  let sentinel: string;
  beforeAll(() => {
    sentinel = fileFingerprint(bundle.sentinel);
  });
  afterEach(() => expect(fileFingerprint(bundle.sentinel)).toBe(sentinel));

  test.each([
    [['reindex']],
    [['context', 'Who was Ada Lovelace?']],
    [['context', '../../outside-sentinel.md']],
    [['context', '/etc/passwd file:///etc/shadow %2e%2e%2f%2e%2e%2foutside-sentinel.md']],
    [['context', 'Outside Sentinel \0 ../outside-sentinel']],
    [['lint']],
    [['timeline']],
    [['keywords']],
    [['rebuild-candidates']],
    [['evaluate']],
    [['vocabulary', '--dry-run']],
  ])('okf-wiki %j', async (args) => {
    const { touches } = await cli(args);
    expect(touches.length).toBeGreaterThan(0);
    expectInside(touches);
  });

  test.each([
    ['a subject climbing out', ['../outside-sentinel', 'mentions', 'entities/ada-lovelace']],
    ['an object climbing out', ['entities/ada-lovelace', 'mentions', '../../outside-sentinel']],
    ['an absolute OS path', ['/etc/passwd', 'mentions', 'entities/ada-lovelace']],
    ['a URL-encoded climb', ['entities/%2e%2e/%2e%2e/outside-sentinel', 'mentions', 'entities/ada-lovelace']],
    ['backslashes', ['..\\..\\outside-sentinel', 'mentions', 'entities/ada-lovelace']],
    ['a NUL byte', ['entities/ada-lovelace\0/../../../outside-sentinel', 'mentions', 'entities/charles-babbage']],
    ['a symlinked concept leading outside', [GENERATED.symlinkOutside, 'mentions', 'entities/ada-lovelace']],
    [
      'a path through a symlinked folder',
      [`${GENERATED.symlinkDirOutside}/outside-sentinel`, 'mentions', 'entities/ada-lovelace'],
    ],
  ])('okf-wiki relate with %s is refused and touches nothing outside', async (_name, args) => {
    const { code, touches, output } = await cli(['relate', ...args]);
    expect(code).not.toBe(0);
    expect(output).toMatch(REFUSED);
    expectInside(touches);
  });

  test.each([
    ['../outside-sentinel', 'entities/ada-lovelace'],
    ['entities/ada-lovelace', `${GENERATED.symlinkDirOutside}/outside-sentinel`],
    [GENERATED.symlinkOutside, 'entities/ada-lovelace'],
  ])('okf-wiki supersede %s %s is refused and touches nothing outside', async (from, to) => {
    const { code, touches, output } = await cli(['supersede', from, to]);
    expect(code).not.toBe(0);
    expect(output).toMatch(REFUSED);
    expectInside(touches);
  });

  test('okf-wiki file-back with a title that climbs out writes its page inside the bundle', async () => {
    const bodyFile = nodePath.join(bundle.dir, 'body.txt');
    fs.writeFileSync(bodyFile, 'An answer filed back.\n');
    const before = snapshotFiles(bundle.parent);
    const { code, touches } = await cli([
      'file-back',
      '--title',
      '../../../../tmp/escaped %2e%2e//etc/passwd',
      '--body-file',
      bodyFile,
    ]);
    expect(code).toBe(0);
    expectInside(touches.filter((t) => t.path !== bodyFile));
    const created = [...snapshotFiles(bundle.parent).keys()].filter((p) => !before.has(p));
    expect(created.length).toBeGreaterThan(0);
    for (const p of created) expect(inside(p)).toBe(true);
  });

  test('okf-wiki file-back with a NUL in a climbing title is refused and creates nothing', async () => {
    const bodyFile = nodePath.join(bundle.dir, 'body.txt');
    fs.writeFileSync(bodyFile, 'An answer filed back.\n');
    const before = snapshotFiles(bundle.parent);
    const title = '../../../../tmp/escaped %2e%2e/\0/etc/passwd';
    const { code, touches } = await cli(['file-back', '--title', title, '--body-file', bodyFile]);
    expect(code).toBe(2);
    expectInside(touches.filter((t) => t.path !== bodyFile));
    expect([...snapshotFiles(bundle.parent).keys()].filter((p) => !before.has(p))).toEqual([]);
  });
});

describe('--bundle values', () => {
  test.each([
    ['a NUL byte', () => `${bundle.dir}\0/../../etc`],
    ['URL-encoded dots', () => `${bundle.dir}/%2e%2e`],
    ['a file, not a folder', () => `${bundle.dir}/entities/ada-lovelace.md`],
    ['a missing folder', () => `${bundle.dir}/no-such-folder`],
  ])('%s: exit 2, nothing read or written', async (_name, value) => {
    const io = bufferIo(bundle.parent);
    const before = snapshotFiles(bundle.parent);
    const { result: code, touches } = await recordFs(() => run(['reindex', '--bundle', value(), '--no-embed'], io));
    expect(code).toBe(2);
    expect(io.stderr()).toMatch(/bundle/);
    expect(touches.filter((t) => CONTENT.has(t.call))).toEqual([]);
    expect(snapshotFiles(bundle.parent)).toEqual(before);
  });

  test('a bundle reached through `..` or a symlink is the real folder: every touch is inside it', async () => {
    const link = nodePath.join(bundle.parent, 'bundle-link');
    fs.symlinkSync(bundle.dir, link);
    for (const value of [`${bundle.dir}/entities/..`, link]) {
      const io = bufferIo(bundle.parent);
      const { result: code, touches } = await recordFs(() =>
        run(['context', 'Who was Ada Lovelace?', '--bundle', value, '--no-embed'], io),
      );
      expect(code).toBe(0);
      expectInside(touches.filter((t) => t.path !== link));
    }
  });
});

describe('the file system adapter refuses paths that leave the bundle', () => {
  let fsBundle: FsBundle;
  beforeAll(() => {
    fsBundle = new FsBundle(bundle.dir);
  });

  test.each([
    '/../outside-sentinel.md',
    '/entities/../../outside-sentinel.md',
    '..\\outside-sentinel.md',
    '/entities/ada-lovelace.md\0/../../../outside-sentinel.md',
    GENERATED.symlinkOutside,
    GENERATED.symlinkEtc,
    `${GENERATED.symlinkDirOutside}/outside-sentinel.md`,
  ])('read(%j) is refused', async (path) => {
    const { result, touches } = await recordFs(() =>
      fsBundle.read(path).then(
        () => 'read',
        (e: Error) => e.message,
      ),
    );
    expect(result).not.toBe('read');
    expectInside(touches);
  });

  test.each([
    '/../escaped.md',
    '/entities/../../escaped.md',
    `${GENERATED.symlinkDirOutside}/escaped.md`,
    `${GENERATED.symlinkDirOutside}/new-folder/escaped.md`,
  ])('write(%j) is refused and creates nothing outside', async (path) => {
    const before = fs.readdirSync(bundle.parent).sort();
    const { result } = await recordFs(() =>
      fsBundle.write(path, 'x').then(
        () => 'written',
        (e: Error) => e.message,
      ),
    );
    expect(result).toMatch(/outside the bundle/);
    expect(fs.readdirSync(bundle.parent).sort()).toEqual(before);
  });

  test('readBytes through a link leading outside is undefined (as if absent), never the outside bytes', async () => {
    expect(await fsBundle.readBytes(GENERATED.symlinkOutside)).toBeUndefined();
    expect(await fsBundle.readBytes(`${GENERATED.symlinkDirOutside}/outside-sentinel.md`)).toBeUndefined();
  });
});

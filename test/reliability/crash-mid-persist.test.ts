// Fault: a crash in the middle of persisting wiki.db (issue 7, "Faults"). The temporary file is written but the
// rename never happens, or the write dies half-way — in-process (a failing fs call) and as a real process killed
// with SIGKILL. Each time the previous wiki.db stays byte-for-byte intact and readable, and the next run works.
import { promises as fsPromises, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import * as nodePath from 'node:path';
import { run } from '../../src/cli/main';
import { WikiIndex, isLoadProblem } from '../../src/core/index/wiki-index';
import { conceptFile, rel } from '../support/builders';
import { makeTempDir, removeTempDir, writeTree } from '../support/temp-dir';
import { buildCli, type BuiltCli } from './support/cli-process';
import { bufferIo } from '../support/cli-io';

const FILES = {
  '/entities/ada-lovelace.md': conceptFile(
    { type: 'Person', title: 'Ada Lovelace', relations: [rel('collaborated_with', '/entities/charles-babbage.md')] },
    'Ada Lovelace wrote the first published algorithm.\n',
  ),
  '/entities/charles-babbage.md': conceptFile(
    { type: 'Person', title: 'Charles Babbage' },
    'Charles Babbage designed the Analytical Engine.\n',
  ),
};
const EDITED_GRACE = conceptFile({ type: 'Person', title: 'Grace Hopper' }, 'Grace Hopper wrote the first compiler.\n');

let dir: string;
let wikiDb: string;
let previous: Buffer;

beforeEach(async () => {
  dir = makeTempDir('okf-crash-');
  writeTree(dir, FILES);
  wikiDb = nodePath.join(dir, 'wiki.db');
  const io = bufferIo(dir);
  expect(await run(['reindex', '--bundle', dir, '--no-embed'], io)).toBe(0);
  previous = readFileSync(wikiDb);
  // An edit since the last reindex, so the next command has something new to persist.
  writeTree(dir, { '/entities/grace-hopper.md': EDITED_GRACE });
});

afterEach(() => {
  jest.restoreAllMocks();
  removeTempDir(dir);
});

async function expectPreviousIntact() {
  expect(readFileSync(wikiDb).equals(previous)).toBe(true);
  const loaded = await WikiIndex.load(new Uint8Array(readFileSync(wikiDb)));
  expect(isLoadProblem(loaded)).toBe(false);
  if (!isLoadProblem(loaded)) {
    expect(loaded.stats().concepts).toBe(2);
    loaded.close();
  }
}

const tempFiles = () => readdirSync(dir).filter((name) => name.includes('.tmp-'));

async function askGrace() {
  const io = bufferIo(dir);
  const code = await run(['context', 'Who was Grace Hopper?', '--bundle', dir, '--no-embed', '--json'], io);
  return { code, answer: JSON.parse(io.stdout() || '{}') as { confident?: boolean }, err: io.stderr() };
}

test(
  'rename never happens (it fails after the temporary file is written): ' +
    'previous wiki.db intact, answered from memory',
  async () => {
    jest
      .spyOn(fsPromises, 'rename')
      .mockRejectedValue(Object.assign(new Error('EIO: simulated crash before rename'), { code: 'EIO' }));
    const { code, answer, err } = await askGrace();
    expect(code).toBe(0);
    expect(answer.confident).toBe(true);
    expect(err).toMatch(/could not write \/wiki\.db .*simulated crash before rename.*answering from memory/);
    await expectPreviousIntact();
    expect(tempFiles()).toEqual([]);
  },
);

test('a write that throws half-way: previous wiki.db intact, no partial temporary file left behind', async () => {
  const realOpen = fsPromises.open;
  // The module object itself (an ES namespace import is read-only): FsBundle calls its writeSync.
  const nodeFs = jest.requireActual<typeof import('node:fs')>('node:fs');
  const realWriteSync = nodeFs.writeSync;
  // wiki.db is written as it is exported, a piece at a time on the temporary file's descriptor (FsBundle.write
  // with a PieceWriter); other files through FileHandle.writeFile. Either way the disk fills half-way.
  const tmpFds = new Set<number>();
  jest.spyOn(nodeFs, 'writeSync').mockImplementation(((fd: number, data: Uint8Array, ...rest: unknown[]) => {
    if (!tmpFds.has(fd)) return (realWriteSync as (...a: unknown[]) => number)(fd, data, ...rest);
    (realWriteSync as (...a: unknown[]) => number)(fd, data.subarray(0, Math.floor(data.byteLength / 2)));
    throw Object.assign(new Error('ENOSPC: simulated disk full half-way'), { code: 'ENOSPC' });
  }) as typeof nodeFs.writeSync);
  jest.spyOn(fsPromises, 'open').mockImplementation(async (...args: Parameters<typeof fsPromises.open>) => {
    const handle = await realOpen(...args);
    if (String(args[0]).includes('wiki.db.tmp-')) tmpFds.add(handle.fd);
    return new Proxy(handle, {
      get(target, key) {
        if (key === 'writeFile') {
          return async (data: Uint8Array | string) => {
            const bytes = typeof data === 'string' ? Buffer.from(data) : data;
            await target.write(bytes.subarray(0, Math.floor(bytes.length / 2)));
            throw Object.assign(new Error('ENOSPC: simulated disk full half-way'), { code: 'ENOSPC' });
          };
        }
        const value = Reflect.get(target, key) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    }) as FileHandle;
  });
  const { code, answer, err } = await askGrace();
  expect(code).toBe(0);
  expect(answer.confident).toBe(true);
  expect(err).toMatch(/could not write \/wiki\.db .*ENOSPC/);
  await expectPreviousIntact();
  expect(tempFiles()).toEqual([]);
});

test('reindex whose persist fails: exit 2, previous wiki.db intact', async () => {
  jest
    .spyOn(fsPromises, 'rename')
    .mockRejectedValue(Object.assign(new Error('EIO: simulated crash before rename'), { code: 'EIO' }));
  const io = bufferIo(dir);
  expect(await run(['reindex', '--bundle', dir, '--no-embed'], io)).toBe(2);
  expect(io.stderr()).toMatch(/simulated crash before rename/);
  await expectPreviousIntact();
});

describe('a real process killed with SIGKILL', () => {
  let cli: BuiltCli;
  beforeAll(async () => {
    cli = await buildCli();
  }, 30_000);
  afterAll(() => cli?.cleanup());

  const killAtRename = `
const fs = require('node:fs');
const rename = fs.promises.rename;
fs.promises.rename = function (from, to) {
  if (String(to).endsWith('wiki.db')) process.kill(process.pid, 'SIGKILL');
  return rename.apply(this, arguments);
};`;
  // wiki.db's temporary file gets half of the first piece written to it (or half of its bytes, written whole),
  // synced, then the process is killed.
  const killHalfWay = `
const fs = require('node:fs');
const open = fs.promises.open;
const writeSync = fs.writeSync;
const tmpFds = new Set();
const die = (fd, data) => {
  writeSync(fd, data.subarray(0, data.length >> 1));
  fs.fsyncSync(fd);
  process.kill(process.pid, 'SIGKILL');
};
fs.writeSync = function (fd, data) {
  if (tmpFds.has(fd)) die(fd, data);
  return writeSync.apply(this, arguments);
};
fs.promises.open = async function (path, flags) {
  const handle = await open.apply(this, arguments);
  if (!String(path).includes('wiki.db.tmp-')) return handle;
  tmpFds.add(handle.fd);
  handle.writeFile = async (data) => die(handle.fd, data);
  return handle;
};`;

  test.each([
    ['reindex', 'after the temporary file is written, before the rename', 'kill-at-rename.cjs', killAtRename],
    ['context', 'half-way through writing the temporary file', 'kill-half-way.cjs', killHalfWay],
  ])(
    '%s killed %s: previous wiki.db intact, the next run answers and persists',
    async (command, _when, name, source) => {
      const args = command === 'reindex' ? ['reindex'] : ['context', 'Who was Grace Hopper?'];
      const crashed = await cli.run([...args, '--bundle', dir, '--no-embed'], {
        preload: cli.preload(name, source),
        timeoutMs: 20_000,
      });
      expect(crashed.signal).toBe('SIGKILL');
      await expectPreviousIntact();
      // What a crash leaves: the temporary file beside wiki.db, which no reader mistakes for wiki.db.
      expect(tempFiles().length).toBeGreaterThan(0);
      const next = await cli.run(['context', 'Who was Grace Hopper?', '--bundle', dir, '--no-embed', '--json'], {
        timeoutMs: 20_000,
      });
      expect(next.code).toBe(0);
      expect(JSON.parse(next.stdout)).toMatchObject({ confident: true });
      const loaded = await WikiIndex.load(new Uint8Array(readFileSync(wikiDb)));
      expect(isLoadProblem(loaded) ? loaded.reason : loaded.stats().concepts).toBe(3);
      if (!isLoadProblem(loaded)) loaded.close();
      for (const name of tempFiles()) rmSync(nodePath.join(dir, name));
      writeFileSync(wikiDb, previous);
    },
    60_000,
  );
});

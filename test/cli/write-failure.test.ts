// A full disk printed only `okf-wiki: ENOSPC: no space left on device, write`: no file named, no word on what was
// kept (QA review, finding 12). The error is injected where a test cannot have a full disk: the system calls that
// write wiki.db (a FileHandle's writeFile, fs.writeSync) fail as Node's do, an Error with code ENOSPC and syscall
// write.
import { existsSync, readdirSync, realpathSync } from 'node:fs';
import * as nodePath from 'node:path';
import type { runCli as RunCli } from '../support/run-cli';
import { copyWritable, makeTempDir, removeTempDir, REPO_ROOT, snapshotFiles } from '../support/temp-dir';

let mockFull = false;
jest.mock('node:fs', () => {
  const actual = jest.requireActual<typeof import('node:fs')>('node:fs');
  // wiki.db is written through a FileHandle (its bytes whole) or writeSync (its pieces): both fail.
  const open = async (...args: Parameters<typeof actual.promises.open>) => {
    const handle = await actual.promises.open(...args);
    if (mockFull && String(args[0]).includes('wiki.db')) handle.writeFile = () => Promise.reject(enospc());
    return handle;
  };
  return {
    ...actual,
    promises: { ...actual.promises, open },
    writeSync: (...args: Parameters<typeof actual.writeSync>) => {
      if (mockFull) throw enospc();
      return (actual.writeSync as (...a: unknown[]) => number)(...args);
    },
  };
});

let tmp: string;
beforeEach(() => {
  tmp = makeTempDir('okf-write-failure-');
});
afterEach(() => {
  mockFull = false;
  removeTempDir(tmp);
});

function enospc(): Error {
  return Object.assign(new Error('ENOSPC: no space left on device, write'), {
    errno: -28,
    code: 'ENOSPC',
    syscall: 'write',
  });
}

test('reindex on a full disk names wiki.db, says it was not created and the concept files are unchanged', async () => {
  const bundle = realpathSync(copyWritable(nodePath.join(REPO_ROOT, 'examples', 'computing-history'), tmp));
  const before = snapshotFiles(bundle, /(wiki\.db|timeline\.md|keywords\.txt|index\.md|log\.md)$/);
  mockFull = true;
  // Required after jest.mock: this transform does not hoist it above the imports.
  const { runCli } = jest.requireActual<{ runCli: typeof RunCli }>('../support/run-cli');
  const { code, stderr } = await runCli(['reindex', '--bundle', bundle, '--no-embed'], tmp);
  expect(code).toBe(2);
  expect(stderr).toContain(
    `okf-wiki: could not write ${nodePath.join(bundle, 'wiki.db')} (no space left on device); it was not ` +
      'created; the concept files are unchanged\n',
  );
  expect(existsSync(nodePath.join(bundle, 'wiki.db'))).toBe(false);
  expect(snapshotFiles(bundle, /(wiki\.db|timeline\.md|keywords\.txt|index\.md|log\.md)$/)).toEqual(before);
  expect(readdirSync(bundle).filter((name) => name.includes('.tmp-'))).toEqual([]);
});

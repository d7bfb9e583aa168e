// Authoring never damages the files it edits (issue 12, points 2, 3, 14 and the links of "Smaller"): a file that is
// not UTF-8 is refused with its bytes kept, a file's mode survives the atomic rename, a read-only file is refused
// before anything is written, an in-bundle link stays a link (its target is edited), a long CJK title still
// makes a file name, and `demo`'s copy keeps in-bundle links pointing inside the copy.
import {
  chmodSync,
  mkdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import * as nodePath from 'node:path';
import { run } from '../../src/cli/main';
import { conceptFile } from '../support/builders';
import { makeTempDir, removeTempDir, writeTree } from '../support/temp-dir';
import { bufferIo } from '../support/cli-io';

const ADA = '/entities/ada-lovelace.md';
const BABBAGE = '/entities/charles-babbage.md';
const FILES = {
  [ADA]: conceptFile({ type: 'Person', title: 'Ada Lovelace' }, 'Ada Lovelace wrote the first published algorithm.\n'),
  [BABBAGE]: conceptFile(
    { type: 'Person', title: 'Charles Babbage' },
    'Charles Babbage designed the Analytical Engine.\n',
  ),
};

let dir: string;
beforeEach(() => {
  dir = makeTempDir('okf-author-safety-');
  writeTree(dir, FILES);
});
afterEach(() => removeTempDir(dir));

const file = (path: string) => nodePath.join(dir, ...path.split('/').filter(Boolean));
const bytes = (path: string) => readFileSync(file(path));
const mode = (path: string) => statSync(file(path)).mode & 0o777;

async function cli(...args: string[]) {
  const io = bufferIo(dir);
  const code = await run([...args, '--bundle', dir, '--no-embed'], io);
  return { code, stdout: io.stdout(), stderr: io.stderr() };
}

const relate = (subject = 'entities/ada-lovelace', object = 'entities/charles-babbage') =>
  cli('relate', subject, 'corresponded_with', object, '--inverse', 'corresponded_with');

describe('a file that is not UTF-8 (point 2)', () => {
  const LATIN1 = Buffer.from('---\ntype: Person\ntitle: Jos\xe9 Ra\xfal Capablanca\n---\nChess player.\n', 'latin1');
  beforeEach(() => writeFileSync(file('/entities/capablanca.md'), LATIN1));

  test.each([
    [
      'relate, as the subject',
      ['relate', 'entities/capablanca', 'corresponded_with', 'entities/ada-lovelace', '--inverse', 'corresponded_with'],
    ],
    [
      'relate, as the object',
      ['relate', 'entities/ada-lovelace', 'corresponded_with', 'entities/capablanca', '--inverse', 'corresponded_with'],
    ],
    ['supersede', ['supersede', 'entities/capablanca', 'entities/charles-babbage']],
  ])('%s: refused, naming the file, why and how to fix it; no byte of either file changes', async (_what, args) => {
    const { code, stderr } = await cli(...args);
    expect(code).toBe(2);
    expect(stderr).toMatch(
      new RegExp(
        /\/entities\/capablanca\.md is not valid UTF-8 .* editing it would destroy them\. /.source +
          /Convert it to UTF-8 first \(e\.g\. iconv -f latin1 -t utf-8/.source,
      ),
    );
    expect(bytes('/entities/capablanca.md').equals(LATIN1)).toBe(true);
    for (const [path, text] of Object.entries(FILES)) expect(bytes(path).toString('utf8')).toBe(text);
  });
});

describe('file modes (point 3)', () => {
  test('relate keeps a private note private: mode 600 (and 640) survives the rewrite', async () => {
    chmodSync(file(ADA), 0o600);
    chmodSync(file(BABBAGE), 0o640);
    expect((await relate()).code).toBe(0);
    expect(bytes(ADA).toString()).toContain('corresponded_with');
    expect(bytes(BABBAGE).toString()).toContain('corresponded_with');
    expect([mode(ADA), mode(BABBAGE)]).toEqual([0o600, 0o640]);
  });

  test('a read-only object is refused before anything is written: the subject is not touched either', async () => {
    chmodSync(file(BABBAGE), 0o444);
    const adaBefore = statSync(file(ADA));
    const { code, stderr } = await relate();
    expect(code).toBe(2);
    expect(stderr).toContain(
      `${BABBAGE} is read-only (mode 0444); okf-wiki does not replace a ` +
        `read-only file. Make it writable (chmod u+w ${file(BABBAGE)})`,
    );
    expect(stderr).toContain('nothing was written');
    for (const [path, text] of Object.entries(FILES)) expect(bytes(path).toString('utf8')).toBe(text);
    expect(statSync(file(ADA)).ino).toBe(adaBefore.ino);
    expect(mode(BABBAGE)).toBe(0o444);
  });
});

// A link to a concept file is not a concept of its own (QA3 Q5: it was indexed twice, and relate wrote
// `object: /people/ada.md`, a relation to the link, into Babbage): relate refuses it, naming the file it leads to.
test('relate through a link to a concept file refuses, naming the file it leads to, and writes nothing', async () => {
  mkdirSync(file('/people'));
  symlinkSync('../entities/ada-lovelace.md', file('/people/ada.md'));
  const { code, stderr } = await relate('people/ada');
  expect(code).not.toBe(0);
  expect(stderr).toContain('/people/ada.md is a link to /entities/ada-lovelace.md: linked files are not read through');
  expect(readlinkSync(file('/people/ada.md'))).toBe('../entities/ada-lovelace.md');
  for (const [path, text] of Object.entries(FILES)) expect(bytes(path).toString('utf8')).toBe(text);
});

test(
  'file-back with a 90-character CJK title makes a page (the file name ' + 'is cut by bytes, not characters)',
  async () => {
    const title = '計算機の歴史と解析機関'.repeat(9).slice(0, 90);
    writeFileSync(file('/body.txt'), 'バベッジの解析機関について。\n');
    const { code, stdout, stderr } = await cli('file-back', '--title', title, '--body-file', file('/body.txt'));
    expect(stderr).not.toMatch(/ENAMETOOLONG|okf-wiki:/);
    expect(code).toBe(0);
    const created = /as (\/concepts\/[^ ]+\.md)\./.exec(stdout)?.[1] ?? '';
    expect(Buffer.byteLength(nodePath.basename(created))).toBeLessThanOrEqual(200);
    expect(bytes(created).toString()).toContain(`title: ${title}`);
  },
);

test("demo's copy keeps in-bundle links pointing inside the copy, relative ones as written", async () => {
  mkdirSync(file('/people'));
  symlinkSync('../entities/ada-lovelace.md', file('/people/ada.md'));
  symlinkSync(file(BABBAGE), file('/people/babbage.md'));
  const { code, stdout } = await cli('demo', 'Who was Ada Lovelace?');
  expect(code).toBe(0);
  const copy = /^ +in (.+)$/m.exec(stdout)?.[1] ?? '';
  expect(copy).not.toBe('');
  try {
    expect(readlinkSync(nodePath.join(copy, 'people', 'ada.md'))).toBe('../entities/ada-lovelace.md');
    expect(readlinkSync(nodePath.join(copy, 'people', 'babbage.md'))).toBe(
      nodePath.join('..', 'entities', 'charles-babbage.md'),
    );
    expect(realpathSync(nodePath.join(copy, 'people', 'babbage.md'))).toBe(
      realpathSync(nodePath.join(copy, 'entities', 'charles-babbage.md')),
    );
  } finally {
    removeTempDir(copy);
  }
});

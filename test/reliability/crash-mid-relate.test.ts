// Fault: a writer killed between the two renames of a `relate` (issue 12, point 4). The relation is then on one
// side only and a temporary file lies beside the other; the intent record written before the first rename lets
// the next writing command finish the job: both sides hold the relation, the log says it was completed, no
// temporary file or record is left. Killed with SIGKILL in a real process, as crash-mid-persist does.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import { FsBundle } from '../../src/node/fs-bundle';
import { fsPlanJournal } from '../../src/node/pending-writes';
import { planRelate } from '../../src/core/author/relate';
import { DEFAULT_BUNDLE_CONFIG } from '../../src/core/config/bundle-config';
import { conceptFile } from '../support/builders';
import { makeTempDir, removeTempDir, writeTree } from '../support/temp-dir';
import { run } from '../../src/cli/main';
import { buildCli, type BuiltCli } from './support/cli-process';
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
const FORWARD = '- { predicate: corresponded_with, object: /entities/charles-babbage.md }';
const BACKWARD = '- { predicate: corresponded_with, object: /entities/ada-lovelace.md }';
const RELATE = [
  'relate',
  'entities/ada-lovelace',
  'corresponded_with',
  'entities/charles-babbage',
  '--inverse',
  'corresponded_with',
  '--no-embed',
];

let dir: string;
beforeEach(() => {
  dir = makeTempDir('okf-crash-relate-');
  writeTree(dir, FILES);
});
afterEach(() => removeTempDir(dir));

const disk = (path: string) => readFileSync(nodePath.join(dir, path), 'utf8');
const tempFiles = () => readdirSync(nodePath.join(dir, 'entities')).filter((name) => name.includes('.tmp-'));
const pending = () => readdirSync(nodePath.join(dir, '.okf-wiki', 'pending'));

describe('a real process killed between the two renames', () => {
  let cli: BuiltCli;
  beforeAll(async () => {
    cli = await buildCli();
  }, 60_000);
  afterAll(() => cli?.cleanup());

  // The second rename of a concept file is the window: the first side is written, the second is not.
  const killAtSecondRename = `
const fs = require('node:fs');
const rename = fs.promises.rename;
let concepts = 0;
fs.promises.rename = function (from, to) {
  if (String(to).includes('/entities/') && ++concepts === 2) process.kill(process.pid, 'SIGKILL');
  return rename.apply(this, arguments);
};`;

  test.each([['relate'], ['reindex'], ['timeline']])(
    'the next %s completes the relation on both sides and sweeps the temporary file',
    async (next) => {
      const crashed = await cli.run([...RELATE, '--bundle', dir], {
        preload: cli.preload('kill-at-second-rename.cjs', killAtSecondRename),
        timeoutMs: 30_000,
      });
      expect(crashed.signal).toBe('SIGKILL');
      // What the crash leaves: one side related, the other not, its temporary file beside it, and the record.
      expect(disk(ADA)).toContain(FORWARD);
      expect(disk(BABBAGE)).toBe(FILES[BABBAGE]);
      expect(tempFiles()).toHaveLength(1);
      expect(pending()).toHaveLength(1);

      const args =
        next === 'relate'
          ? ['relate', 'entities/charles-babbage', 'met', 'entities/ada-lovelace', '--inverse', 'met']
          : [next];
      const after = await cli.run([...args, '--bundle', dir, '--no-embed'], { timeoutMs: 30_000 });
      expect(after.code).toBe(0);
      expect(after.stderr).toContain(
        'note: an interrupted relate was completed: Related ' +
          '/entities/ada-lovelace.md corresponded_with ' +
          '/entities/charles-babbage.md',
      );
      expect(disk(ADA)).toContain(FORWARD);
      expect(disk(BABBAGE)).toContain(BACKWARD);
      expect(disk('/log.md')).toMatch(
        /\*\*Related\*\*: \/entities\/ada-lovelace\.md corresponded_with .* \(completed after an interrupted run\)\./,
      );
      expect(tempFiles()).toEqual([]);
      expect(pending()).toEqual([]);
    },
    90_000,
  );
});

describe('in-process: a record left before the first rename', () => {
  /** Plans the relate and records it, as a writer killed right after writing the record would leave it. */
  async function leaveRecord() {
    const bundle = new FsBundle(dir);
    const plan = await planRelate(
      bundle,
      {
        subject: 'entities/ada-lovelace',
        predicate: 'corresponded_with',
        object: 'entities/charles-babbage',
        inverse: 'corresponded_with',
      },
      DEFAULT_BUNDLE_CONFIG,
    );
    if (plan.kind !== 'change') throw new Error(JSON.stringify(plan));
    await fsPlanJournal(bundle, () => '**Related**: ada and babbage (by `human:cli`, okf-wiki relate).').begin(plan);
    expect(pending()).toHaveLength(1);
  }

  test('the next writing command writes both files', async () => {
    await leaveRecord();
    const io = bufferIo(dir);
    expect(await run(['keywords', '--bundle', dir], io)).toBe(0);
    expect(io.stderr()).toContain('note: an interrupted relate was completed');
    expect(disk(ADA)).toContain(FORWARD);
    expect(disk(BABBAGE)).toContain(BACKWARD);
    expect(pending()).toEqual([]);
  });

  test('a file edited by someone else since is left as it is and named; the other side is completed', async () => {
    await leaveRecord();
    const edited = FILES[BABBAGE].replace('designed', 'designed and built part of');
    writeFileSync(nodePath.join(dir, BABBAGE), edited);
    const io = bufferIo(dir);
    expect(await run(['keywords', '--bundle', dir], io)).toBe(0);
    expect(io.stderr()).toContain(`${BABBAGE} changed since and was left as it is; run okf-wiki lint.`);
    expect(disk(ADA)).toContain(FORWARD);
    expect(disk(BABBAGE)).toBe(edited);
    expect(pending()).toEqual([]);
  });

  test('a record from another machine (a copied bundle) is never acted on: it is named and left', async () => {
    await leaveRecord();
    const [name] = pending();
    const where = nodePath.join(dir, '.okf-wiki', 'pending', name);
    writeFileSync(where, JSON.stringify({ ...JSON.parse(readFileSync(where, 'utf8')), host: 'elsewhere.invalid' }));
    const io = bufferIo(dir);
    expect(await run(['keywords', '--bundle', dir], io)).toBe(0);
    expect(io.stderr()).toContain(`records an interrupted relate from another machine (elsewhere.invalid); left alone`);
    for (const [path, text] of Object.entries(FILES)) expect(disk(path)).toBe(text);
    expect(pending()).toEqual([name]);
  });

  test('a preview (--dry-run) and a read command leave the record for the next writer', async () => {
    await leaveRecord();
    expect(await run([...RELATE, '--bundle', dir, '--dry-run'], bufferIo(dir))).toBe(0);
    expect(await run(['lint', '--bundle', dir], bufferIo(dir))).toBeLessThanOrEqual(1);
    expect(pending()).toHaveLength(1);
    expect(disk(BABBAGE)).toBe(FILES[BABBAGE]);
  });
});

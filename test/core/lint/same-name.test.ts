// QA2 F24 and F14: concept paths that differ only in case (or NFC/NFD) and concepts sharing a title are reported,
// as warnings, in path order, over real files in a temp folder.
import { run } from '../../../src/cli/main';
import { conceptFile } from '../../support/builders';
import { bufferIo } from '../../support/cli-io';
import { makeTempDir, removeTempDir, writeTree } from '../../support/temp-dir';

let dir: string;
beforeEach(() => (dir = makeTempDir('okf-same-name-')));
afterEach(() => removeTempDir(dir));

async function findings(files: Record<string, string>, check: string) {
  writeTree(dir, files);
  const io = bufferIo(dir);
  expect(await run(['lint', '--json', '--bundle', dir, '--no-embed'], io)).not.toBe(2);
  const report = JSON.parse(io.stdout()) as { findings: { check: string; severity: string; path: string }[] };
  return report.findings
    .filter((f) => f.check === check)
    .map((f) => [f.severity, f.path, (f as { value?: string }).value]);
}

test('case-collision: paths equal under case folding and NFC, each named with the other', async () => {
  const found = await findings(
    {
      '/entities/go.md': conceptFile({ type: 'Language', title: 'Go' }),
      '/entities/Go.md': conceptFile({ type: 'Game', title: 'Go board game' }),
      '/entities/caf\u00e9.md': conceptFile({ type: 'Place', title: 'Cafe one' }),
      '/entities/cafe\u0301.md': conceptFile({ type: 'Place', title: 'Cafe two' }),
      '/entities/unix.md': conceptFile({ type: 'System', title: 'Unix' }),
    },
    'case-collision',
  );
  expect(found).toEqual([
    ['warning', '/entities/Go.md', '/entities/go.md'],
    ['warning', '/entities/cafe\u0301.md', '/entities/caf\u00e9.md'],
    ['warning', '/entities/caf\u00e9.md', '/entities/cafe\u0301.md'],
    ['warning', '/entities/go.md', '/entities/Go.md'],
  ]);
});

test('duplicate-title: two concepts with one title (any case), not a superseded edition', async () => {
  const found = await findings(
    {
      '/entities/unix.md': conceptFile({ type: 'System', title: 'Unix' }),
      '/concepts/unix.md': conceptFile({ type: 'Note', title: 'UNIX' }),
      '/entities/bell-1.md': conceptFile({ type: 'Org', title: 'Bell Labs', superseded_by: '/entities/bell-2.md' }),
      '/entities/bell-2.md': conceptFile({ type: 'Org', title: 'Bell Labs', supersedes: ['/entities/bell-1.md'] }),
    },
    'duplicate-title',
  );
  expect(found).toEqual([
    ['warning', '/concepts/unix.md', '/entities/unix.md'],
    ['warning', '/entities/unix.md', '/concepts/unix.md'],
  ]);
});

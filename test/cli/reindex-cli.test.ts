// `okf-wiki reindex` and the CLI's contract (ARCHITECTURE.md "The command line"): exit codes, usage errors,
// --json shape, the text summary grouping diagnostics by file, and a reindex that is repeatable byte for byte.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import { dumpIndex } from '../../src/core/index/dump';
import { isLoadProblem, WikiIndex } from '../../src/core/index/wiki-index';
import { conceptFile, rel } from '../support/builders';
import { copyWritable, listTree, makeTempDir, removeTempDir, writeTree } from '../support/temp-dir';
import { runCli, type CliRun } from '../support/run-cli';
import { fixtureDir } from '../support/fixtures';

/** Runs the CLI in-process with captured output. */
async function cli(args: readonly string[], cwd: string): Promise<CliRun> {
  return runCli(args, cwd);
}

/** Flags that keep a reindex offline and dated. */
const OFFLINE = ['--no-embed', '--today', '2026-11-30'];

let tmp: string;
beforeEach(() => {
  tmp = makeTempDir('okf-cli-');
});
afterEach(() => removeTempDir(tmp));

describe('usage errors exit 2 with a message and the usage text on stderr', () => {
  test.each<[string, string[], RegExp]>([
    ['an unknown command', ['frobnicate'], /^okf-wiki: unknown command "frobnicate"\n/],
    ['an unknown flag', ['reindex', '--frobnicate'], /^okf-wiki: Unknown option '--frobnicate'/],
    ['an unknown short flag', ['reindex', '-z'], /^okf-wiki: Unknown option '-z'/],
    ['no command', [], /^okf-wiki: no command given\n/],
    ['--bundle without a value', ['reindex', '--bundle'], /^okf-wiki: Option '--bundle <value>' argument missing/],
    ['a boolean flag given a value', ['reindex', '--json=yes'], /^okf-wiki: Option '--json' does not take an argument/],
  ])('%s', async (_case, args, message) => {
    const { code, stdout, stderr } = await cli(args, tmp);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(message);
    expect(stderr).toContain('Usage: okf-wiki <command>');
    expect(listTree(tmp)).toEqual([]);
  });

  test('a missing bundle folder exits 2 naming it, and writes nothing', async () => {
    const { code, stdout, stderr } = await cli(['reindex', '--bundle', 'nowhere', ...OFFLINE], tmp);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(
      new RegExp(`^okf-wiki: bundle folder not found: ${escape(nodePath.join(tmp, 'nowhere'))}\n`),
    );
    expect(existsSync(nodePath.join(tmp, 'nowhere'))).toBe(false);
  });

  test('a bundle that is a file exits 2 naming it', async () => {
    writeFileSync(nodePath.join(tmp, 'notes.md'), '# a file\n');
    const { code, stderr } = await cli(['reindex', '--bundle', 'notes.md', ...OFFLINE], tmp);
    expect(code).toBe(2);
    expect(stderr).toMatch(
      new RegExp(`^okf-wiki: --bundle must be a folder: ${escape(nodePath.join(tmp, 'notes.md'))}\n`),
    );
    expect(readFileSync(nodePath.join(tmp, 'notes.md'), 'utf8')).toBe('# a file\n');
  });

  test('--help prints the usage on stdout and exits 0', async () => {
    const { code, stdout, stderr } = await cli(['--help'], tmp);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(stdout).toMatch(/^Usage: okf-wiki <command> \[--bundle DIR\] \[--json\]/);
    expect(stdout).toMatch(/^ {2}reindex\n {6}rebuild wiki\.db/m);
    expect(stdout).toContain(
      'Exit codes: 0 success, 1 findings or regression, 2 bad usage, refused or invalid input, or an unreadable\n' +
        'bundle, 130 stopped by Ctrl-C.',
    );
  });
});

describe('reindex', () => {
  test(
    'exits 0 and writes wiki.db; --bundle is resolved against the working ' +
      'folder; the default is the working folder',
    async () => {
      writeTree(tmp, { '/b/entities/a.md': conceptFile({ type: 'Person', title: 'A' }) });
      const relative = await cli(['reindex', '--bundle', 'b', ...OFFLINE], tmp);
      expect(relative.code).toBe(0);
      expect(existsSync(nodePath.join(tmp, 'b', 'wiki.db'))).toBe(true);
      const here = await cli(['reindex', ...OFFLINE], nodePath.join(tmp, 'b'));
      expect(here.code).toBe(0);
      expect(here.stdout).toMatch(/^Indexed 1 concept and 0 relations from 1 markdown file in [\d,]+ ms\.\n/);
    },
  );

  test('the text summary counts and lists diagnostics grouped by file', async () => {
    const bundle = copyWritable(fixtureDir('bad-input'), tmp);
    const { code, stdout, stderr } = await cli(['reindex', '--bundle', bundle, ...OFFLINE], tmp);
    expect(code).toBe(0);
    expect(stderr).toMatch(/--no-embed/);
    const lines = stdout.split('\n');
    expect(lines[0]).toMatch(/^Indexed 13 concepts and 3 relations from 17 markdown files in [\d,]+ ms\.$/);
    expect(lines[1]).toBe(`Wrote ${nodePath.join(bundle, 'wiki.db')}`);
    expect(stdout).toContain('\n11 errors, 2 warnings (4 files could not be indexed):\n');

    // Below the header: a `  /path` line per file, once, each followed by its `    severity [code] message` lines.
    const start = lines.findIndex((l) => /^\d+ errors/.test(l)) + 1;
    const groups = new Map<string, string[]>();
    let current = '';
    for (const line of lines.slice(start).filter((l) => l !== '')) {
      if (/^ {2}\//.test(line)) {
        current = line.trim();
        expect(groups.has(current)).toBe(false);
        groups.set(current, []);
      } else {
        expect(line).toMatch(/^ {4}(error|warning)( \(line \d+\))? \[[a-z0-9-]+\] /);
        groups.get(current)!.push(line.trim());
      }
    }
    expect([...groups.keys()]).toEqual([...groups.keys()].sort());
    expect(groups.size).toBe(13);
    expect(groups.get('/duplicate-keys.md')).toEqual([
      'error (line 5) [duplicate-key] Key `title` appears more than once (first on line 3); the last one is used.',
    ]);
    expect(groups.get('/non-string-tag.md')).toEqual([
      expect.stringMatching(/^warning \[non-string-tag\] `tags` entry 2024 is not a string/),
    ]);
    expect(groups.get('/missing-type.md')).toEqual([
      expect.stringMatching(/^error \[missing-type\] Missing required `type`/),
    ]);
    expect(groups.has('/entities/good-person.md')).toBe(false);
  });

  test('a clean bundle says so', async () => {
    writeTree(tmp, {
      '/entities/a.md': conceptFile({ type: 'Person', title: 'A' }),
      '/notes/plain.md': '# no frontmatter\n',
    });
    const { stdout } = await cli(['reindex', '--bundle', tmp, ...OFFLINE], tmp);
    expect(stdout).toContain('\nSkipped 1 markdown file without frontmatter (not concepts).\n');
    expect(stdout).toContain('\nNo problems found in frontmatter.\n');
  });

  test('--json prints the summary as one JSON document and nothing on stderr', async () => {
    const bundle = copyWritable(fixtureDir('bad-input'), tmp);
    const { code, stdout, stderr } = await cli(['reindex', '--bundle', bundle, '--json', ...OFFLINE], tmp);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    const summary = JSON.parse(stdout);
    expect(summary).toMatchObject({
      bundle,
      wikiDb: nodePath.join(bundle, 'wiki.db'),
      concepts: 13,
      relations: 3,
      files: 17,
      invalidFiles: 4,
      skippedFiles: 0,
      counts: { error: 11, warning: 2, info: 0 },
      vectors: { embedded: 0, current: 0, off: { kind: 'turned-off' } },
    });
    expect(typeof summary.ms).toBe('number');
    expect(summary.diagnostics).toHaveLength(13);
    expect(summary.diagnostics).toContainEqual({
      path: '/duplicate-keys.md',
      severity: 'error',
      code: 'duplicate-key',
      message: 'Key `title` appears more than once (first on line 3); the last one is used.',
      line: 5,
      value: 'title',
    });
    for (const d of summary.diagnostics)
      expect(Object.keys(d).sort()).toEqual(expect.arrayContaining(['code', 'message', 'path', 'severity']));
  });

  test('reindexing twice with no edits gives identical tables and a byte-identical wiki.db', async () => {
    writeTree(tmp, {
      '/entities/ada.md': conceptFile(
        {
          type: 'Person',
          title: 'Ada',
          tags: ['math'],
          relations: [rel('knew', '/entities/babbage.md', { date: '1833' })],
        },
        'Ada [[Babbage]].\n',
      ),
      '/entities/babbage.md': conceptFile({
        type: 'Person',
        title: 'Babbage',
        relations: [rel('knew', '/entities/ada.md', { date: '1833' })],
      }),
      '/entities/broken.md': '---\ntype: [\n---\n',
      '/notes.md': '# notes\n',
    });
    const wikiDb = nodePath.join(tmp, 'wiki.db');
    expect((await cli(['reindex', '--bundle', tmp, ...OFFLINE], tmp)).code).toBe(0);
    const first = readFileSync(wikiDb);
    expect((await cli(['reindex', '--bundle', tmp, ...OFFLINE], tmp)).code).toBe(0);
    const second = readFileSync(wikiDb);
    const [a, b] = await Promise.all([WikiIndex.load(first), WikiIndex.load(second)]);
    if (isLoadProblem(a) || isLoadProblem(b)) throw new Error(`wiki.db did not load: ${JSON.stringify([a, b])}`);
    expect(dumpIndex(b)).toEqual(dumpIndex(a));
    expect(a.stats().concepts).toBe(2);
    a.close();
    b.close();
    expect(second.equals(first)).toBe(true);
    expect(listTree(tmp).filter((p) => p.includes('.tmp'))).toEqual([]);
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

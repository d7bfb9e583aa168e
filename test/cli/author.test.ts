import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { FsBundle } from '../../src/node/fs-bundle';
import { run } from '../../src/cli/main';
import { buildIndex } from '../../src/core/index/build';
import { dumpIndex } from '../../src/core/index/dump';
import { openIndex } from '../../src/core/index/open';
import { isLoadProblem, WikiIndex } from '../../src/core/index/wiki-index';
import { lintBundle } from '../../src/core/lint/run-lint';
import { bufferIo } from '../support/cli-io';
import { snapshotFiles, tempBundle } from '../support/temp-dir';

const FLAGS = ['--no-embed', '--today', '2026-12-01'];

let dir: string;
let cleanup: () => void;
beforeEach(() => ({ dir, cleanup } = tempBundle('test/fixtures/author-bundle')));
afterEach(() => cleanup());

const cli = async (...args: string[]) => {
  const io = bufferIo();
  const code = await run([...args, '--bundle', dir, ...FLAGS], io);
  return { code, stdout: io.stdout(), stderr: io.stderr() };
};
const read = (relative: string) => readFileSync(path.join(dir, relative), 'utf8');

/** Findings of the asymmetric-* checks about the given files, after the CLI wrote them. */
async function asymmetricFindings(paths: readonly string[]) {
  const bundle = new FsBundle(dir);
  const { index } = await openIndex(bundle, await bundle.readBytes('/wiki.db'));
  try {
    const report = await lintBundle(index, bundle, { clock: { now: () => '2026-12-01' } });
    return report.findings.filter(
      (f) => f.check.startsWith('asymmetric') && paths.some((p) => f.path === p || f.value?.includes(p)),
    );
  } finally {
    index.close();
  }
}

test('relate --dry-run prints both diffs and writes nothing', async () => {
  const before = snapshotFiles(dir, /$^/);
  const { code, stdout } = await cli(
    'relate',
    'entities/marc-andreessen',
    'invested_in',
    'entities/openai',
    '--date',
    '2019-03-01',
    '--dry-run',
  );
  expect(code).toBe(0);
  expect(stdout).toContain(
    'Would do (dry run, nothing written): Related ' +
      '/entities/marc-andreessen.md invested_in /entities/openai.md ' +
      '(2019-03-01)',
  );
  expect(stdout).toContain('+++ b/entities/openai.md\n');
  expect(stdout).toContain('+  - { predicate: backed_by, object: /entities/marc-andreessen.md, date: "2019-03-01" }\n');
  expect(snapshotFiles(dir, /$^/)).toEqual(before);
});

test(
  'relate writes both files, reindexes, and lint finds nothing ' + 'asymmetric about them; a second run is a no-op',
  async () => {
    const { code, stdout, stderr } = await cli(
      'relate',
      'entities/marc-andreessen',
      'invested_in',
      'entities/openai',
      '--date',
      '2019-03-01',
      '--source',
      'tc-profile',
    );
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout).toMatch(
      new RegExp(
        /^Related \/entities\/marc-andreessen\.md invested_in \/entities\/openai\.md \(2019-03-01\), /.source +
          /and \/entities\/openai\.md backed_by/.source,
      ),
    );
    expect(stdout).toContain('Updated wiki.db and the generated files; logged in log.md.\n');
    expect(read('log.md')).toBe(
      '# Update log\n\n## 2026-12-01\n\n* **Related**: ' +
        '/entities/marc-andreessen.md invested_in /entities/openai.md ' +
        '(2019-03-01), and /entities/openai.md backed_by ' +
        '/entities/marc-andreessen.md (by `human:cli`, okf-wiki relate).\n',
    );
    expect(read('timeline.md')).toContain('2019-03-01');
    expect(read('entities/marc-andreessen.md')).toContain(
      '  - { predicate: invested_in, object: /entities/openai.md, date: "2019-03-01", source: tc-profile }\n',
    );
    expect(read('entities/openai.md')).toContain(
      'relations:\n  - { predicate: backed_by, object: /entities/marc-andreessen.md, date: "2019-03-01" }\n',
    );
    expect(existsSync(path.join(dir, 'wiki.db'))).toBe(true);
    expect(await asymmetricFindings(['/entities/marc-andreessen.md', '/entities/openai.md'])).toEqual([]);
    // The refreshed wiki.db holds exactly what a full rebuild from the files gives (meta aside: build time).
    const bundle = new FsBundle(dir);
    const loaded = await WikiIndex.load((await bundle.readBytes('/wiki.db'))!);
    if (isLoadProblem(loaded)) throw new Error(loaded.reason);
    const rebuilt = await buildIndex(bundle);
    const withoutMeta = (dump: Record<string, string[]>) => ({ ...dump, meta: [] });
    expect(withoutMeta(dumpIndex(loaded))).toEqual(withoutMeta(dumpIndex(rebuilt)));
    loaded.close();
    rebuilt.close();

    const logged = read('log.md');
    const again = await cli(
      'relate',
      'entities/marc-andreessen',
      'invested_in',
      'entities/openai',
      '--date',
      '2019-03-01',
    );
    expect(again).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Already related: /) });
    expect(read('log.md')).toBe(logged);
  },
);

test('a refused relate exits 2 (refused input), says why on stderr, and leaves every file byte-identical', async () => {
  const before = snapshotFiles(dir, /$^/);
  const broken = await cli('relate', 'entities/marc-andreessen', 'founded', 'entities/broken');
  expect(broken.code).toBe(2);
  expect(broken.stderr).toMatch(
    /^okf-wiki: Refused \(relate\): object \/entities\/broken\.md cannot be edited until its frontmatter is fixed: /,
  );
  const noInverse = await cli('relate', 'entities/marc-andreessen', 'admired', 'entities/openai');
  expect(noInverse.code).toBe(2);
  expect(noInverse.stderr).toContain('no inverse is declared for `admired`: pass --inverse PREDICATE');
  expect(snapshotFiles(dir, /$^/)).toEqual(before);
});

test('relate --json reports the outcome as data', async () => {
  const preview = await cli(
    'relate',
    'entities/openai',
    'founded_by',
    'entities/laura-arrillaga',
    '--dry-run',
    '--json',
  );
  expect(JSON.parse(preview.stdout)).toMatchObject({
    operation: 'relate',
    status: 'preview',
    changes: [
      { path: '/entities/openai.md', created: false },
      { path: '/entities/laura-arrillaga.md', created: false },
    ],
  });
  const refused = await cli('relate', 'entities/openai', 'founded_by', 'entities/nobody', '--json');
  expect(refused.code).toBe(2);
  expect(JSON.parse(refused.stdout)).toEqual({
    operation: 'relate',
    status: 'refused',
    message: 'object /entities/nobody.md does not exist',
  });
});

test('bad usage exits 2 with the usage text', async () => {
  const { code, stderr } = await cli('relate', 'entities/openai', 'founded_by');
  expect(code).toBe(2);
  expect(stderr).toContain('okf-wiki: relate needs SUBJECT PREDICATE OBJECT');
  expect(stderr).toContain('Usage: okf-wiki <command>');
  expect((await cli('file-back', '--title', 'X')).code).toBe(2);
});

test('supersede --at writes both ends; lint finds no asymmetric supersession; a loop is refused', async () => {
  const { code, stdout } = await cli(
    'supersede',
    'entities/bush-41-presidency',
    'entities/clinton-presidency',
    '--at',
    '1993-01-20',
  );
  expect(code).toBe(0);
  expect(stdout).toMatch(
    /^Superseded \/entities\/bush-41-presidency\.md by \/entities\/clinton-presidency\.md as of 1993-01-20\./,
  );
  expect(read('entities/bush-41-presidency.md')).toContain(
    'status: superseded   # until 1993\nsuperseded_by: /entities/clinton-presidency.md\nsuperseded_at: "1993-01-20"\n',
  );
  expect(read('entities/clinton-presidency.md')).toContain('supersedes: [/entities/bush-41-presidency.md]\n');
  expect(await asymmetricFindings(['/entities/bush-41-presidency.md', '/entities/clinton-presidency.md'])).toEqual([]);
  expect(read('log.md')).toContain(
    '* **Superseded**: /entities/bush-41-presidency.md by ' +
      '/entities/clinton-presidency.md as of 1993-01-20 (by `human:cli`, ' +
      'okf-wiki supersede).\n',
  );

  const before = snapshotFiles(dir, /$^/);
  const loop = await cli('supersede', 'entities/clinton-presidency', 'entities/reagan-presidency');
  expect(loop.code).toBe(2);
  expect(loop.stderr).toContain(
    'this would create a supersession cycle ' +
      '(/entities/clinton-presidency.md → /entities/reagan-presidency.md → ' +
      '/entities/bush-41-presidency.md → /entities/clinton-presidency.md).',
  );
  expect(snapshotFiles(dir, /$^/)).toEqual(before);

  // QA3 Q14: an --at after --today (2026-12-01) is refused, exit 2, nothing written.
  const future = await cli(
    'supersede',
    'entities/clinton-presidency',
    'entities/bush-43-presidency',
    '--at',
    '2026-12-02',
  );
  expect([future.code, future.stderr]).toEqual([
    2,
    expect.stringContaining('--at 2026-12-02 is after today (2026-12-01): /entities/clinton-presidency.md is still'),
  ]);
  expect(snapshotFiles(dir, /$^/)).toEqual(before);
});

test('file-back reads the body file, stamps generated {by, at}, and refuses to overwrite', async () => {
  const outside = mkdtempSync(path.join(tmpdir(), 'okf-answer-'));
  const bodyFile = path.join(outside, 'answer.md');
  writeFileSync(bodyFile, '# Synthesis\n\nNetscape was [founded](/entities/netscape.md) in 1994.\n');
  try {
    const args = [
      'file-back',
      '--title',
      'Why Netscape mattered',
      '--description',
      'A short synthesis.',
      '--body-file',
      bodyFile,
      '--by',
      'human:alice',
    ];
    const { code, stdout } = await cli(...args);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Filed back "Why Netscape mattered" as \/concepts\/why-netscape-mattered\.md\./);
    expect(read('concepts/why-netscape-mattered.md')).toBe(
      '---\ntype: Concept\ntitle: Why Netscape mattered\ndescription: A ' +
        'short synthesis.\ngenerated: { by: "human:alice", at: "2026-12-01" }\n' +
        '---\n\n# Synthesis\n\nNetscape was [founded](/entities/netscape.md) ' +
        'in 1994.\n',
    );
    expect(read('log.md')).toContain(
      '* **Filed back**: "Why Netscape mattered" as ' +
        '/concepts/why-netscape-mattered.md (by `human:alice`, okf-wiki ' +
        'file-back).\n',
    );
    expect(read('concepts/index.md')).toContain('why-netscape-mattered.md');
    const again = await cli(...args);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain(
      'a page already exists at /concepts/why-netscape-mattered.md; it was not overwritten.',
    );
    expect((await cli('file-back', '--title', 'X', '--body-file', path.join(dir, 'missing.md'))).stderr).toContain(
      'cannot read --body-file',
    );
  } finally {
    rmSync(outside, { recursive: true, force: true });
  }
});

test('file-back refuses a body file that is not valid UTF-8 (QA review 14d: it was filed with U+FFFD)', async () => {
  const outside = mkdtempSync(path.join(tmpdir(), 'okf-answer-'));
  const bodyFile = path.join(outside, 'latin1.md');
  writeFileSync(bodyFile, Buffer.from('Caf\xe9 au lait\n', 'latin1'));
  try {
    const before = snapshotFiles(dir, /$^/);
    const { code, stderr } = await cli('file-back', '--title', 'Cafe', '--body-file', bodyFile);
    expect(code).toBe(2);
    expect(stderr).toContain(`--body-file ${bodyFile} is not valid UTF-8; nothing was filed`);
    expect(snapshotFiles(dir, /$^/)).toEqual(before);
  } finally {
    rmSync(outside, { recursive: true, force: true });
  }
});

test('vocabulary --dry-run previews, vocabulary writes only the marked block of AGENTS.md', async () => {
  const before = read('AGENTS.md');
  const preview = await cli('vocabulary', '--dry-run');
  expect(preview.code).toBe(0);
  expect(preview.stdout).toContain('+| `founded` | 1 | `founded_by` (declared) |');
  expect(read('AGENTS.md')).toBe(before);
  expect((await cli('vocabulary')).code).toBe(0);
  const after = read('AGENTS.md');
  expect(after.slice(0, before.indexOf('<!-- okf-wiki:vocabulary:start -->'))).toBe(
    before.slice(0, before.indexOf('<!-- okf-wiki:vocabulary:start -->')),
  );
  expect(after.endsWith('<!-- okf-wiki:vocabulary:end -->\n\nTrailing notes stay too.\n')).toBe(true);
  expect((await cli('vocabulary')).stdout).toBe('/AGENTS.md: vocabulary of 3 predicates is up to date.\n');
});

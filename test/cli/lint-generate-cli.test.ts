// The generated files from the command line (spec §3, §7.4, §12): `reindex` writes them all plus one log.md
// entry, a second reindex changes nothing else, hand-written index.md files in real bundles are never touched;
// `timeline`, `keywords` and `rebuild-candidates` each do their one thing.
import { existsSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import * as nodePath from 'node:path';
import { copyWritable, makeTempDir, REPO_ROOT, removeTempDir, OKF_BUNDLES } from '../support/temp-dir';
import { runCli, type CliRun } from '../support/run-cli';

const DEMO = nodePath.join(REPO_ROOT, 'examples', 'computing-history');
const GENERATED = ['timeline.md', 'wiki-trigger-keywords.txt', 'index.md', 'entities/index.md', 'concepts/index.md'];

async function cli(...args: string[]): Promise<CliRun> {
  return runCli(args, REPO_ROOT);
}

let tmp: string;
let bundle: string;
beforeEach(() => {
  tmp = makeTempDir('okf-generate-cli-');
  bundle = copyWritable(DEMO, tmp);
  for (const f of ['wiki.db', ...GENERATED, 'log.md']) rmSync(nodePath.join(bundle, f), { force: true });
});
afterEach(() => removeTempDir(tmp));

const read = (path: string) => readFileSync(nodePath.join(bundle, path), 'utf8');

test('reindex writes every generated file and one log entry; a second reindex changes only log.md', async () => {
  const first = await cli('reindex', '--bundle', bundle, '--no-embed', '--today', '2026-11-30');
  expect(first.code).toBe(0);
  expect(first.stdout).toContain(
    'Generated: timeline.md (created), wiki-trigger-keywords.txt (created), log.md (entry added).\n',
  );
  expect(first.stdout).toContain('index.md: 3 created.\n');
  const contents = GENERATED.map(read);
  const mtimes = GENERATED.map((f) => statSync(nodePath.join(bundle, f)).mtimeMs);
  expect(read('timeline.md')).toContain('\n## 1936-05-28\n');
  expect(read('log.md')).toMatch(
    /^# Update log\n\n## 2026-11-30\n\n\* \*\*Reindex\*\*: rebuilt `wiki\.db`, .* \(okf-wiki reindex\)\.\n$/,
  );

  const second = await cli('reindex', '--bundle', bundle, '--no-embed', '--today', '2026-12-01');
  expect(second.code).toBe(0);
  expect(second.stdout).toContain(
    'Generated: timeline.md (unchanged), wiki-trigger-keywords.txt (unchanged), log.md (entry added).\n',
  );
  expect(GENERATED.map(read)).toEqual(contents);
  expect(GENERATED.map((f) => statSync(nodePath.join(bundle, f)).mtimeMs)).toEqual(mtimes);
  expect(read('log.md').match(/^## \d{4}-\d{2}-\d{2}$/gm)).toEqual(['## 2026-12-01', '## 2026-11-30']);
});

test('reindex keeps text a person wrote outside the generated index.md block', async () => {
  await cli('reindex', '--bundle', bundle, '--no-embed');
  const generated = read('entities/index.md');
  const edited = `# People and things\n\nHand-written intro.\n\n${generated}\nHand-written footer.\n`;
  require('node:fs').writeFileSync(nodePath.join(bundle, 'entities/index.md'), edited);
  await cli('reindex', '--bundle', bundle, '--no-embed');
  expect(read('entities/index.md')).toBe(edited);
});

test('timeline and keywords regenerate one file each; unchanged files add no log entry', async () => {
  const timeline = await cli('timeline', '--bundle', bundle, '--today', '2026-11-30');
  expect(timeline).toMatchObject({ code: 0, stdout: 'timeline.md: created\nlog.md: entry added\n' });
  expect(existsSync(nodePath.join(bundle, 'wiki-trigger-keywords.txt'))).toBe(false);
  expect((await cli('timeline', '--bundle', bundle)).stdout).toBe('timeline.md: unchanged\n');
  const keywords = await cli('keywords', '--bundle', bundle, '--json');
  expect(JSON.parse(keywords.stdout).files[0]).toEqual({ path: '/wiki-trigger-keywords.txt', outcome: 'created' });
  expect(read('wiki-trigger-keywords.txt')).toContain('\nAlan Turing\n');
});

test('rebuild-candidates lists the concepts whose sources cite references/, from wiki.db', async () => {
  const { code, stdout } = await cli('rebuild-candidates', '--bundle', bundle, '--json');
  expect(code).toBe(0);
  const result = JSON.parse(stdout);
  expect(result.count).toBeGreaterThan(0);
  const turing = result.candidates.find((c: { path: string }) => c.path === '/entities/alan-turing.md');
  expect(turing.references).toContain('/references/turing-1936-summary.md');
  for (const c of result.candidates) expect(c.references.every((p: string) => p.startsWith('/references/'))).toBe(true);
  const text = await cli('rebuild-candidates', '--bundle', bundle);
  expect(text.stdout).toContain(
    '  /entities/alan-turing.md  [human-reviewed by human:editor: confirm before deleting]\n',
  );
});

describe('real OKF bundles', () => {
  test.each(['acme_retail', 'crypto_bitcoin', 'ga4', 'stackoverflow'])(
    '%s: reindex never changes a hand-written index.md or past log entries',
    async (name) => {
      const real = copyWritable(nodePath.join(OKF_BUNDLES, name), tmp);
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
          e.isDirectory() ? walk(nodePath.join(dir, e.name)) : [nodePath.join(dir, e.name)],
        );
      const before = new Map(walk(real).map((f) => [f, readFileSync(f, 'utf8')]));
      const { code } = await cli('reindex', '--bundle', real, '--no-embed', '--today', '2026-11-30');
      expect(code).toBe(0);
      for (const [file, text] of before) {
        if (file.endsWith('/log.md')) {
          const now = readFileSync(file, 'utf8');
          // The entry is inserted above the older days; every older byte is still there, in order.
          const firstOld = text.indexOf('\n## ');
          expect(now.slice(0, firstOld)).toBe(text.slice(0, firstOld));
          expect(now.endsWith(text.slice(firstOld))).toBe(true);
        } else expect(readFileSync(file, 'utf8')).toBe(text);
      }
      const lint = await cli('lint', '--bundle', real, '--today', '2026-11-30');
      expect(lint.code).toBe(0);
    },
  );
});

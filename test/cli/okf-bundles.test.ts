// Compatibility: the real-world OKF bundles in test/fixtures/okf-bundles (copied into a temporary folder, never
// edited in place) reindex with every concept file indexed, no error-severity diagnostic, and their
// index.md / log.md files (log.md with frontmatter too) left out.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import * as nodePath from 'node:path';
import { rawDatabase, isLoadProblem, WikiIndex } from '../../src/core/index/wiki-index';
import { copyWritable, listTree, makeTempDir, removeTempDir, OKF_BUNDLES } from '../support/temp-dir';
import { runCli } from '../support/run-cli';

let tmp: string;
beforeAll(() => {
  tmp = makeTempDir('okf-bundles-');
});
afterAll(() => removeTempDir(tmp));

test('the shared bundles are there', () => {
  expect(
    readdirSync(OKF_BUNDLES)
      .filter((n) => !n.includes('.'))
      .sort(),
  ).toEqual(['acme_retail', 'crypto_bitcoin', 'ga4', 'stackoverflow']);
});

/** Copies a shared bundle and reindexes the copy (once per bundle); resolves to the copy and the --json summary. */
interface Summary {
  readonly concepts: number;
  readonly invalidFiles: number;
  readonly counts: { readonly error: number };
  readonly diagnostics: ReadonlyArray<{ readonly severity: string }>;
}
const reindexed = new Map<string, Promise<{ bundle: string; summary: Summary; stderr: string; code: number }>>();
function reindexCopy(name: string) {
  if (!reindexed.has(name)) {
    reindexed.set(
      name,
      (async () => {
        const bundle = copyWritable(nodePath.join(OKF_BUNDLES, name), tmp);
        const { code, stdout, stderr } = await runCli(
          ['reindex', '--bundle', bundle, '--json', '--no-embed', '--today', '2026-11-30'],
          tmp,
        );
        return { bundle, summary: (code === 0 ? JSON.parse(stdout) : {}) as Summary, stderr, code };
      })(),
    );
  }
  return reindexed.get(name)!;
}

async function loadWikiDb(bundle: string): Promise<WikiIndex> {
  const loaded = await WikiIndex.load(readFileSync(nodePath.join(bundle, 'wiki.db')));
  if (isLoadProblem(loaded)) throw new Error(loaded.reason);
  return loaded;
}

test.each([
  ['acme_retail', 9],
  ['crypto_bitcoin', 9],
  ['ga4', 9],
  ['stackoverflow', 26],
])('%s reindexes %i concepts with no error', async (name, expectedConcepts) => {
  const original = nodePath.join(OKF_BUNDLES, name);
  const originalFiles = listTree(original);
  const { bundle, summary, stderr, code } = await reindexCopy(name);
  expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  expect(summary.concepts).toBe(expectedConcepts);
  expect(summary.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  expect(summary.counts.error).toBe(0);
  expect(summary.invalidFiles).toBe(0);

  const loaded = await loadWikiDb(bundle);
  const paths = rawDatabase(loaded)
    .all<{ path: string }>('select path from concepts order by path')
    .map((r) => r.path);
  loaded.close();
  expect(paths).toHaveLength(expectedConcepts);
  expect(paths.filter((p) => /\/(index|log)\.md$/i.test(p))).toEqual([]);

  // Every markdown file of the original that is not index.md/log.md is a concept.
  const conceptFiles = originalFiles.filter((p) => p.endsWith('.md') && !/\/(index|log)\.md$/.test(p));
  expect(paths).toEqual(conceptFiles);
  // The original was only read.
  expect(existsSync(nodePath.join(original, 'wiki.db'))).toBe(false);
  expect(listTree(original)).toEqual(originalFiles);
});

test(
  'acme_retail keeps its unquoted dates as written and reads its human ' + 'verification; its log.md has frontmatter',
  async () => {
    const { bundle } = await reindexCopy('acme_retail');
    const loaded = await loadWikiDb(bundle);
    expect(
      rawDatabase(loaded).get('select generated_at, stale_after, trust, verified from concepts where path = ?', [
        '/metrics/gross-margin.md',
      ]),
    ).toEqual({
      generated_at: '2026-06-30T14:00:00Z',
      stale_after: '2026-12-31T00:00:00Z',
      trust: 'human-reviewed',
      verified: '[{"by":"human:jsmith@acme","at":"2026-07-01T09:00:00Z"}]',
    });
    expect(rawDatabase(loaded).get('select count(*) as n from files where path like ?', ['%/log.md'])).toEqual({
      n: 0,
    });
    expect(readFileSync(nodePath.join(OKF_BUNDLES, 'acme_retail', 'log.md'), 'utf8')).toMatch(/^---\ntype: Log\n/);
    loaded.close();
  },
);

// `okf-wiki demo` copies only what the bundle's listing reads (concept files and the bundle's own files), not the
// folders it never walks: a bundle kept in git or beside node_modules had those copied into the temp folder whole.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import { copyTree, makeTempDir, removeTempDir, REPO_ROOT, writeTree } from '../support/temp-dir';
import { runCli } from '../support/run-cli';

const BUNDLE = nodePath.join(REPO_ROOT, 'test', 'fixtures', 'author-bundle');
const OFFLINE = ['--no-embed', '--today', '2026-11-30'];
const CONCEPT = '---\ntype: Concept\ntitle: Vendored Page\n---\nA page of a dependency.\n';

let tmp: string;
beforeEach(() => (tmp = makeTempDir('okf-demo-copy-')));
afterEach(() => removeTempDir(tmp));

test('the demo copies the concept files and the bundle files, not .git, node_modules or wiki.db', async () => {
  const bundle = copyTree(BUNDLE, nodePath.join(tmp, 'bundle'));
  writeTree(bundle, {
    '.git/HEAD': 'ref: refs/heads/main\n',
    '.git/objects/ab/cdef': 'x'.repeat(1000),
    '.obsidian/app.json': '{}',
    '.okf-wiki/pending/1.json': '{}',
    'node_modules/pkg/README.md': CONCEPT,
    'entities/node_modules/dep.md': CONCEPT,
    'wiki.db.tmp-1-a-0': 'a leftover of a killed write',
    'references/openai-charter.md': 'A mirrored source.\n',
    'evaluate.json': '{"questions": []}\n',
  });
  writeFileSync(nodePath.join(bundle, 'wiki.db'), 'not a database: the demo reindexes its copy');
  const { code, stdout } = await runCli(['demo', 'What is OpenAI?', '--bundle', bundle, ...OFFLINE], tmp);
  expect(code).toBe(0);
  // The copy is in os.tmpdir(), which TMPDIR set in a test does not move (jest's process.env is the sandbox's copy).
  const copy = /^ +in (.+)$/m.exec(stdout)?.[1] ?? '';
  expect(nodePath.basename(copy)).toMatch(/^okf-wiki-demo-/);
  try {
    for (const left of ['.git', '.obsidian', '.okf-wiki', 'node_modules', 'entities/node_modules', 'wiki.db.tmp-1-a-0'])
      expect({ left, there: existsSync(nodePath.join(copy, left)) }).toEqual({ left, there: false });
    for (const kept of ['entities/openai.md', 'AGENTS.md', 'evaluate.json', 'references/openai-charter.md'])
      expect(existsSync(nodePath.join(copy, kept))).toBe(true);
    expect(readFileSync(nodePath.join(copy, 'okf-wiki.json'), 'utf8')).toBe(
      readFileSync(nodePath.join(bundle, 'okf-wiki.json'), 'utf8'),
    );
    // The copy's wiki.db is the demo's own reindex, not the bundle's.
    expect(readFileSync(nodePath.join(copy, 'wiki.db')).subarray(0, 15).toString()).toBe('SQLite format 3');
    expect(stdout).toContain('Context from the wiki for:');
  } finally {
    removeTempDir(copy);
  }
});

// Fault: hostile concept files (issue 7, "Bad input"). Every file of test/fixtures/hostile/ (plus the odd names
// and symlinks made at test time) goes through `okf-wiki reindex`: each bad file gets a diagnostic naming it and
// its problem, every good concept is still indexed, no file in the bundle is written, and nothing outside is read.
import { readFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import { FsBundle } from '../../src/node/fs-bundle';
import { run } from '../../src/cli/main';
import { rawDatabase, WikiIndex, isLoadProblem } from '../../src/core/index/wiki-index';
import { readConcept } from '../../src/core/okf/read-concept';
import { contextFor } from '../../src/core/retrieval/context-for';
import type { Diagnostic } from '../../src/core/types';
import {
  GENERATED,
  SENTINEL_TEXT,
  fileFingerprint,
  makeHostileBundle,
  snapshotFiles,
  type HostileBundle,
} from './support/hostile-bundle';
import { bufferIo } from '../support/cli-io';

type Expect = { readonly kind: 'concept' | 'invalid' | 'skipped'; readonly codes: readonly string[] };
const concept = (...codes: string[]): Expect => ({ kind: 'concept', codes });
const invalid = (...codes: string[]): Expect => ({ kind: 'invalid', codes });
const skipped: Expect = { kind: 'skipped', codes: [] };

/** What each hostile file must give: indexed or not, and the diagnostic codes, in order. */
const EXPECTED: Readonly<Record<string, Expect>> = {
  '/entities/ada-lovelace.md': concept(),
  '/entities/charles-babbage.md': concept(),
  // An empty note or one whose frontmatter does not start on line 1 is ordinary markdown, not a concept.
  '/entities/empty.md': skipped,
  '/entities/leading-blank-line.md': skipped,
  '/entities/frontmatter-never-closed.md': invalid('frontmatter-unclosed'),
  '/entities/fence-only.md': invalid('frontmatter-unclosed'),
  '/entities/dashes-inside-body.md': concept(),
  '/entities/bom-and-crlf.md': concept(),
  '/entities/tabs-in-yaml.md': invalid('yaml-syntax'),
  '/entities/deeply-nested-yaml.md': invalid('yaml-too-deep'),
  '/entities/deeply-nested-flow.md': invalid('yaml-too-deep'),
  '/entities/anchors-and-aliases.md': concept(),
  '/entities/billion-laughs.md': invalid('yaml-alias-bomb'),
  '/entities/alias-cycle.md': invalid('yaml-alias-cycle'),
  '/entities/duplicate-keys.md': concept('duplicate-key', 'duplicate-key'),
  '/entities/yaml11-boolean-keys.md': concept(
    'yaml11-boolean-key',
    'yaml11-boolean-key',
    'boolean-key',
    'yaml11-boolean-key',
  ),
  '/entities/bare-dates.md': concept('invalid-date', 'invalid-date', 'invalid-date'),
  '/entities/numbers-and-nulls.md': concept(
    'not-a-string',
    'non-string-tag',
    'non-string-tag',
    'non-string-tag',
    'non-string-alias',
    'not-a-string',
    'not-a-string',
  ),
  '/entities/null-type.md': invalid('missing-type'),
  '/entities/missing-type.md': invalid('missing-type'),
  '/entities/empty-frontmatter.md': invalid('frontmatter-empty'),
  '/entities/frontmatter-is-a-list.md': invalid('frontmatter-not-mapping'),
  '/entities/frontmatter-is-a-scalar.md': invalid('frontmatter-not-mapping'),
  '/entities/relations-as-mapping.md': concept('relations-not-list'),
  '/entities/relation-items-malformed.md': concept(
    'invalid-relation',
    'relation-missing-predicate',
    'relation-missing-object',
    'relation-missing-predicate',
    'relation-missing-object',
  ),
  '/entities/object-dotdot.md': concept('path-escapes-bundle', 'path-escapes-bundle', 'object-path-without-slash'),
  // `\..\..\..\etc\passwd` has no leading `/`, so it is a literal object, never a path (and never read).
  '/entities/object-backslashes.md': concept('path-escapes-bundle'),
  '/entities/object-url-encoded.md': concept('path-escapes-bundle', 'path-escapes-bundle', 'path-escapes-bundle'),
  // `/etc/passwd` is a bundle path (`<bundle>/etc/passwd.md`), the rest are literals: lint reports broken targets.
  '/entities/object-absolute-os-path.md': concept(),
  '/entities/object-nul-byte.md': concept('path-escapes-bundle', 'path-escapes-bundle'),
  '/entities/superseded-by-escapes.md': concept('path-escapes-bundle', 'path-escapes-bundle', 'path-escapes-bundle'),
  '/entities/body-links-escape.md': concept(),
  '/entities/fts5-operator-title.md': concept(),
  '/entities/quotes-title.md': concept(),
  '/entities/rtl-and-combining.md': concept(),
  '/entities/invalid-utf8.md': concept('invalid-utf8'),
  '/entities/binary-data.md': invalid('binary-file'),
  '/entities/proto-pollution.md': concept(),
  '/entities/custom-tags.md': concept(),
  '/entities/complex-keys.md': concept('complex-key', 'complex-key'),
  '/entities/yaml-directive.md': invalid('yaml-syntax'),
  [GENERATED.symlinkOutside]: invalid('unreadable'),
  [GENERATED.symlinkEtc]: invalid('unreadable'),
  // A linked folder leading out is not walked, and said (as a linked file is), naming where it leads.
  [GENERATED.symlinkDirOutside]: invalid('linked-folder'),
  // 100 KB of `[` (no link in it): indexed like any note, without stalling the reindex.
  [GENERATED.bracketRun]: concept(),
  [GENERATED.oddNames.encodedDots]: concept(),
  [GENERATED.oddNames.spacesAndUnicode]: concept(),
  [GENERATED.oddNames.newline]: concept(),
  // A backslash is a separator to the bundle-path rules (Windows), so this Linux file name cannot be read.
  [GENERATED.oddNames.backslash]: invalid('unreadable'),
};

/**
 * Files the CLI may create in a bundle: generated artifacts only (ARCHITECTURE.md, "Truths" 1; log.md is appended to).
 */
const GENERATED_ARTIFACT = /\/(wiki\.db|timeline\.md|wiki-trigger-keywords\.txt|index\.md|log\.md)$/;

interface Summary {
  concepts: number;
  relations: number;
  files: number;
  diagnostics: Diagnostic[];
}

let bundle: HostileBundle;
let summary: Summary;
let before: Map<string, string>;
let sentinelBefore: string;
let index: WikiIndex;
let reindexOutput: string;

beforeAll(async () => {
  bundle = makeHostileBundle({ huge: false, brackets: true });
  before = snapshotFiles(bundle.dir);
  sentinelBefore = fileFingerprint(bundle.sentinel);
  const io = bufferIo(bundle.parent);
  const code = await run(['reindex', '--bundle', bundle.dir, '--json', '--no-embed'], io);
  reindexOutput = io.stdout() + io.stderr();
  if (code !== 0) throw new Error(`reindex exited ${code}: ${io.stderr()}`);
  summary = JSON.parse(io.stdout()) as Summary;
  const loaded = await WikiIndex.load(new Uint8Array(readFileSync(`${bundle.dir}/wiki.db`)));
  if (isLoadProblem(loaded)) throw new Error(loaded.reason);
  index = loaded;
});

afterAll(() => {
  index?.close();
  bundle?.cleanup();
});

test('the corpus holds at least 30 hostile files, and every file the bundle lists has an expectation', () => {
  const hostile = Object.keys(EXPECTED).filter((p) => !/ada-lovelace|charles-babbage/.test(p));
  expect(hostile.length).toBeGreaterThanOrEqual(30);
  const statuses = rawDatabase(index)
    .all<{ path: string }>('select path from files order by path')
    .map((r) => r.path);
  expect(statuses.sort()).toEqual(Object.keys(EXPECTED).sort());
});

test.each(Object.entries(EXPECTED))(
  '%s is indexed as expected, with a diagnostic naming the file and the problem',
  (path, expected) => {
    const status = rawDatabase(index).get<{ status: string }>('select status from files where path = ?', [
      path,
    ])?.status;
    expect(status).toBe(expected.kind);
    const diagnostics = summary.diagnostics.filter((d) => d.path === path);
    expect(diagnostics.map((d) => d.code)).toEqual(expected.codes);
    for (const d of diagnostics) {
      expect(d.message.length).toBeGreaterThan(10);
      expect(d.message).not.toMatch(/undefined|\[object Object\]/);
    }
    // The human-readable report names the file above its problems.
    if (expected.codes.length > 0) expect(reindexOutput).toContain(JSON.stringify(path));
  },
);

test('every good concept is still indexed with its relations, and answers a question', async () => {
  const concepts = Object.values(EXPECTED).filter((e) => e.kind === 'concept').length;
  expect(summary.concepts).toBe(concepts);
  const edges = rawDatabase(index).all<{ predicate: string; object_path: string }>(
    "select predicate, object_path from edges where subject_path = '/entities/ada-lovelace.md'",
  );
  expect(edges).toEqual([{ predicate: 'collaborated_with', object_path: '/entities/charles-babbage.md' }]);
  const answer = await contextFor(index, 'Who was Ada Lovelace?', { clock: { now: () => '2026-06-01' } });
  expect(answer.confident).toBe(true);
  expect(answer.text).toContain('Charles Babbage');
});

test('no file in the bundle is written; only generated artifacts appear', async () => {
  // A read command too (it may refresh wiki.db, never a concept file).
  const io = bufferIo(bundle.parent);
  expect(await run(['context', 'Who was Ada Lovelace?', '--bundle', bundle.dir, '--no-embed'], io)).toBe(0);
  const after = snapshotFiles(bundle.dir);
  for (const [path, fingerprint] of before) expect([path, after.get(path)]).toEqual([path, fingerprint]);
  const created = [...after.keys()].filter((p) => !before.has(p));
  for (const path of created) expect(path).toMatch(GENERATED_ARTIFACT);
});

test(
  'nothing outside the bundle is read or written: the sentinel is ' + 'unchanged and its text is nowhere in the index',
  () => {
    expect(fileFingerprint(bundle.sentinel)).toBe(sentinelBefore);
    expect(Buffer.from(readFileSync(`${bundle.dir}/wiki.db`)).includes(SENTINEL_TEXT)).toBe(false);
    expect(reindexOutput).not.toContain(SENTINEL_TEXT);
    expect(reindexOutput).not.toContain('root:x:0:0');
  },
);

test('relation objects, supersession and links that climb out of the bundle never become paths outside it', () => {
  const paths = [
    ...rawDatabase(index).all<{ p: string }>('select object_path as p from edges where object_path is not null'),
    ...rawDatabase(index).all<{ p: string }>('select superseded_by as p from concepts where superseded_by is not null'),
    ...rawDatabase(index).all<{ p: string }>('select value as p from concepts, json_each(concepts.supersedes)'),
    ...rawDatabase(index).all<{ p: string }>('select target_path as p from links where target_path is not null'),
    ...rawDatabase(index).all<{ p: string }>('select root_path as p from links where root_path is not null'),
  ].map((r) => r.p);
  const fsBundle = new FsBundle(bundle.dir);
  expect(paths.length).toBeGreaterThan(5);
  for (const p of paths) {
    expect(p).toMatch(/^\//);
    expect(p.split('/')).not.toContain('..');
    expect(p).not.toMatch(/[\0\\]/);
    // A double-encoded `%252e%252e` is decoded once, to a folder literally named `%2e%2e`: the file system
    // adapter never decodes again, so it stays inside.
    expect(nodePath.relative(fsBundle.root, fsBundle.resolve(p))).not.toMatch(/^\.\.|^\//);
  }
});

test('the files whose content is odd still index faithfully', () => {
  const row = (path: string) =>
    rawDatabase(index).get<{ title: string; body: string; type: string; aliases: string }>(
      'select * from concepts where path = ?',
      [path],
    )!;
  expect(row('/entities/bom-and-crlf.md').title).toBe('BOM and CRLF');
  expect(row('/entities/bom-and-crlf.md').body).not.toContain('\r');
  expect(row('/entities/dashes-inside-body.md').body).toContain('type: NotFrontmatter');
  expect(row('/entities/duplicate-keys.md').title).toBe('Duplicate Keys');
  expect(JSON.parse(row('/entities/anchors-and-aliases.md').aliases)).toEqual(['yaml', 'anchors']);
  expect(row('/entities/proto-pollution.md').type).toBe('Note');
  expect(row('/entities/rtl-and-combining.md').title).toContain('\u202E');
  expect(row('/entities/invalid-utf8.md').title).toContain('\uFFFD');
});

test('a YAML `.nan` where text belongs is named as NaN in its diagnostic, not as null', () => {
  const nan = summary.diagnostics.find(
    (d) => d.path === '/entities/numbers-and-nulls.md' && d.message.startsWith('`resource`'),
  );
  expect(nan?.message).toBe('`resource` should be text; read NaN as "NaN" (quote it).');
});

test('a `__proto__` key does not pollute Object.prototype', () => {
  readConcept('/entities/proto-pollution.md', readFileSync(`${bundle.dir}/entities/proto-pollution.md`, 'utf8'));
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.prototype).not.toHaveProperty('polluted');
});

test.each([
  ['billion-laughs.md', 'yaml-alias-bomb'],
  ['alias-cycle.md', 'yaml-alias-cycle'],
  ['deeply-nested-flow.md', 'yaml-too-deep'],
  ['deeply-nested-yaml.md', 'yaml-too-deep'],
])('%s is refused quickly (%s), never expanded', (name, code) => {
  const text = readFileSync(`${bundle.dir}/entities/${name}`, 'utf8');
  const result = readConcept(`/entities/${name}`, text);
  expect(result.kind).toBe('invalid');
  expect(result.kind !== 'skipped' && result.diagnostics.map((d) => d.code)).toEqual([code]);
});

// Whole-bundle behaviour over fixture folders on disk: every bad input of issue 2 gives one diagnostic naming
// its file while the good files beside it index normally; reserved, generated and hidden files are not concepts.
import { readdirSync, readFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import { FsBundle } from '../../../src/node/fs-bundle';
import { buildIndex } from '../../../src/core/index/build';
import { rawDatabase, type WikiIndex } from '../../../src/core/index/wiki-index';
import { readConcept } from '../../../src/core/okf/read-concept';
import type { Diagnostic } from '../../../src/core/types';
import { fixtureDir, type FixtureName } from '../../support/fixtures';

const fixture = (name: FixtureName) => new FsBundle(fixtureDir(name));

const conceptPaths = (index: WikiIndex) =>
  rawDatabase(index)
    .all<{ path: string }>('select path from concepts order by path')
    .map((r) => r.path);

describe('bad-input: one clear diagnostic per problem, naming the file', () => {
  let index: WikiIndex;
  let diagnostics: Diagnostic[];
  beforeAll(async () => {
    index = await buildIndex(fixture('bad-input'));
    diagnostics = index.diagnostics();
  });
  afterAll(() => index.close());

  /** Each bad file: the one diagnostic it must give, and whether the rest of it is still indexed as a concept. */
  const expected: Array<[file: string, code: string, severity: string, message: RegExp, stillConcept: boolean]> = [
    ['/unparseable-yaml.md', 'yaml-syntax', 'error', /^YAML syntax error in frontmatter: .*(flow|\]|indent)/i, false],
    ['/frontmatter-not-a-mapping.md', 'frontmatter-not-mapping', 'error', /^Frontmatter is not a mapping/, false],
    ['/missing-type.md', 'missing-type', 'error', /^Missing required `type`/, false],
    ['/empty-type.md', 'missing-type', 'error', /^Empty or non-text `type`/, false],
    ['/boolean-true-key.md', 'boolean-key', 'error', /^Key `true` is a boolean, not a name/, true],
    [
      '/yaml11-on-key.md',
      'yaml11-boolean-key',
      'warning',
      /^Key `on` in `relations` is read as a boolean by YAML 1\.1 parsers/,
      true,
    ],
    [
      '/non-iso-date.md',
      'invalid-date',
      'error',
      /^`stale_after` is not an ISO 8601 date string .*"12\/31\/2026"/,
      true,
    ],
    ['/non-string-tag.md', 'non-string-tag', 'warning', /^`tags` entry 2024 is not a string/, true],
    [
      '/relation-without-predicate.md',
      'relation-missing-predicate',
      'error',
      /^`relations\[0\]` has no `predicate`/,
      true,
    ],
    [
      '/relation-without-object.md',
      'relation-missing-object',
      'error',
      /^`relations\[0\]` \(works_at\) has no `object`/,
      true,
    ],
    [
      '/object-path-escapes.md',
      'path-escapes-bundle',
      'error',
      /^`relations\[0\]\.object` path "\/\.\.\/x\.md" points outside the bundle/,
      true,
    ],
    [
      '/superseded-by-without-status.md',
      'superseded-by-without-status',
      'error',
      /^`superseded_by` is set but `status` is not `superseded`/,
      true,
    ],
    ['/duplicate-keys.md', 'duplicate-key', 'error', /^Key `title` appears more than once \(first on line 3\)/, true],
  ];

  test.each(expected)('%s → %s', (file, code, severity, message, stillConcept) => {
    const mine = diagnostics.filter((d) => d.path === file);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ path: file, code, severity });
    expect(mine[0].message).toMatch(message);
    expect(conceptPaths(index).includes(file)).toBe(stillConcept);
    expect(rawDatabase(index).get('select status from files where path = ?', [file])).toEqual({
      status: stillConcept ? 'concept' : 'invalid',
    });
  });

  test('diagnostics point at the offending line where there is one', () => {
    const line = (file: string) => diagnostics.find((d) => d.path === file)?.line;
    expect(line('/boolean-true-key.md')).toBe(4);
    expect(line('/yaml11-on-key.md')).toBe(5);
    expect(line('/duplicate-keys.md')).toBe(5);
    expect(line('/frontmatter-not-a-mapping.md')).toBe(2);
  });

  test('there are no other diagnostics: the good files have none', () => {
    expect(diagnostics).toHaveLength(expected.length);
    expect(new Set(diagnostics.map((d) => d.path))).toEqual(new Set(expected.map(([file]) => file)));
  });

  test('every good file is indexed as a concept, with its content', () => {
    const good = [
      '/concepts/good-bom.md',
      '/concepts/good-idea.md',
      '/entities/good-org.md',
      '/entities/good-person.md',
    ];
    expect(conceptPaths(index)).toEqual(expect.arrayContaining(good));
    expect(
      rawDatabase(index).all('select path, title, trust from concepts where path in (?, ?, ?, ?) order by path', good),
    ).toEqual([
      { path: '/concepts/good-bom.md', title: 'Good With BOM', trust: 'unverified' },
      { path: '/concepts/good-idea.md', title: 'Good Idea', trust: 'unverified' },
      { path: '/entities/good-org.md', title: 'Good Org', trust: 'unverified' },
      { path: '/entities/good-person.md', title: 'Good Person', trust: 'human-reviewed' },
    ]);
    expect(rawDatabase(index).get('select body from concepts where path = ?', ['/concepts/good-idea.md'])).toEqual({
      body: 'Written with CRLF line endings.\n',
    });
    expect(
      rawDatabase(index).all(
        'select subject_path, predicate, object_path, date from edges where subject_path like ? order by subject_path',
        ['/entities/good-%'],
      ),
    ).toEqual([
      {
        subject_path: '/entities/good-org.md',
        predicate: 'employs',
        object_path: '/entities/good-person.md',
        date: '2020-01-01',
      },
      {
        subject_path: '/entities/good-person.md',
        predicate: 'works_at',
        object_path: '/entities/good-org.md',
        date: '2020-01-01',
      },
    ]);
  });

  test('the good parts of a file with a problem are kept', () => {
    expect(rawDatabase(index).get('select title from concepts where path = ?', ['/duplicate-keys.md'])).toEqual({
      title: 'Second Title',
    });
    expect(rawDatabase(index).get('select extra from concepts where path = ?', ['/boolean-true-key.md'])).toEqual({
      extra: '{"true":"2020-01-01"}',
    });
    expect(rawDatabase(index).get('select tags from concepts where path = ?', ['/non-string-tag.md'])).toEqual({
      tags: '["finance"]',
    });
    expect(
      rawDatabase(index).get('select relations from concepts where path = ?', ['/object-path-escapes.md']),
    ).toEqual({ relations: '[]' });
  });

  test('stats count the invalid files', () => {
    expect(index.stats()).toMatchObject({
      concepts: 13,
      invalidFiles: 4,
      skippedFiles: 0,
      diagnostics: { error: 11, warning: 2, info: 0 },
    });
  });
});

describe('reserved-files: index.md, log.md, generated files, agent docs and hidden folders are not concepts', () => {
  let index: WikiIndex;
  beforeAll(async () => {
    index = await buildIndex(fixture('reserved-files'));
  });
  afterAll(() => index.close());

  test('only the real concepts are indexed', () => {
    expect(conceptPaths(index)).toEqual(['/entities/real-concept.md', '/entities/timeline.md']);
  });

  test('reserved and hidden files are not even read (no file rows, no diagnostics)', () => {
    expect(
      rawDatabase(index)
        .all('select path from files order by path')
        .map((r) => r.path),
    ).toEqual(['/entities/real-concept.md', '/entities/timeline.md']);
    expect(index.diagnostics()).toEqual([]);
  });

  test('the fixture holds the files it claims to, and they would read as concepts if they were not excluded', () => {
    const dir = fixtureDir('reserved-files');
    expect(readdirSync(dir).sort()).toEqual([
      '.obsidian',
      'AGENTS.md',
      'CLAUDE.md',
      'docs',
      'entities',
      'index.md',
      'log.md',
      'timeline.md',
      'wiki-trigger-keywords.txt',
    ]);
    expect(readdirSync(nodePath.join(dir, 'entities')).sort()).toEqual([
      '.draft.md',
      'index.md',
      'log.md',
      'real-concept.md',
      'timeline.md',
    ]);
    for (const file of [
      'index.md',
      'log.md',
      'timeline.md',
      'entities/log.md',
      '.obsidian/workspace.md',
      'entities/.draft.md',
    ]) {
      expect(readConcept(`/${file}`, readFileSync(nodePath.join(dir, file), 'utf8')).kind).toBe('concept');
    }
  });
});

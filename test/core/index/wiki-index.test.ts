// The index over a bundle: a full build fills every table; upsert, delete and rename leave it exactly as a
// fresh rebuild of the same files would (compared table by table with dumpIndex).
import { buildIndex, readBundleFile } from '../../../src/core/index/build';
import { dumpIndex } from '../../../src/core/index/dump';
import { SCHEMA_VERSION } from '../../../src/core/index/schema';
import { rawDatabase, WikiIndex } from '../../../src/core/index/wiki-index';
import { readConcept } from '../../../src/core/okf/read-concept';
import { conceptFile, rawConcept, rel } from '../../support/builders';
import { MemoryBundle } from '../../support/memory-bundle';
import { SAMPLE_CONCEPTS, sampleFiles } from '../../support/sample-bundle';

/** Asserts that `index` holds exactly what a fresh build of `bundle` holds, and that its FTS index is sound. */
async function expectSameAsRebuild(index: WikiIndex, bundle: MemoryBundle): Promise<void> {
  const fresh = await buildIndex(bundle.clone());
  try {
    expect(dumpIndex(index)).toEqual(dumpIndex(fresh));
    expectFtsSound(index);
  } finally {
    fresh.close();
  }
}

/**
 * FTS5's own check that the external-content index matches the concepts table (throws SQLITE_CORRUPT_VTAB otherwise).
 */
function expectFtsSound(index: WikiIndex): void {
  expect(() =>
    rawDatabase(index).run("insert into concepts_fts (concepts_fts) values ('integrity-check')"),
  ).not.toThrow();
}

/** Re-reads one file of the bundle into the index, as the plugin does on a save. */
async function save(index: WikiIndex, bundle: MemoryBundle, path: string, text: string): Promise<void> {
  bundle.set(path, text);
  index.applyFile(await readBundleFile(bundle, path));
}

function ftsPaths(index: WikiIndex, query: string): string[] {
  return rawDatabase(index)
    .all<{ path: string }>('select path from concepts_fts where concepts_fts match ? order by path', [query])
    .map((r) => r.path);
}

describe('a full build', () => {
  let index: WikiIndex;
  beforeAll(async () => {
    index = await buildIndex(new MemoryBundle(sampleFiles()));
  });
  afterAll(() => index.close());

  test('indexes every concept file and nothing reserved, hidden or non-markdown', () => {
    expect(
      rawDatabase(index)
        .all<{ path: string }>('select path from concepts order by path')
        .map((r) => r.path),
    ).toEqual(SAMPLE_CONCEPTS);
    expect(rawDatabase(index).all('select path, status from files order by path')).toEqual([
      { path: '/concepts/computing.md', status: 'concept' },
      { path: '/entities/ada-lovelace.md', status: 'concept' },
      { path: '/entities/analytical-engine.md', status: 'concept' },
      { path: '/entities/broken.md', status: 'invalid' },
      { path: '/entities/charles-babbage.md', status: 'concept' },
      { path: '/entities/eniac.md', status: 'concept' },
      { path: '/entities/kurt-godel.md', status: 'concept' },
      { path: '/notes/plain.md', status: 'skipped' },
      { path: '/references/notes.md', status: 'skipped' },
    ]);
  });

  test('stats count concepts, relations, files and diagnostics by severity', () => {
    expect(index.stats()).toEqual({
      concepts: 6,
      relations: 4,
      files: 9,
      invalidFiles: 1,
      skippedFiles: 2,
      embeddings: 0,
      diagnostics: { error: 1, warning: 1, info: 0 },
    });
  });

  test('meta records the format and schema version', () => {
    expect(index.getMeta('format')).toBe('okf-graph-wiki');
    expect(index.getMeta('schema_version')).toBe(String(SCHEMA_VERSION));
  });

  test('a concept row holds every field, list fields as JSON text', () => {
    const row = rawDatabase(index).get('select * from concepts where path = ?', ['/entities/ada-lovelace.md'])!;
    const concept = readConcept('/entities/ada-lovelace.md', sampleFiles()['/entities/ada-lovelace.md']);
    if (concept.kind !== 'concept') throw new Error('sample is a concept');
    expect(row).toEqual({
      path: '/entities/ada-lovelace.md',
      id: 'entities/ada-lovelace',
      type: 'Person',
      title: 'Ada Lovelace',
      description: 'Wrote the first published program.',
      tags: '["mathematician","programming"]',
      aliases: '["Augusta Ada King"]',
      resource: null,
      sources: '[{"id":"notes","resource":"references/notes.md","title":"Notes"}]',
      relations: JSON.stringify(concept.concept.relations),
      generated_by: 'agent/writer',
      generated_at: '2026-01-01T00:00:00Z',
      verified: '[{"by":"human:reviewer","at":"2026-01-02"}]',
      trust: 'human-reviewed',
      status: null,
      stale_after: null,
      superseded_by: null,
      superseded_at: null,
      supersedes: '[]',
      extra: '{}',
      body: concept.concept.body,
      hash: concept.concept.hash,
    });
    expect(rawDatabase(index).get('select extra from concepts where path = ?', ['/entities/kurt-godel.md'])).toEqual({
      extra: '{"extra_key":{"a":[1,2]}}',
    });
    expect(
      rawDatabase(index).all("select path, trust from concepts where trust != 'unverified' order by path"),
    ).toEqual([
      { path: '/entities/ada-lovelace.md', trust: 'human-reviewed' },
      { path: '/entities/charles-babbage.md', trust: 'machine-confirmed' },
    ]);
  });

  test('relations are queryable with json_each (spec §5)', () => {
    expect(
      rawDatabase(index).all(
        `select c.path, r.value ->> 'predicate' as predicate, r.value ->> ` +
          `'object' as object, r.value ->> 'date' as date
           from ` +
          `concepts c, json_each(c.relations) r where r.value ->> 'predicate' = ` +
          `'collaborated_with' order by c.path`,
      ),
    ).toEqual([
      {
        path: '/entities/ada-lovelace.md',
        predicate: 'collaborated_with',
        object: '/entities/charles-babbage.md',
        date: '1843',
      },
      {
        path: '/entities/charles-babbage.md',
        predicate: 'collaborated_with',
        object: '/entities/ada-lovelace.md',
        date: '1843',
      },
    ]);
    expect(
      rawDatabase(index).all("select c.path from concepts c, json_each(c.tags) t where t.value = 'logic'"),
    ).toEqual([{ path: '/entities/kurt-godel.md' }]);
  });

  test('edges flatten relations: path objects and literals in their own columns, in file order', () => {
    expect(rawDatabase(index).all('select * from edges order by subject_path, ord')).toEqual([
      {
        subject_path: '/entities/ada-lovelace.md',
        ord: 0,
        predicate: 'collaborated_with',
        object_path: '/entities/charles-babbage.md',
        object_literal: null,
        date: '1843',
        source_id: 'notes',
      },
      {
        subject_path: '/entities/ada-lovelace.md',
        ord: 1,
        predicate: 'born_on',
        object_path: null,
        object_literal: '1815-12-10',
        date: null,
        source_id: null,
      },
      {
        subject_path: '/entities/charles-babbage.md',
        ord: 0,
        predicate: 'collaborated_with',
        object_path: '/entities/ada-lovelace.md',
        object_literal: null,
        date: '1843',
        source_id: null,
      },
      {
        subject_path: '/entities/charles-babbage.md',
        ord: 1,
        predicate: 'designed',
        object_path: '/entities/analytical-engine.md',
        object_literal: null,
        date: null,
        source_id: null,
      },
    ]);
    expect(
      rawDatabase(index).all('select subject_path from edges where object_path = ?', ['/entities/ada-lovelace.md']),
    ).toEqual([{ subject_path: '/entities/charles-babbage.md' }]);
  });

  test('links hold the prose links of each body', () => {
    expect(rawDatabase(index).all('select * from links order by source_path, ord')).toEqual([
      {
        source_path: '/entities/ada-lovelace.md',
        ord: 0,
        kind: 'markdown',
        raw: '/entities/analytical-engine.md',
        target_path: '/entities/analytical-engine.md',
        root_path: null,
      },
      {
        source_path: '/entities/ada-lovelace.md',
        ord: 1,
        kind: 'wikilink',
        raw: 'Charles Babbage',
        target_path: null,
        root_path: null,
      },
      {
        source_path: '/entities/charles-babbage.md',
        ord: 0,
        kind: 'markdown',
        raw: './ada-lovelace.md',
        target_path: '/entities/ada-lovelace.md',
        root_path: null,
      },
    ]);
  });

  test('supersession columns are set', () => {
    expect(
      rawDatabase(index).all(
        'select path, status, superseded_by, supersedes, stale_after from ' +
          'concepts where status is not null or supersedes != ? order by path',
        ['[]'],
      ),
    ).toEqual([
      {
        path: '/entities/analytical-engine.md',
        status: 'superseded',
        superseded_by: '/entities/eniac.md',
        supersedes: '[]',
        stale_after: null,
      },
      {
        path: '/entities/eniac.md',
        status: null,
        superseded_by: null,
        supersedes: '["/entities/analytical-engine.md"]',
        stale_after: '2030-01-01',
      },
    ]);
  });

  test('diagnostics are stored per file and read back in order', () => {
    expect(index.diagnostics()).toEqual([
      expect.objectContaining({
        path: '/concepts/computing.md',
        severity: 'warning',
        code: 'non-string-tag',
        value: '2024',
      }),
      expect.objectContaining({
        path: '/entities/broken.md',
        severity: 'error',
        code: 'yaml-syntax',
        line: expect.any(Number),
      }),
    ]);
  });

  test('FTS5 finds title, alias, description, tag and body words, folding diacritics', () => {
    expect(ftsPaths(index, 'godel')).toEqual(['/entities/kurt-godel.md']);
    expect(ftsPaths(index, 'gödel')).toEqual(['/entities/kurt-godel.md']);
    expect(ftsPaths(index, 'augusta')).toEqual(['/entities/ada-lovelace.md']);
    expect(ftsPaths(index, 'published')).toEqual(['/entities/ada-lovelace.md']);
    expect(ftsPaths(index, 'tags:inventor')).toEqual(['/entities/charles-babbage.md']);
    expect(ftsPaths(index, 'incompleteness')).toEqual(['/entities/kurt-godel.md']);
    expect(ftsPaths(index, 'title:engine')).toEqual(['/entities/analytical-engine.md']);
    expect(ftsPaths(index, 'mirrored')).toEqual([]);
    expectFtsSound(index);
  });

  test('bm25 ranks a title hit above a body mention', () => {
    const rows = rawDatabase(index).all<{ path: string }>(
      "select path from concepts_fts where concepts_fts match 'engine' order by bm25(concepts_fts, 0, 10, 5, 2, 2, 1)",
    );
    expect(rows[0].path).toBe('/entities/analytical-engine.md');
  });
});

describe('incremental updates equal a fresh rebuild', () => {
  let bundle: MemoryBundle;
  let index: WikiIndex;
  beforeEach(async () => {
    bundle = new MemoryBundle(sampleFiles());
    index = await buildIndex(bundle.clone());
  });
  afterEach(() => index.close());

  test('building twice gives the same tables', async () => {
    await expectSameAsRebuild(index, bundle);
  });

  test('editing a concept (title, relations, tags, body)', async () => {
    await save(
      index,
      bundle,
      '/entities/kurt-godel.md',
      conceptFile(
        {
          type: 'Person',
          title: 'Kurt Friedrich Gödel',
          tags: ['logic', 'princeton'],
          relations: [rel('worked_at', '/entities/ias.md')],
        },
        'Proved incompleteness in 1931.\n',
      ),
    );
    await expectSameAsRebuild(index, bundle);
    expect(ftsPaths(index, 'friedrich')).toEqual(['/entities/kurt-godel.md']);
    expect(ftsPaths(index, 'logician')).toEqual([]);
  });

  test('removing relations and links shrinks edges and links', async () => {
    await save(
      index,
      bundle,
      '/entities/ada-lovelace.md',
      conceptFile({ type: 'Person', title: 'Ada Lovelace' }, 'No links now.\n'),
    );
    await expectSameAsRebuild(index, bundle);
    expect(
      rawDatabase(index).all('select ord from edges where subject_path = ?', ['/entities/ada-lovelace.md']),
    ).toEqual([]);
  });

  test('adding a new concept', async () => {
    await save(
      index,
      bundle,
      '/entities/alan-turing.md',
      conceptFile({
        type: 'Person',
        title: 'Alan Turing',
        relations: [rel('influenced_by', '/entities/kurt-godel.md')],
      }),
    );
    await expectSameAsRebuild(index, bundle);
    expect(index.stats().concepts).toBe(7);
  });

  test('a concept that becomes invalid, then skipped, then a concept again', async () => {
    const path = '/entities/eniac.md';
    const original = sampleFiles()[path];
    await save(index, bundle, path, rawConcept('title: ENIAC (type lost)'));
    await expectSameAsRebuild(index, bundle);
    expect(
      index
        .diagnostics()
        .filter((d) => d.path === path)
        .map((d) => d.code),
    ).toEqual(['missing-type']);
    expect(ftsPaths(index, 'electronic')).toEqual([]);
    await save(index, bundle, path, '# ENIAC without frontmatter\n');
    await expectSameAsRebuild(index, bundle);
    await save(index, bundle, path, original);
    await expectSameAsRebuild(index, bundle);
    expect(ftsPaths(index, 'electronic')).toEqual([path]);
  });

  test('an invalid file that gets fixed', async () => {
    await save(index, bundle, '/entities/broken.md', conceptFile({ type: 'Person', title: 'Fixed Now' }));
    await expectSameAsRebuild(index, bundle);
    expect(index.stats().diagnostics.error).toBe(0);
  });

  test('applying the same file twice changes nothing', async () => {
    const path = '/entities/ada-lovelace.md';
    await save(index, bundle, path, sampleFiles()[path]);
    await save(index, bundle, path, sampleFiles()[path]);
    await expectSameAsRebuild(index, bundle);
  });

  test('deleting a concept, an invalid file and a skipped file', async () => {
    for (const path of ['/entities/charles-babbage.md', '/entities/broken.md', '/notes/plain.md']) {
      bundle.delete(path);
      index.removeFile(path);
      await expectSameAsRebuild(index, bundle);
    }
    expect(ftsPaths(index, 'inventor')).toEqual([]);
  });

  test('deleting a file the index never held is harmless', async () => {
    index.removeFile('/entities/never-there.md');
    await expectSameAsRebuild(index, bundle);
  });

  test('renaming is removing the old path and applying the new one', async () => {
    bundle.rename('/entities/kurt-godel.md', '/people/kurt-goedel.md');
    index.removeFile('/entities/kurt-godel.md');
    index.applyFile(await readBundleFile(bundle, '/people/kurt-goedel.md'));
    await expectSameAsRebuild(index, bundle);
    expect(ftsPaths(index, 'godel')).toEqual(['/people/kurt-goedel.md']);
    expect(rawDatabase(index).get('select id from concepts where path = ?', ['/people/kurt-goedel.md'])).toEqual({
      id: 'people/kurt-goedel',
    });
  });

  test('renaming onto an existing path replaces it', async () => {
    bundle.rename('/entities/eniac.md', '/entities/analytical-engine.md');
    index.removeFile('/entities/eniac.md');
    index.applyFile(await readBundleFile(bundle, '/entities/analytical-engine.md'));
    await expectSameAsRebuild(index, bundle);
    expect(ftsPaths(index, 'electronic')).toEqual(['/entities/analytical-engine.md']);
  });

  test('a random sequence of creates, edits, renames and deletes (seeded)', async () => {
    let seed = 20261130;
    const random = () => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed / 2 ** 32;
    };
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
    const titles = ['Ada', 'Babbage', 'Gödel', 'Turing', 'Church', 'Hopper'];
    const texts = (): string[] => [
      conceptFile(
        {
          type: 'Person',
          title: pick(titles),
          tags: [pick(['a', 'b', 'c'])],
          relations: [
            rel(pick(['knows', 'cites']), `/entities/${pick(titles).toLowerCase()}.md`, { date: '2020-01-01' }),
          ],
        },
        `Body ${pick(titles)}.\n`,
      ),
      rawConcept('type: [broken'),
      rawConcept(`type: Person\ntitle: ${pick(titles)}\ntags: [1]`),
      '# no frontmatter\n',
      conceptFile({ type: 'Concept' }, `[[${pick(titles)}]] and [x](./${pick(titles)}.md)`),
    ];
    for (let step = 0; step < 40; step++) {
      const existing = (await bundle.list()).filter(
        (p) => p.endsWith('.md') && !p.includes('/.') && !/\/(index|log)\.md$/.test(p),
      );
      const op = pick(['create', 'edit', 'edit', 'rename', 'delete']);
      if (op === 'create' || existing.length === 0) {
        await save(index, bundle, `/entities/n${step}.md`, pick(texts()));
      } else if (op === 'edit') {
        await save(index, bundle, pick(existing), pick(texts()));
      } else if (op === 'rename') {
        const from = pick(existing);
        const to = `/moved/r${step}.md`;
        bundle.rename(from, to);
        index.removeFile(from);
        index.applyFile(await readBundleFile(bundle, to));
      } else {
        const path = pick(existing);
        bundle.delete(path);
        index.removeFile(path);
      }
      await expectSameAsRebuild(index, bundle);
    }
  });
});

describe('embeddings follow the content hash', () => {
  test('an unchanged save keeps the vector; an edit, an invalid file or a delete drops it', async () => {
    const bundle = new MemoryBundle(sampleFiles());
    const index = await buildIndex(bundle);
    const addVector = (path: string) => {
      const { hash } = rawDatabase(index).get<{ hash: string }>('select hash from concepts where path = ?', [path])!;
      rawDatabase(index).run('insert into embeddings (path, model, hash, dim, vector) values (?, ?, ?, ?, ?)', [
        path,
        'm',
        hash,
        2,
        new Uint8Array(8),
      ]);
    };
    const vectors = () =>
      rawDatabase(index)
        .all<{ path: string }>('select path from embeddings order by path')
        .map((r) => r.path);
    for (const path of SAMPLE_CONCEPTS.slice(0, 4)) addVector(path);
    expect(index.stats().embeddings).toBe(4);

    const [computing, ada, engine, babbage] = SAMPLE_CONCEPTS;
    await save(index, bundle, computing, sampleFiles()[computing]);
    await save(index, bundle, ada, sampleFiles()[ada] + '\nMore.\n');
    await save(index, bundle, engine, rawConcept('type: ['));
    index.removeFile(babbage);
    expect(vectors()).toEqual([computing]);
    index.close();
  });
});

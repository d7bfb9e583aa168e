// One file the reader fails on unexpectedly, or whose rows the tables refuse, is an invalid file with a diagnostic
// naming it and the problem; every other file is indexed, by a full build and by a catch-up alike. Before, the
// exception went up and failed the build or the command for the whole bundle (a deeply nested note did so until
// 32ddef5: the fast reader overflowed the stack). The fault is injected at the reader's seam: the reader module is
// replaced, in an isolated module registry, by the real one that throws for one file (as the unbounded reader
// did) or gives a concept the tables refuse; everything else (build, SQLite, the index) is the real code.
import type * as CliModule from '../../../src/cli/main';
import type * as BuildModule from '../../../src/core/index/build';
import type * as DumpModule from '../../../src/core/index/dump';
import type * as WikiIndexModule from '../../../src/core/index/wiki-index';
import type * as ReadConceptModule from '../../../src/core/okf/read-concept';
import type { Concept, ReadResult } from '../../../src/core/types';
import { conceptFile, rel } from '../../support/builders';
import { bufferIo } from '../../support/cli-io';
import { MemoryBundle } from '../../support/memory-bundle';
import { makeTempDir, removeTempDir, writeTree } from '../../support/temp-dir';

const ADA = '/entities/ada-lovelace.md';
const BABBAGE = '/entities/charles-babbage.md';
const HOSTILE = '/entities/hostile.md';

type ReadConcept = typeof ReadConceptModule.readConcept;
type Fault = (path: string, text: string, real: ReadConcept) => ReadResult;
interface Modules {
  readonly build: typeof BuildModule;
  readonly wikiIndex: typeof WikiIndexModule;
  readonly dump: typeof DumpModule;
  readonly cli: typeof CliModule;
}

/** What the reader does with HOSTILE (undefined: the real reading). One registry: SQLite's engine loads once. */
let fault: Fault | undefined;
let m: Modules;
beforeAll(() => {
  jest.isolateModules(() => {
    jest.doMock('../../../src/core/okf/read-concept', () => {
      const actual = jest.requireActual<typeof ReadConceptModule>('../../../src/core/okf/read-concept');
      const readConcept: ReadConcept = (path, text) =>
        fault && path === HOSTILE ? fault(path, text, actual.readConcept) : actual.readConcept(path, text);
      return { ...actual, readConcept };
    });
    /* eslint-disable @typescript-eslint/no-require-imports */
    m = {
      build: require('../../../src/core/index/build') as typeof BuildModule,
      wikiIndex: require('../../../src/core/index/wiki-index') as typeof WikiIndexModule,
      dump: require('../../../src/core/index/dump') as typeof DumpModule,
      cli: require('../../../src/cli/main') as typeof CliModule,
    };
    /* eslint-enable @typescript-eslint/no-require-imports */
  });
});
afterEach(() => (fault = undefined));

/** The reader before 32ddef5 on a note nested ~4,500 levels deep. */
const stackOverflow: Fault = () => {
  throw new RangeError('Maximum call stack size exceeded');
};

/** The real concept with a field the tables refuse (a CHECK constraint), or one JSON cannot write (a BigInt). */
const refusedBy =
  (change: (c: Concept) => Concept): Fault =>
  (path, text, real): ReadResult => {
    const result = real(path, text);
    if (result.kind !== 'concept') throw new Error('the hostile file must read as a concept');
    return { ...result, concept: change(result.concept) };
  };
const badTrust = refusedBy((c) => ({ ...c, trust: 'trusted-by-me' as Concept['trust'] }));
const bigIntExtra = refusedBy((c) => ({ ...c, extra: { ...c.extra, count: BigInt(1) } }));

function bundle(): MemoryBundle {
  return new MemoryBundle({
    [ADA]: conceptFile({ type: 'Person', title: 'Ada Lovelace', relations: [rel('collaborated_with', BABBAGE)] }, ''),
    [BABBAGE]: conceptFile({ type: 'Person', title: 'Charles Babbage' }, 'Designed the [engine](/entities/x.md).\n'),
    [HOSTILE]: conceptFile(
      { type: 'Person', title: 'Hostile Note', relations: [rel('knew', ADA), rel('knew', BABBAGE)] },
      'Knew [Ada](/entities/ada-lovelace.md) and [[charles-babbage]].\n',
    ),
  });
}

/** Every row the index holds about `path`, per table (FTS terms excluded). */
function rowsOf(index: WikiIndexModule.WikiIndex, path: string): Record<string, unknown[]> {
  const db = m.wikiIndex.rawDatabase(index);
  return {
    files: db.all('select path, status from files where path = ?', [path]),
    concepts: db.all('select path from concepts where path = ?', [path]),
    edges: db.all('select ord from edges where subject_path = ?', [path]),
    links: db.all('select ord from links where source_path = ?', [path]),
    diagnostics: db.all('select code, message from diagnostics where path = ?', [path]),
  };
}

const integrityCheck = (index: WikiIndexModule.WikiIndex) =>
  m.wikiIndex.rawDatabase(index).run("insert into concepts_fts (concepts_fts, rank) values ('integrity-check', 1)");

describe.each([
  [
    'the reader throws',
    stackOverflow,
    'read-failed',
    /^Reading the file failed unexpectedly: Maximum call stack size exceeded$/,
  ],
  [
    'a CHECK constraint refuses the concept',
    badTrust,
    'index-failed',
    /^Could not index the file: .*CHECK constraint failed: trust in/,
  ],
  [
    'JSON cannot write a field',
    bigIntExtra,
    'index-failed',
    /^Could not index the file: Do not know how to serialize a BigInt$/,
  ],
])('%s', (_, injected, code, message) => {
  const expectInvalid = (index: WikiIndexModule.WikiIndex) => {
    const rows = rowsOf(index, HOSTILE);
    expect(rows).toEqual({
      files: [{ path: HOSTILE, status: 'invalid' }],
      concepts: [],
      edges: [],
      links: [],
      diagnostics: [{ code, message: expect.stringMatching(message) }],
    });
    expect(index.conceptTitles().map((c) => c.title)).toEqual(['Ada Lovelace', 'Charles Babbage']);
    expect(() => integrityCheck(index)).not.toThrow();
  };

  test('a full build indexes every other file and the hostile one as invalid, without half its rows', async () => {
    fault = injected;
    const index = await m.build.buildIndex(bundle());
    expectInvalid(index);
    // The same tables as applying the files one at a time (the incremental path).
    const applied = await m.wikiIndex.WikiIndex.create();
    const files = bundle();
    for (const path of await m.build.listConceptFiles(files))
      applied.applyFile(await m.build.readBundleFile(files, path));
    expect(m.dump.dumpIndex(index)).toEqual(m.dump.dumpIndex(applied));
    index.close();
    applied.close();
  });

  test('the CLI reindexes, answers and lints the bundle, naming the file and the problem', async () => {
    fault = injected;
    const dir = makeTempDir('okf-faults-');
    try {
      const files = bundle();
      writeTree(dir, Object.fromEntries([...files.files].map(([p, text]) => [p.slice(1), text])));
      const io = bufferIo();
      expect(await m.cli.run(['reindex', '--bundle', dir, '--no-embed'], io)).toBe(0);
      expect(await m.cli.run(['context', 'Who was Ada Lovelace?', '--bundle', dir, '--no-embed'], io)).toBe(0);
      expect(io.stdout()).toContain('Seeds: Ada Lovelace');
      await m.cli.run(['lint', '--bundle', dir], io);
      // The lint line: the file, then the problem.
      expect(io.stdout()).toMatch(new RegExp(`${HOSTILE} +${message.source.slice(1, -1)}`));
    } finally {
      removeTempDir(dir);
    }
  });

  test('a catch-up meeting the hostile file (an edit of it) keeps the others and marks it invalid', async () => {
    const files = bundle();
    const loaded = await m.build.buildIndex(files);
    fault = injected;
    files.set(HOSTILE, files.text(HOSTILE) + 'An edit.\n');
    files.set(ADA, files.text(ADA) + 'She wrote the first program.\n');
    const report = await m.build.refreshFiles(loaded, files, [ADA, HOSTILE]);
    expect(report.sort()).toEqual([ADA, HOSTILE]);
    expectInvalid(loaded);
    expect(loaded.bm25Rows('"program"', 5, [0, 10, 5, 3, 2, 1]).map((r) => r.path)).toEqual([ADA]);
    loaded.close();
  });
});

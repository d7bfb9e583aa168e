// The retrieval catalog read from the index (catalog.ts over read-queries.ts's conceptInfoRows): every concept's
// fields as written, absent fields absent (not null), in path order; and the file states a catch-up compares.
import { catalogOf } from '../../../src/core/retrieval/catalog';
import { buildIndex } from '../../../src/core/index/build';
import type { WikiIndex } from '../../../src/core/index/wiki-index';
import { MemoryBundle, specFile } from '../../support/retrieval-bundle';

const FULL = '/concepts/ö-full.md';
const BARE = '/concepts/a-bare.md';
const NEW = '/concepts/new.md';

let index: WikiIndex;

beforeAll(async () => {
  const files: Record<string, string> = {
    [FULL]: specFile({
      title: 'Full "quoted" \\ title – ✓',
      type: 'Method',
      aliases: ['Alias "one"', 'Ünïcode 𝔸lias'],
      verified: 'human',
      generatedAt: '2026-03-04T05:06:07Z',
      status: 'superseded',
      staleAfter: '2027-01-01',
      supersededBy: NEW,
      supersededAt: '2026-05-01',
    }),
    [BARE]: specFile({ title: 'Bare' }),
    [NEW]: specFile({ title: 'New', verified: 'machine' }),
  };
  const bundle = new MemoryBundle(files);
  // Sizes and times as a file system would give them, for the file states.
  const source = Object.assign(bundle, {
    stat: async (path: string) => (files[path] ? { mtime: 1700000000123, size: files[path].length } : undefined),
  });
  index = await buildIndex(source);
});
afterAll(() => index.close());

test('every concept with its catalog fields as written; absent fields are left out', () => {
  const { concepts } = catalogOf(index);
  expect([...concepts.keys()]).toEqual([BARE, NEW, FULL]);
  expect(concepts.get(FULL)).toEqual({
    path: FULL,
    title: 'Full "quoted" \\ title – ✓',
    type: 'Method',
    trust: 'human-reviewed',
    status: 'superseded',
    staleAfter: '2027-01-01',
    supersededBy: NEW,
    supersededAt: '2026-05-01',
    generatedAt: '2026-03-04T05:06:07Z',
  });
  expect(concepts.get(BARE)).toEqual({
    path: BARE,
    title: 'Bare',
    type: 'Concept',
    trust: 'unverified',
    generatedAt: '2026-01-01T00:00:00Z',
  });
  expect(concepts.get(NEW)?.trust).toBe('machine-confirmed');
});

test('the title and each alias of a concept are title entries of it', () => {
  const folded = catalogOf(index)
    .titles.filter((t) => t.path === FULL)
    .map((t) => t.folded)
    .join(' | ');
  for (const word of ['quoted', 'one', 'lias']) expect(folded).toContain(word);
  expect(catalogOf(index).titles.filter((t) => t.path === FULL).length).toBeGreaterThanOrEqual(3);
});

test('file states give each file its hash, mtime and size as numbers', () => {
  const states = index.fileStates();
  expect([...states.keys()].sort()).toEqual([BARE, NEW, FULL]);
  for (const state of states.values()) {
    expect(state.mtime).toBe(1700000000123);
    expect(typeof state.size).toBe('number');
    expect(state.hash).toMatch(/^[0-9a-f]{16,}$/);
  }
});

// wiki.db's catalog section (src/core/index/catalog-rows.ts, snapshot.ts): the catalog rows as SQLite gives them,
// written after the database under the same checksum; a load answers the catalog from it while the index is as
// loaded, from SQLite once anything changed, and whenever the section cannot stand for the database.
import { buildIndex } from '../../../src/core/index/build';
import { rawDatabase, isLoadProblem, WikiIndex } from '../../../src/core/index/wiki-index';
import { checksum, readSnapshot, withTrailer } from '../../../src/core/index/snapshot';
import { readConcept } from '../../../src/core/okf/read-concept';
import { catalogOf } from '../../../src/core/retrieval/catalog';
import { conceptFile } from '../../support/builders';
import { MemoryBundle } from '../../support/memory-bundle';

const ADA = '/entities/ada.md';
const BABBAGE = '/entities/babbage.md';

let built: WikiIndex;
let file: Uint8Array;

beforeAll(async () => {
  built = await buildIndex(
    new MemoryBundle({
      [ADA]: conceptFile({ title: 'Ada Lovelace', aliases: ['Augusta Ada King'] }, 'Wrote the first program.\n'),
      [BABBAGE]: conceptFile({ title: 'Charles Babbage' }, 'Designed the Analytical Engine.\n'),
    }),
  );
  file = built.export();
});
afterAll(() => built.close());

async function load(bytes: Uint8Array): Promise<WikiIndex> {
  const loaded = await WikiIndex.load(bytes);
  if (isLoadProblem(loaded)) throw new Error(loaded.reason);
  return loaded;
}

const decoded = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

/** The file with its section replaced by `edit(section text)`, resealed as another tool could (checksum redone). */
function withSection(edit: (section: string) => string): Uint8Array {
  const { database, section } = readSnapshot(file);
  return withTrailer(database, new TextEncoder().encode(edit(decoded(section!))));
}

/** The catalog's titles by path. */
const titles = (index: WikiIndex) => [...catalogOf(index).concepts.values()].map((c) => [c.path, c.title]);

test('a written wiki.db carries the catalog rows after its database, under its checksum', () => {
  const { database, section, checked, recorded } = readSnapshot(file);
  expect(checked!.byteLength).toBe(database.byteLength + section!.byteLength);
  expect(recorded).toBe(checksum(checked!));
  expect(JSON.parse(decoded(section!))).toEqual({
    columns: expect.arrayContaining(['path', 'title', 'aliases']),
    rows: [expect.arrayContaining([ADA, 'Ada Lovelace']), expect.arrayContaining([BABBAGE, 'Charles Babbage'])],
    // The files' recorded stats (recorded-stats-section.test.ts).
    files: [[ADA, BABBAGE], expect.any(Array), expect.any(Array), expect.any(Array)],
  });
});

test('the catalog of a loaded index is the one SQLite gives, titles and concepts alike', async () => {
  const loaded = await load(file);
  expect(catalogOf(loaded).concepts).toEqual(catalogOf(built).concepts);
  expect(catalogOf(loaded).titles).toEqual(catalogOf(built).titles);
  loaded.close();
});

test('the section is what a load answers from while nothing changed, SQLite once something did', async () => {
  // A section that disagrees with the database (only another tool writes one) shows which one was read.
  const loaded = await load(withSection((s) => s.replace('"Charles Babbage"', '"Section Title"')));
  expect(titles(loaded)).toEqual([
    [ADA, 'Ada Lovelace'],
    [BABBAGE, 'Section Title'],
  ]);
  loaded.close();

  const changed = await load(withSection((s) => s.replace('"Charles Babbage"', '"Section Title"')));
  changed.applyFile(readConcept(ADA, conceptFile({ title: 'Ada King' }, 'Changed.\n')));
  expect(titles(changed)).toEqual([
    [ADA, 'Ada King'],
    [BABBAGE, 'Charles Babbage'],
  ]);
  changed.close();
});

test.each([
  ['other columns', (s: string) => s.replace('"aliases"', '"nicknames"')],
  ['a path the database does not hold', (s: string) => s.replace(`"${BABBAGE}"`, '"/entities/other.md"')],
  ['a row missing', (s: string) => s.replace(/,\["\/entities\/babbage\.md".*?\]\](?=,"files")/, ']')],
  ['a number for a title', (s: string) => s.replace('"Charles Babbage"', '42')],
  ['an unknown trust', (s: string) => s.replace(/"unverified"/g, '"trusted"')],
  ['not JSON', (s: string) => s.slice(0, 20)],
])('a section with %s is not used: the catalog comes from SQLite', async (_what, edit) => {
  const forged = withSection(edit);
  expect(decoded(readSnapshot(forged).section!)).not.toBe(decoded(readSnapshot(file).section!));
  const loaded = await load(forged);
  expect(titles(loaded)).toEqual([
    [ADA, 'Ada Lovelace'],
    [BABBAGE, 'Charles Babbage'],
  ]);
  loaded.close();
});

test('a changed byte in the section fails the checksum: the file is not used', async () => {
  const damaged = file.slice();
  const { database } = readSnapshot(file);
  damaged[database.byteLength + 5] ^= 1;
  expect(await WikiIndex.load(damaged)).toEqual({ reason: expect.stringContaining('checksum does not match') });
});

test('a file with the first trailer (no section) still loads, its catalog from SQLite', async () => {
  const { database } = readSnapshot(file);
  const legacy = new Uint8Array(database.byteLength + 24);
  legacy.set(database);
  legacy.set(new TextEncoder().encode('okfwsum1' + checksum(database)), database.byteLength);
  const loaded = await load(legacy);
  expect(readSnapshot(legacy).section).toEqual(new Uint8Array(0));
  expect(catalogOf(loaded).concepts).toEqual(catalogOf(built).concepts);
  // Its next save writes the section.
  expect(readSnapshot(loaded.export()).section!.byteLength).toBeGreaterThan(0);
  loaded.close();
});

test('exportTo gives the same bytes as export, section and trailer included', () => {
  const pieces: Uint8Array[] = [];
  built.exportTo((piece) => pieces.push(piece.slice()));
  const joined = new Uint8Array(pieces.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of pieces) {
    joined.set(p, at);
    at += p.byteLength;
  }
  expect(joined).toEqual(file);
  expect(rawDatabase(built).byteLength()).toBe(readSnapshot(file).database.byteLength);
});

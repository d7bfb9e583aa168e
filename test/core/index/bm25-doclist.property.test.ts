// A word's rows and weighted frequencies read from FTS5's doclists in JavaScript (bm25-doclist.ts) must give, through
// bm25-frequencies.ts's formula, FTS5's own bm25() bit for bit for every row, after any sequence of inserts, updates
// and deletes: several segments (each autocommit write is one), automerge and incremental merges (partly consumed
// segments), tiny pages (doclists and position lists spanning pages, doclist indexes), unicode terms, words in
// several columns. Whatever the reader does not know must give null, never another answer.
import fc from 'fast-check';
import { Doclists } from '../../../src/core/index/bm25-doclist';
import { phraseScore, RowSizes } from '../../../src/core/index/bm25-frequencies';
import { Database } from '../../../src/core/index/sqlite';

const WEIGHTS = [0, 10, 8, 4, 4, 1];
const WEIGHT_SQL = WEIGHTS.map((w) => w.toFixed(1)).join(', ');
const COLUMNS = 'path, title, aliases, description, tags, body';
const DECLARATION = `path unindexed, title, aliases, description, tags, body,
  content = 'concepts', content_rowid = 'rowid',
  tokenize = 'porter unicode61 remove_diacritics 2'`;
const PHRASES = ['"common"', '"usual"', '"rare"', '"Gödel"', '"straße"', '"λόγος"', '"東京"', '"running"', '"zzz"'];

async function open(declaration = DECLARATION): Promise<Database> {
  const db = await Database.open();
  db.exec(`create table concepts (path text unique, title text, aliases text, description text, tags text, body text);
    create virtual table concepts_fts using fts5(${declaration});`);
  return db;
}

type Row = [string, string, string, string, string];
function insert(db: Database, path: string, row: Row): void {
  db.run(`insert into concepts (${COLUMNS}) values (?, ?, ?, ?, ?, ?)`, [path, ...row]);
  db.run(`insert into concepts_fts (rowid, ${COLUMNS}) select rowid, ${COLUMNS} from concepts where path = ?`, [path]);
}
function remove(db: Database, path: string): void {
  const old = db.get<Record<string, string | number>>(`select rowid, ${COLUMNS} from concepts where path = ?`, [path]);
  if (!old) return;
  db.run(`insert into concepts_fts (concepts_fts, rowid, ${COLUMNS}) values ('delete', ?, ?, ?, ?, ?, ?, ?)`, [
    old.rowid,
    old.path,
    old.title,
    old.aliases,
    old.description,
    old.tags,
    old.body,
  ]);
  db.run('delete from concepts where path = ?', [path]);
}

/** FTS5's scores of a phrase against those recomputed from the doclists: equal ids, every score Object.is. */
function check(db: Database, reader: Doclists, phrase: string, label: string, sizes = new RowSizes(db)): void {
  const want = db.numberPairs(
    `select rowid, bm25(concepts_fts, ${WEIGHT_SQL}) from concepts_fts where concepts_fts match ?`,
    [phrase],
  );
  const got = reader.read(phrase, WEIGHTS);
  if (!got) throw new Error(`${label} ${phrase}: not read`);
  expect([label, phrase, Array.from(got.ids)]).toEqual([label, phrase, Array.from(want.ids)]);
  const idf = sizes.idf(got.ids.length);
  for (let i = 0; i < got.ids.length; i++) {
    const score = phraseScore(got.freqs[i], sizes.size(got.ids[i])!, sizes.avgdl, idf);
    if (!Object.is(score, want.values[i]))
      throw new Error(`${label} ${phrase} row ${got.ids[i]}: ${score} is not FTS5's ${want.values[i]}`);
  }
}

const word = fc.constantFrom(
  ...['common', 'common', 'common', 'usual', 'usual', 'rare', 'filler', 'GÖDEL', 'godel', 'Straße', 'λόγος'],
  ...['東京', 'runs', 'running', 'Run', 'e-mail'],
);
const field = (max: number) => fc.array(word, { maxLength: max }).map((w) => w.join(' '));
// Now and then a long run of one word: a position list longer than a page.
const body = fc.oneof(
  field(30),
  fc.tuple(word, fc.integer({ min: 20, max: 120 })).map(([w, n]) => `${w} `.repeat(n)),
);
const row = fc.tuple(field(4), field(3), field(6), field(3), body);
const op = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('put' as const), slot: fc.nat(59), row }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('remove' as const), slot: fc.nat(59) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('batch' as const),
      puts: fc.array(fc.tuple(fc.nat(59), row), { minLength: 1, maxLength: 8 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('merge' as const), pages: fc.integer({ min: -8, max: 8 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('optimize' as const) }) },
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

function apply(db: Database, o: Op): void {
  const put = (slot: number, r: Row) => {
    remove(db, `/s${slot}`);
    insert(db, `/s${slot}`, r);
  };
  if (o.kind === 'put') put(o.slot, o.row);
  else if (o.kind === 'remove') remove(db, `/s${o.slot}`);
  else if (o.kind === 'batch') {
    db.exec('begin');
    for (const [slot, r] of o.puts) put(slot, r);
    db.exec('commit');
  } else if (o.kind === 'merge') db.run("insert into concepts_fts (concepts_fts, rank) values ('merge', ?)", [o.pages]);
  else db.run("insert into concepts_fts (concepts_fts) values ('optimize')");
}

test('doclist frequencies give FTS5 bm25() bit for bit after random writes, merges and tiny pages', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.record({ pgsz: fc.constantFrom(32, 64, 200, 4050), automerge: fc.constantFrom(0, 2, 4, 8) }),
      fc.array(op, { minLength: 1, maxLength: 30 }),
      async ({ pgsz, automerge }, ops) => {
        const db = await open();
        db.run("insert into concepts_fts (concepts_fts, rank) values ('pgsz', ?)", [pgsz]);
        db.run("insert into concepts_fts (concepts_fts, rank) values ('automerge', ?)", [automerge]);
        const reader = new Doclists(db);
        ops.forEach((o, step) => {
          apply(db, o);
          const sizes = new RowSizes(db);
          for (const phrase of PHRASES) check(db, reader, phrase, `step ${step}`, sizes);
        });
        db.close();
      },
    ),
    { numRuns: 15 },
  );
});

test('a table of many rows: doclists of hundreds of pages with doclist indexes, read exactly', async () => {
  const db = await open();
  db.run("insert into concepts_fts (concepts_fts, rank) values ('pgsz', 64)");
  db.exec('begin');
  for (let i = 0; i < 1500; i++)
    insert(db, `/r${i}`, [`common t${i}`, i % 3 ? 'usual' : '', 'common rare', '', 'common '.repeat(1 + (i % 50))]);
  db.exec('commit');
  // A doclist index exists: the reader walks past its pages without reading it.
  expect(db.get<{ n: number }>('select count(*) as n from concepts_fts_data where id & (1 << 36)')!.n).toBeGreaterThan(
    0,
  );
  const reader = new Doclists(db);
  for (const phrase of ['"common"', '"usual"', '"rare"', '"t77"']) check(db, reader, phrase, 'bulk');
  for (let i = 0; i < 1500; i += 7) remove(db, `/r${i}`);
  for (const phrase of ['"common"', '"usual"', '"t77"']) check(db, reader, phrase, 'after deletes');
  db.close();
});

describe('what the reader does not know gives null', () => {
  test('inside a transaction (terms pending in FTS5 memory)', async () => {
    const db = await open();
    insert(db, '/a', ['common', '', '', '', 'common']);
    const reader = new Doclists(db);
    expect(reader.read('"common"', WEIGHTS)?.ids).toEqual(Float64Array.from([1]));
    db.exec('begin');
    insert(db, '/b', ['common', '', '', '', '']);
    expect(reader.read('"common"', WEIGHTS)).toBeNull();
    db.exec('commit');
    check(db, reader, '"common"', 'after commit');
    // A reader first asked inside a transaction makes nothing there (a rollback would take it away).
    const late = new Doclists(db);
    db.exec('begin');
    expect(late.read('"common"', WEIGHTS)).toBeNull();
    db.exec('rollback');
    check(db, late, '"common"', 'after rollback');
    db.close();
  });

  test('a phrase of several tokens or none, weights not whole, a phrase not quoted', async () => {
    const db = await open();
    insert(db, '/a', ['e-mail common', '', '', '', '']);
    const reader = new Doclists(db);
    expect(reader.read('"e-mail"', WEIGHTS)).toBeNull();
    expect(reader.read('"..."', WEIGHTS)).toBeNull();
    expect(reader.read('common', WEIGHTS)).toBeNull();
    expect(reader.read('"common"', [0, 10.5, 8, 4, 4, 1])).toBeNull();
    expect(reader.read('"common"', WEIGHTS)).not.toBeNull();
    db.close();
  });

  test('secure-delete, another config key, another detail mode, a prefix index', async () => {
    const db = await open();
    insert(db, '/a', ['common', '', '', '', '']);
    const reader = new Doclists(db);
    db.run("insert into concepts_fts (concepts_fts, rank) values ('secure-delete', 1)");
    expect(reader.read('"common"', WEIGHTS)).toBeNull();
    db.close();
    for (const extra of ["detail = 'column'", "detail = 'none'", "prefix = '2'", 'columnsize = 0']) {
      const other = await open(`${DECLARATION}, ${extra}`);
      insert(other, '/a', ['common', '', '', '', '']);
      expect([extra, new Doclists(other).read('"common"', WEIGHTS)]).toEqual([extra, null]);
      other.close();
    }
  });

  test('a damaged structure record or leaf', async () => {
    const db = await open();
    for (let i = 0; i < 5; i++) insert(db, `/a${i}`, ['common', '', '', '', 'common']);
    const reader = new Doclists(db);
    expect(reader.read('"common"', WEIGHTS)).not.toBeNull();
    db.run('update concepts_fts_data set block = substr(block, 1, length(block) - 1) where id = 10');
    expect(reader.read('"common"', WEIGHTS)).toBeNull();
    db.close();
  });
});

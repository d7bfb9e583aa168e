// Layouts the property test (bm25-doclist.property.test.ts) does not reach by chance: segments an incremental merge
// has partly consumed (first page past 1), rowids past 5,000 with gaps over 1,000 (the product's rowids grow with
// every save), and damaged leaves the reader must refuse (null: the caller asks FTS5) instead of answering or throwing.
import { Doclists } from '../../../src/core/index/bm25-doclist';
import { phraseScore, RowSizes } from '../../../src/core/index/bm25-frequencies';
import { Database } from '../../../src/core/index/sqlite';

const WEIGHTS = [0, 10, 8, 4, 4, 1];
const WEIGHT_SQL = WEIGHTS.map((w) => w.toFixed(1)).join(', ');
const COLUMNS = 'path, title, aliases, description, tags, body';
/** Segment 1's first leaf page (FTS5_SEGMENT_ROWID(1, 1)). */
const FIRST_LEAF = 2 ** 37 + 1;

async function open(pgsz?: number): Promise<Database> {
  const db = await Database.open();
  db.exec(`create table concepts (path text unique, title text, aliases text, description text, tags text, body text);
    create virtual table concepts_fts using fts5(path unindexed, title, aliases, description, tags, body,
      content = 'concepts', content_rowid = 'rowid', tokenize = 'porter unicode61 remove_diacritics 2');`);
  if (pgsz) db.run("insert into concepts_fts (concepts_fts, rank) values ('pgsz', ?)", [pgsz]);
  return db;
}

function insert(db: Database, rowid: number, row: [string, string, string, string, string]): void {
  db.run(`insert into concepts (rowid, ${COLUMNS}) values (?, ?, ?, ?, ?, ?, ?)`, [rowid, `/p${rowid}`, ...row]);
  db.run(`insert into concepts_fts (rowid, ${COLUMNS}) select rowid, ${COLUMNS} from concepts where rowid = ?`, [
    rowid,
  ]);
}

/** The reader's rows and recomputed scores equal FTS5's bm25() (Object.is); throws when the reader gives null. */
function check(db: Database, phrase: string): void {
  const want = db.numberPairs(
    `select rowid, bm25(concepts_fts, ${WEIGHT_SQL}) from concepts_fts where concepts_fts match ?`,
    [phrase],
  );
  const got = new Doclists(db).read(phrase, WEIGHTS);
  if (!got) throw new Error(`${phrase}: not read`);
  expect([phrase, Array.from(got.ids)]).toEqual([phrase, Array.from(want.ids)]);
  const sizes = new RowSizes(db);
  const idf = sizes.idf(got.ids.length);
  for (let i = 0; i < got.ids.length; i++) {
    const score = phraseScore(got.freqs[i], sizes.size(got.ids[i])!, sizes.avgdl, idf);
    if (!Object.is(score, want.values[i]))
      throw new Error(`${phrase} row ${got.ids[i]}: ${score} vs ${want.values[i]}`);
  }
}

/** The structure record's segments' first pages (fts5StructureDecode: level, nMerge, nSeg, then segid first last). */
function firstPages(db: Database): number[] {
  const b = db.get<{ block: Uint8Array }>('select block from concepts_fts_data where id = 10')!.block;
  const v: number[] = [];
  for (let i = 4; i < b.length;) {
    let x = 0;
    for (;;) {
      const c = b[i++];
      x = x * 128 + (c & 0x7f);
      if (!(c & 0x80)) break;
    }
    v.push(x);
  }
  const firsts: number[] = [];
  for (let at = 3, level = 0; level < v[0]; level++) {
    const nSeg = v[at + 1];
    for (let s = 0; s < nSeg; s++) firsts.push(v[at + 2 + s * 3 + 1]);
    at += 2 + nSeg * 3;
  }
  return firsts;
}

test('an incremental merge in progress: partly consumed segments are read from their new first page', async () => {
  const db = await open(64);
  db.run("insert into concepts_fts (concepts_fts, rank) values ('automerge', 0)");
  const words = Array.from({ length: 60 }, (_, i) => `w${String(i).padStart(3, '0')}`);
  for (let r = 1; r <= 6; r++) insert(db, r, [words.join(' '), 'common', '', '', `common ${words.slice(r).join(' ')}`]);
  for (const pages of [2, 3, 5]) {
    db.run("insert into concepts_fts (concepts_fts, rank) values ('merge', ?)", [pages]);
    expect(firstPages(db).some((first) => first > 1)).toBe(true);
    for (const w of [...words, 'common']) check(db, `"${w}"`);
  }
  db.close();
});

test('rowids past 5,000 with gaps over 1,000, on pages whose first rowid is stored whole', async () => {
  const db = await open(64);
  db.exec('begin');
  for (let i = 0; i < 300; i++) {
    const rowid = 5_001 + i * 1_013 + (i % 7) * 131;
    insert(db, rowid, [`common t${i}`, i % 3 ? 'usual' : '', '', '', 'common '.repeat(1 + (i % 4))]);
  }
  db.exec('commit');
  insert(db, 2 ** 31 + 5, ['common', '', '', '', 'usual']);
  for (const phrase of ['"common"', '"usual"', '"t250"']) check(db, phrase);
  db.close();
});

describe('a damaged leaf gives null, never another score nor an exception', () => {
  async function twoRows(): Promise<{ db: Database; leaf: Uint8Array }> {
    const db = await open();
    insert(db, 1000, ['common usual', 'x common', '', '', 'common zed']);
    insert(db, 2000, ['usual', '', '', '', 'zed']);
    check(db, '"common"');
    const leaf = db.get<{ block: Uint8Array }>('select block from concepts_fts_data where id = ?', [FIRST_LEAF])!.block;
    return { db, leaf: leaf.slice() };
  }
  const write = (db: Database, leaf: Uint8Array) =>
    db.run('update concepts_fts_data set block = ? where id = ?', [leaf, FIRST_LEAF]);

  test('a column marker followed by another marker (FTS5 stops counting there)', async () => {
    const { db, leaf } = await twoRows();
    // Row 1000's "common": column 1 position 0, column 2 position 1, column 5 position 0.
    const list = [0x01, 0x01, 0x02, 0x01, 0x02, 0x03, 0x01, 0x05, 0x02];
    const at = leaf.findIndex((_, i) => list.every((b, k) => leaf[i + k] === b));
    expect(at).toBeGreaterThan(4);
    leaf[at + 2] = 0x01;
    write(db, leaf);
    expect(new Doclists(db).read('"common"', WEIGHTS)).toBeNull();
    db.close();
  });

  test('a position list size far past the pages there are (no huge allocation, no RangeError)', async () => {
    for (const size of [
      [0xff, 0xff, 0xff, 0xff, 0x7f],
      [0x87, 0xff, 0xff, 0xff, 0x7f],
    ]) {
      const { db, leaf } = await twoRows();
      // Row 1000's "common" entry: its size varint (9 bytes of positions, no delete flag: 18) is at byte 14.
      expect([leaf[14], leaf[15]]).toEqual([18, 0x01]);
      leaf.set(size, 14);
      write(db, leaf);
      expect(new Doclists(db).read('"common"', WEIGHTS)).toBeNull();
      db.close();
    }
  });
});

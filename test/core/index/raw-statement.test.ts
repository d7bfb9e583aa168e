// Database binds, steps and reads through the engine's raw exports (raw-statement.ts), not its oo1 wrapper: every
// value must reach SQLite with the type the wrapper gave it and come back as the wrapper returned it, including
// the awkward ones (lone surrogates, NUL bytes, a leading BOM, integer edges, empty and large blobs and strings).
import { Database } from '../../../src/core/index/sqlite';

let db: Database;
beforeAll(async () => {
  db = await Database.open();
  db.exec('create table t (k integer primary key, v)');
});
afterAll(() => db.close());

/** Stores `value`, reads it back with its SQLite type and byte length. */
function roundTrip(value: string | number | null | Uint8Array) {
  db.run('delete from t');
  db.run('insert into t (k, v) values (1, ?)', [value]);
  return db.get<{ v: unknown; type: string; bytes: number | null }>(
    'select v, typeof(v) as type, length(cast(v as blob)) as bytes from t',
  )!;
}

test.each([
  [0, 'integer', 0],
  [-0, 'integer', 0],
  [2 ** 31 - 1, 'integer', 2 ** 31 - 1],
  [2 ** 31, 'integer', 2 ** 31],
  [-(2 ** 31) - 1, 'integer', -(2 ** 31) - 1],
  [Number.MAX_SAFE_INTEGER, 'integer', Number.MAX_SAFE_INTEGER],
  [1.5, 'real', 1.5],
  [1764561234567.25, 'real', 1764561234567.25],
])('the number %p is stored as %s and read back', (value, type, back) => {
  const r = roundTrip(value);
  expect(r.type).toBe(type);
  expect(r.v).toBe(back);
});

test('integers beyond 2^53 come back as bigint, as the wrapper returns them', () => {
  db.run('delete from t');
  db.run('insert into t (k, v) values (1, 9007199254740993)');
  expect(db.get<{ v: unknown }>('select v from t')!.v).toBe(BigInt('9007199254740993'));
});

test('strings keep their characters; a lone surrogate becomes U+FFFD, as TextEncoder makes it', () => {
  for (const s of ['', 'a', 'Gödel 𝔊 — ∑', 'x'.repeat(300_000), 'é'.repeat(100_000)]) {
    const r = roundTrip(s);
    expect(r).toEqual({ v: s, type: 'text', bytes: new TextEncoder().encode(s).length });
  }
  expect(roundTrip('a\ud800b').v).toBe('a\ufffdb');
});

test('ASCII strings up to the short length and past it, and short ones with a non-ASCII unit, keep their bytes', () => {
  // Short ASCII strings are copied by a loop, the rest by TextEncoder: both must store the same UTF-8 bytes.
  const cases = [
    'k'.repeat(63),
    'k'.repeat(64),
    'k'.repeat(65),
    `${'k'.repeat(63)}é`,
    `é${'k'.repeat(10)}`,
    '\x7f\x01~',
  ];
  for (const s of cases) {
    const r = roundTrip(s);
    expect(r).toEqual({ v: s, type: 'text', bytes: new TextEncoder().encode(s).length });
  }
  expect(roundTrip('\ud800').v).toBe('\ufffd');
});

test('values bound after the engine memory grew reach SQLite whole (the kept view of the memory is renewed)', () => {
  expect(roundTrip('before').v).toBe('before');
  const grow = jest.spyOn(WebAssembly.Memory.prototype, 'grow');
  db.reserve(96 * 1024 * 1024);
  expect(grow).toHaveBeenCalled();
  grow.mockRestore();
  for (const s of ['after', 'é after', 'x'.repeat(1000)]) expect(roundTrip(s).v).toBe(s);
  const blob = new Uint8Array([9, 8, 7]);
  expect(roundTrip(blob).v).toEqual(blob);
});

test('text with a NUL character is bound and read whole, as the wrapper does', () => {
  const r = roundTrip('ab\0cd');
  expect(r.type).toBe('text');
  expect(r.bytes).toBe(5);
  expect(r.v).toBe('ab\0cd');
});

test('a leading BOM is stored and, as with the wrapper, dropped on reading', () => {
  const r = roundTrip('\ufeffhello');
  expect(r.bytes).toBe(8);
  expect(r.v).toBe('hello');
});

test('null and blobs (empty, small, larger than any scratch buffer so far) round-trip', () => {
  expect(roundTrip(null)).toEqual({ v: null, type: 'null', bytes: null });
  expect(roundTrip(new Uint8Array(0))).toEqual({ v: new Uint8Array(0), type: 'blob', bytes: 0 });
  const big = Uint8Array.from({ length: 600_000 }, (_, i) => (i * 7) & 255);
  const r = roundTrip(big);
  expect(r.type).toBe('blob');
  expect(r.v).toBeInstanceOf(Uint8Array);
  expect(Buffer.compare(r.v as Uint8Array, big)).toBe(0);
});

test('many parameters, several types at once, in order', () => {
  const row = db.get<Record<string, unknown>>('select ? as a, ? as b, ? as c, ? as d, ? as e', [
    'x',
    7,
    null,
    2.5,
    new Uint8Array([1, 2]),
  ]);
  expect(row).toEqual({ a: 'x', b: 7, c: null, d: 2.5, e: new Uint8Array([1, 2]) });
});

test("SQLite's errors are thrown as the wrapper words them, and the statement stays usable", () => {
  db.run('delete from t');
  db.run('insert into t (k, v) values (?, ?)', [1, 'a']);
  expect(() => db.run('insert into t (k, v) values (?, ?)', [1, 'b'])).toThrow(
    /^SQLITE_CONSTRAINT_PRIMARYKEY: sqlite3 result code 1555: UNIQUE constraint failed: t\.k$/,
  );
  db.run('insert into t (k, v) values (?, ?)', [2, 'c']);
  expect(db.all('select k, v from t order by k')).toEqual([
    { k: 1, v: 'a' },
    { k: 2, v: 'c' },
  ]);
});

test('too many parameters is an error, not a silent truncation', () => {
  expect(() => db.get('select ? as a', [1, 2])).toThrow(/out of range/);
});

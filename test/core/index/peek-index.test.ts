// notAnIndex tells an okf-wiki index from another application's SQLite database by its `meta` table, reading only
// the pages of sqlite_schema and meta (the plugin's "Index file" setting refuses anything else: QA3 Q1).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as nodePath from 'node:path';
import { buildIndex } from '../../../src/core/index/build';
import { notAnIndex, type ReadAt } from '../../../src/core/index/peek-index';
import { execSqlite } from '../../support/foreign-sqlite';
import { MemoryBundle } from '../../support/memory-bundle';
import { specFile } from '../../support/retrieval-bundle';

let dir: string;
beforeEach(() => (dir = mkdtempSync(nodePath.join(tmpdir(), 'peek-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const over =
  (bytes: Uint8Array): ReadAt =>
  (offset, length) =>
    bytes.subarray(offset, offset + length);

/** A database another application wrote, made with `sql`. */
function foreign(sql: string): Uint8Array {
  const path = nodePath.join(dir, 'other.db');
  execSqlite(path, sql);
  return readFileSync(path);
}

test('an exported index is one; it is read through a handful of pages', async () => {
  const files: Record<string, string> = {};
  for (let i = 0; i < 40; i++) files[`/entities/c${i}.md`] = specFile({ title: `C ${i}`, body: 'x '.repeat(400) });
  const bytes = (await buildIndex(new MemoryBundle(files))).export();
  const pages = new Set<number>();
  const read: ReadAt = (offset, length) => (pages.add(offset), bytes.subarray(offset, offset + length));
  expect(notAnIndex(read)).toBeUndefined();
  expect(bytes.byteLength / 4096).toBeGreaterThan(20);
  expect(pages.size).toBeLessThan(12);
});

test("another application's database is not, nor is a table meta without okf-wiki's format", () => {
  const citations = foreign(
    "create table my_citations(id integer primary key, ref text); insert into my_citations(ref) values ('Knuth');",
  );
  expect(notAnIndex(over(citations))).toMatch(/another application/);
  const meta = foreign(
    "create table meta(key text primary key, value text); insert into meta values ('format', 'zotero');",
  );
  expect(notAnIndex(over(meta))).toMatch(/another application/);
  expect(notAnIndex(over(new TextEncoder().encode('# a note\n'.repeat(20))))).toBe('not a SQLite database');
  expect(notAnIndex(over(citations.subarray(0, 1000)))).toMatch(/truncated/);
});

test('meta found past interior pages and overflow pages: 120 tables, a 20 kB value before format', () => {
  const tables = Array.from({ length: 120 }, (_, i) => `create table t${i}(a text, b text, c text);`).join('');
  const big = foreign(
    `${tables} create table meta (key text primary key, value text not null) without rowid;` +
      `insert into meta values ('aaa', '${'v'.repeat(20000)}'), ('format', 'okf-graph-wiki'), ('zzz', 'z');`,
  );
  expect(notAnIndex(over(big))).toBeUndefined();
});

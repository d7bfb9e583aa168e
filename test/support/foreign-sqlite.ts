// Another application's SQLite database in a test (a citation manager's): written and read with a native SQLite
// (better-sqlite3, which has no type declarations here), never with the engine under test.

interface NativeDatabase {
  exec(sql: string): void;
  prepare(sql: string): { all(): unknown[] };
  close(): void;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const Native = require('better-sqlite3') as new (path: string, options?: { readonly: boolean }) => NativeDatabase;

/** Runs `sql` on the database at `file` (created when missing). */
export function execSqlite(file: string, sql: string): void {
  const db = new Native(file);
  db.exec(sql);
  db.close();
}

/** A citation manager's database at `file`: a table `my_citations` of two rows. */
export function writeCitations(file: string): void {
  execSqlite(
    file,
    "create table my_citations(id integer primary key, ref text); insert into my_citations(ref) values ('K'), ('D')",
  );
}

/** The rows of `my_citations` in the database at `file` (throws when the table is gone). */
export function citationsIn(file: string): unknown[] {
  const db = new Native(file, { readonly: true });
  try {
    return db.prepare('select ref from my_citations order by id').all();
  } finally {
    db.close();
  }
}

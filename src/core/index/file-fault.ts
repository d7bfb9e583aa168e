// One file whose rows cannot be written (the reader gave what the tables refuse, or a bug threw) must not stop a
// build, a catch-up or a command over the whole bundle: its rows are taken out again, all of them, and the file is
// indexed as invalid with a diagnostic naming it and the problem. The rest of the batch goes on.
import type { ReadResult } from '../types';
import type { Database } from './sqlite';

/** The diagnostic code of a file whose rows could not be written. */
export const INDEX_FAILED = 'index-failed';

/** The invalid file standing for `result` when writing its rows threw `error`. */
export function indexFailed(result: ReadResult, error: unknown): ReadResult {
  const path = pathOf(result);
  const hash = result.kind === 'concept' ? result.concept.hash : result.hash;
  const message = `Could not index the file: ${error instanceof Error ? error.message : String(error)}`;
  return { kind: 'invalid', path, hash, diagnostics: [{ path, severity: 'error', code: INDEX_FAILED, message }] };
}

/**
 * Writes one file's rows with `write` inside the caller's transaction (its journal on); if that throws, a savepoint
 * puts back every row it changed (the FTS index included) and the file is written as `indexFailed` instead.
 */
export function writeOrFault(db: Database, result: ReadResult, write: (r: ReadResult) => void): void {
  // Prepared statements (Database.run), not exec: exec drops every cached statement, at each file.
  db.run('savepoint file_rows');
  try {
    write(result);
  } catch (error) {
    db.run('rollback to file_rows');
    db.run('release file_rows');
    write(indexFailed(result, error));
    return;
  }
  db.run('release file_rows');
}

/** The tables a full build fills row by row, keyed by the file's path (the FTS index is built after them). */
const BUILD_TABLES = [
  ['files', 'path'],
  ['concepts', 'path'],
  ['edges', 'subject_path'],
  ['links', 'source_path'],
  ['diagnostics', 'path'],
] as const;

/**
 * SQLite's result codes on which it may end the whole transaction itself (the engine out of memory; a full database),
 * whichever statement met them: no fault of one file.
 */
const ENDS_TRANSACTION = new Set([7 /* SQLITE_NOMEM */, 13 /* SQLITE_FULL */]);

/**
 * Inserts one file's rows during a full build, which runs without a rollback journal (no savepoint can undo): if
 * `insert` throws, the file's rows are deleted from every table it fills (nothing is in the FTS index yet) and the
 * file is inserted as `indexFailed` instead. Out of memory fails the build with that error: SQLite rolls the build's
 * one transaction back, which without a journal damages the database, and the next statements would only say that
 * ("database disk image is malformed"), hiding the cause.
 */
export function insertOrFault(db: Database, result: ReadResult, insert: (r: ReadResult) => void): void {
  try {
    insert(result);
  } catch (error) {
    if (ENDS_TRANSACTION.has(((error as { resultCode?: number }).resultCode ?? 0) & 0xff)) throw error;
    const failed = indexFailed(result, error);
    for (const [table, column] of BUILD_TABLES) db.run(`delete from ${table} where ${column} = ?`, [pathOf(failed)]);
    insert(failed);
  }
}

function pathOf(result: ReadResult): string {
  return result.kind === 'concept' ? result.concept.path : result.path;
}

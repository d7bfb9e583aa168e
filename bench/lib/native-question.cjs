// The native floor for a cold question and a load (issue 14): a fresh process that reads the persisted wiki.db,
// opens it in native SQLite (better-sqlite3, deserialized in memory as our index is) and answers the question's
// words with one FTS5 bm25 MATCH (top 20). No catch-up, no retrieval: what a cold question cannot beat.
//   node bench/lib/native-question.cjs WIKI_DB "QUESTION"
'use strict';
const { readFileSync } = require('node:fs');
const Database = require('better-sqlite3');

const [dbPath, question] = process.argv.slice(2);
const start = process.hrtime.bigint();
const db = new Database(readFileSync(dbPath));
const loadMs = Number(process.hrtime.bigint() - start) / 1e6;
const words = question.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
const match = words.map((w) => `"${w}"`).join(' OR ');
const rows = match
  ? db.prepare('select path from concepts_fts where concepts_fts match ? order by rank limit 20').all(match)
  : [];
db.close();
process.stdout.write(JSON.stringify({ loadMs, rows: rows.length }) + '\n');

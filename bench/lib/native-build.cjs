// The native floor for `reindex --no-embed` (issue 14): native SQLite (better-sqlite3) reads the same markdown
// files, indexes their text in one FTS5 table (frontmatter and body as two columns, path unindexed) in one
// transaction, and writes the database file — what a reindex must do at the least, with no parsing, links,
// relations or generated files. Run in its own process (with exit-report.cjs) so its CPU and memory are its own.
//   node bench/lib/native-build.cjs BUNDLE_DIR OUT_DB
'use strict';
const { readdirSync, readFileSync, writeFileSync } = require('node:fs');
const nodePath = require('node:path');
const Database = require('better-sqlite3');

/** Files the bundle reserves (generated or agent instructions): the reindex does not index them as concepts. */
const RESERVED = new Set(['index.md', 'log.md', 'timeline.md', 'agents.md', 'readme.md']);

function* markdownFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const full = nodePath.join(dir, entry.name);
    if (entry.isDirectory()) yield* markdownFiles(full);
    else if (entry.name.toLowerCase().endsWith('.md') && !RESERVED.has(entry.name.toLowerCase())) yield full;
  }
}

const [dir, out] = process.argv.slice(2);
const db = new Database(':memory:');
db.exec('create virtual table docs using fts5(path unindexed, frontmatter, body)');
const insert = db.prepare('insert into docs (path, frontmatter, body) values (?, ?, ?)');
let files = 0;
db.transaction(() => {
  for (const file of markdownFiles(dir)) {
    const text = readFileSync(file, 'utf8');
    const end = text.startsWith('---') ? text.indexOf('\n---', 3) : -1;
    insert.run(nodePath.relative(dir, file), end > 0 ? text.slice(0, end) : '', end > 0 ? text.slice(end + 4) : text);
    files++;
  }
})();
writeFileSync(out, db.serialize());
db.close();
process.stdout.write(JSON.stringify({ files }) + '\n');

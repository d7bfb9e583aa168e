// porterStem must give, word for word, the stem FTS5's `porter` tokenizer indexes (issue 11 item 4): the
// coverage gate (spec §10.4) then counts a question's words exactly as BM25 matched them. Checked against
// SQLite itself on every word of the demo and the four real OKF bundles, plus words chosen for each rule.
import { promises as fs } from 'node:fs';
import * as nodePath from 'node:path';
import { Database } from '../../../src/core/index/sqlite';
import { porterStem } from '../../../src/core/retrieval/stem';
import { words } from '../../../src/core/retrieval/text';

const ROOT = nodePath.join(__dirname, '../../..');
const FOLDERS = ['examples/computing-history', 'test/fixtures/okf-bundles'];

/** Words chosen to exercise each step of the algorithm and FTS5's length limits. */
const CHOSEN =
  'caresses ponies ties caress cats feed agreed plastered bled motoring ' +
  'sing conflated troubled sized hopping tanned falling ' +
  ('hissing fizzed failing filing happy sky relational conditional ' +
    'rational valenci hesitanci digitizer conformabli radicalli ') +
  ('differentli vileli analogousli vietnamization predication operator ' +
    'feudalism decisiveness hopefulness callousness formaliti ') +
  ('sensitiviti sensibiliti triplicate formative formalize electriciti ' +
    'electrical hopeful goodness revival allowance inference ') +
  ('airliner gyroscopic adjustable defensible irritant replacement ' +
    'adjustment dependent adoption homologou communism activate ') +
  ('angulariti homologous effective bowdlerize probate rate cease ' +
    'controll roll designed designer designing programmers programmed ') +
  'computers computing computation founded founder founders engines engineered theorems proved proving machines ' +
  ('a an ab abc go ies sses eed ying bly gödel naïve straße cafés 1969 ' +
    'x86 pdp aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaing');

async function markdownWords(): Promise<string[]> {
  const out = new Set<string>(words(CHOSEN));
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
      const path = nodePath.join(dir, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (entry.name.endsWith('.md')) for (const w of words(await fs.readFile(path, 'utf8'))) out.add(w);
    }
  };
  for (const folder of FOLDERS) await walk(nodePath.join(ROOT, folder));
  return [...out].sort();
}

test('porterStem agrees with FTS5 porter on every word of the demo and the real bundles', async () => {
  const list = await markdownWords();
  expect(list.length).toBeGreaterThan(2000);
  const db = await Database.open();
  db.exec(
    "create virtual table t using fts5(x, tokenize = 'porter unicode61 " +
      "remove_diacritics 2'); create virtual table v using fts5vocab(t, " +
      "'instance');",
  );
  db.transaction(() => list.forEach((w, i) => db.run('insert into t (rowid, x) values (?, ?)', [i + 1, w])));
  const fts = new Map(
    db.all<{ doc: number; term: string }>('select doc, term from v').map((r) => [Number(r.doc), r.term]),
  );
  db.close();
  const disagreements = list
    .filter((w, i) => fts.get(i + 1) !== undefined && fts.get(i + 1) !== porterStem(w))
    .map((w) => `${w}: fts5 ${fts.get(list.indexOf(w) + 1)}, ours ${porterStem(w)}`);
  expect(disagreements.slice(0, 20)).toEqual([]);
  // Every word was tokenized as exactly one term (words() and unicode61 split the same way on these).
  expect(list.filter((_, i) => fts.get(i + 1) === undefined)).toEqual([]);
});

test('inflections meet at one stem, distinct words do not', () => {
  expect(new Set(['design', 'designed', 'designing', 'designs'].map(porterStem)).size).toBe(1);
  expect(new Set(['programmer', 'programmers'].map(porterStem)).size).toBe(1);
  expect(new Set(['engine', 'engines'].map(porterStem)).size).toBe(1);
  expect(porterStem('turing')).not.toBe(porterStem('turn'));
  expect(porterStem('go')).toBe('go');
});

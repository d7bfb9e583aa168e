import { readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { editFrontmatter, type EditOutcome, type FrontmatterEdit } from '../../../src/core/author/frontmatter-edit';
import { unifiedDiff } from '../../../src/core/author/unified-diff';
import { readConcept } from '../../../src/core/okf/read-concept';
import { expectApproved } from './approve';

const FIXTURES = path.join(__dirname, '../../fixtures/author-roundtrip');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, 'entities', name), 'utf8');

const relation = (predicate: string, object: string, date?: string): FrontmatterEdit => ({
  kind: 'append',
  key: 'relations',
  item: [['predicate', predicate], ['object', object], ...(date ? [['date', date] as const] : [])],
  newListStyle: 'block',
});
const set = (key: string, value: string): FrontmatterEdit => ({ kind: 'set', key, value });
const supersedes = (item: string): FrontmatterEdit => ({
  kind: 'append',
  key: 'supersedes',
  item,
  newListStyle: 'flow',
});

function edited(outcome: EditOutcome): string {
  if (outcome.kind !== 'edited') throw new Error(`expected an edit, got: ${outcome.message}`);
  return outcome.text;
}

/** The text after the closing fence, which no edit may touch. */
function bodyOf(text: string): string {
  const m = /\n(?:---|\.\.\.)[ \t]*\r?\n/.exec(text.slice(3));
  return m ? text.slice(3 + m.index + m[0].length) : '';
}

describe('editFrontmatter changes only the intended lines (approval diffs)', () => {
  const cases: [string, string, FrontmatterEdit[]][] = [
    [
      'flow-relations-with-comments',
      'antony-blinken.md',
      [relation('born_in', '/entities/united-states.md', '1962-04-16')],
    ],
    [
      'supersede-fields-added-in-key-order',
      'antony-blinken.md',
      [
        set('status', 'superseded'),
        set('superseded_by', '/entities/marco-rubio.md'),
        set('superseded_at', '2025-01-21'),
      ],
    ],
    [
      'block-relations-unindented-single-quotes',
      'us-department-of-state.md',
      [relation('secretary', '/entities/antony-blinken.md', '2021-01-26')],
    ],
    [
      'new-relations-and-supersedes-keys',
      'united-states.md',
      [relation('represented_by', '/entities/antony-blinken.md'), supersedes('/entities/thirteen-colonies.md')],
    ],
    [
      'flow-lists-scalar-to-list-and-empty-status',
      'flow-lists.md',
      [relation('described_by', 'a, b: c'), supersedes('/entities/b.md'), set('status', 'superseded')],
    ],
  ];
  test.each(cases)('%s', (name, file, edits) => {
    const before = fixture(file);
    const after = edited(editFrontmatter(`/entities/${file}`, before, edits));
    expect(bodyOf(after)).toBe(bodyOf(before));
    expectApproved(name, unifiedDiff(`/entities/${file}`, before, after));
  });
});

describe('editFrontmatter keeps the bytes it does not own', () => {
  test('CRLF line endings and a BOM stay, inserted lines use CRLF, the body is byte-identical', () => {
    const before =
      '\uFEFF---\r\ntype: Person\r\ntitle: "A"\r\nrelations:\r\n  - { ' +
      'predicate: knows, object: /b.md }\r\n---\r\nBody line\r\nwith CRLF\r\n';
    const after = edited(editFrontmatter('/a.md', before, [relation('likes', '/c.md'), set('status', 'draft')]));
    expect(after).toBe(
      '\uFEFF---\r\ntype: Person\r\ntitle: "A"\r\nrelations:\r\n  - { ' +
        'predicate: knows, object: /b.md }\r\n  - { predicate: likes, object: ' +
        '/c.md }\r\nstatus: draft\r\n---\r\nBody line\r\nwith CRLF\r\n',
    );
  });

  test('old-Mac line endings (lone CR) stay, inserted lines use CR, the body is byte-identical', () => {
    // Lint and retrieval read this file's frontmatter (splitFrontmatter normalizes CR); the editor must too.
    const before = '---\rtype: Person\rtitle: "A"\rrelations:\r  - { predicate: knows, object: /b.md }\r---\rBody\rend';
    const after = edited(editFrontmatter('/a.md', before, [relation('likes', '/c.md'), set('status', 'draft')]));
    expect(after).toBe(
      '---\rtype: Person\rtitle: "A"\rrelations:\r  - { predicate: knows, object: /b.md }\r' +
        '  - { predicate: likes, object: /c.md }\rstatus: draft\r---\rBody\rend',
    );
  });

  test('a frontmatter mixing lone CRs with LFs is refused, naming the file, rather than rewritten', () => {
    const outcome = editFrontmatter('/a.md', '---\rtype: Person\ntitle: A\r---\rBody', [set('status', 'draft')]);
    expect(outcome).toEqual({
      kind: 'refused',
      message: expect.stringMatching(/^\/a\.md: frontmatter mixes CR and LF line endings/) as unknown,
    });
  });

  test('a replaced value keeps its quotes and its comment', () => {
    const before = "---\ntype: Person\nstatus: 'draft'   # set by ingest\n---\n";
    expect(edited(editFrontmatter('/a.md', before, [set('status', 'superseded')]))).toBe(
      "---\ntype: Person\nstatus: 'superseded'   # set by ingest\n---\n",
    );
  });

  test('dates, numbers and YAML 1.1 booleans are written quoted', () => {
    const before = '---\ntype: Thing\n---\n';
    const after = edited(
      editFrontmatter('/a.md', before, [relation('is', 'yes', '2020-01-01'), relation('count', '42')]),
    );
    expect(after).toBe(
      '---\ntype: Thing\nrelations:\n  - { predicate: is, object: "yes", ' +
        'date: "2020-01-01" }\n  - { predicate: count, object: "42" }\n---\n',
    );
  });

  test('an empty list and an empty key take the new entry', () => {
    expect(edited(editFrontmatter('/a.md', '---\ntype: T\nsupersedes: []\n---\n', [supersedes('/b.md')]))).toBe(
      '---\ntype: T\nsupersedes: [/b.md]\n---\n',
    );
    expect(
      edited(editFrontmatter('/a.md', '---\ntype: T\nrelations:\ntitle: X\n---\n', [relation('p', '/b.md')])),
    ).toBe('---\ntype: T\nrelations:\n  - { predicate: p, object: /b.md }\ntitle: X\n---\n');
  });

  test('an empty key keeps the comment on its line when the new entry is a block list (QA review, finding 3)', () => {
    const edit = (before: string) => edited(editFrontmatter('/a.md', before, [relation('p', '/b.md')]));
    expect(edit('---\ntype: T\nrelations: # none yet, add with care\ntitle: X\n---\n')).toBe(
      '---\ntype: T\nrelations: # none yet, add with care\n  - { predicate: p, object: /b.md }\ntitle: X\n---\n',
    );
    expect(edit("---\ntype: T\nrelations:   ''  #later\n---\n")).toBe(
      '---\ntype: T\nrelations: #later\n  - { predicate: p, object: /b.md }\n---\n',
    );
    expect(edit('---\ntype: T\nrelations: ~ # none\n---\n')).toBe(
      '---\ntype: T\nrelations: # none\n  - { predicate: p, object: /b.md }\n---\n',
    );
  });

  test('a block map entry is written as a block map, indented like its siblings', () => {
    const before = '---\ntype: T\nrelations:\n    -   predicate: p\n        object: /b.md\n---\n';
    expect(edited(editFrontmatter('/a.md', before, [relation('q', '/c.md')]))).toBe(
      '---\ntype: T\nrelations:\n    -   predicate: p\n        object: ' +
        '/b.md\n    - predicate: q\n      object: /c.md\n---\n',
    );
  });
});

describe('editFrontmatter refuses what it cannot do faithfully, naming the file', () => {
  const refusal = (text: string, edits: FrontmatterEdit[]) => {
    const outcome = editFrontmatter('/entities/x.md', text, edits);
    return outcome.kind === 'refused' ? outcome.message : 'edited';
  };
  test.each([
    ['no frontmatter', '# Just prose\n', [set('status', 'x')], '/entities/x.md: has no YAML frontmatter'],
    [
      'unclosed',
      '---\ntype: T\n',
      [set('status', 'x')],
      '/entities/x.md: frontmatter opens with `---` but never closes',
    ],
    ['broken YAML', '---\ntype: [T\n---\n', [set('status', 'x')], '/entities/x.md: frontmatter is not valid YAML'],
    [
      'a list at the top',
      '---\n- a\n---\n',
      [set('status', 'x')],
      '/entities/x.md: frontmatter is not a mapping of keys to values',
    ],
    [
      'duplicate key',
      '---\ntype: T\nstatus: a\nstatus: b\n---\n',
      [set('status', 'x')],
      '/entities/x.md: `status` appears more than once in the frontmatter; merge the duplicates first',
    ],
    [
      'relations is a mapping',
      '---\ntype: T\nrelations: { a: b }\n---\n',
      [relation('p', '/b.md')],
      '/entities/x.md: `relations` should be a list but holds a mapping; fix it first',
    ],
    [
      'relations is a YAML alias (QA3 Q18: was refused as "holds a mapping")',
      '---\ntype: T\nshared: &rels\n  - { predicate: p, object: /a.md }\nrelations: *rels\n---\n',
      [relation('p', '/b.md')],
      '/entities/x.md: `relations` is a YAML alias (*rels) of a value written elsewhere in the frontmatter; editing ' +
        'it here would change that value too: write `relations` out in place, then run this again',
    ],
    [
      'relations carries an anchor another key repeats',
      '---\ntype: T\nrelations: &r [{ predicate: p, object: /a.md }]\nalso: *r\n---\n',
      [relation('p', '/b.md')],
      '/entities/x.md: `relations` carries the YAML anchor &r; an entry added here would also change every *r that ' +
        'repeats it: write the list out where it is used, then run this again',
    ],
    [
      'status is an alias',
      '---\ntype: T\nold: &s active\nstatus: *s\n---\n',
      [set('status', 'x')],
      '/entities/x.md: `status` is a YAML alias (*s), not a plain value; change it by hand',
    ],
    [
      'status is a list',
      '---\ntype: T\nstatus: [a]\n---\n',
      [set('status', 'x')],
      '/entities/x.md: `status` holds a list or mapping, not a plain value; change it by hand',
    ],
  ] as [string, string, FrontmatterEdit[], string][])('%s', (_, text, edits, message) => {
    expect(refusal(text, edits)).toContain(message);
  });
});

/** Every concept file of the real OKF bundles and the demo bundle, for a round-trip property. */
function conceptFiles(): [string, string][] {
  const roots = [
    path.join(__dirname, '../../fixtures/okf-bundles'),
    path.join(__dirname, '../../../examples'),
    FIXTURES,
  ];
  const out: [string, string][] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith('.md') && name !== 'index.md' && name !== 'log.md')
        out.push([full, readFileSync(full, 'utf8')]);
    }
  };
  for (const root of roots) walk(root);
  return out;
}

test(
  'on every real concept file, adding a relation and supersession only ' +
    'adds lines, and the reader sees exactly them',
  () => {
    let checked = 0;
    for (const [file, text] of conceptFiles()) {
      const before = readConcept('/x.md', text);
      if (before.kind !== 'concept' || before.concept.supersedes.length > 0) continue;
      const after = edited(
        editFrontmatter(file, text, [
          relation('authored_test', '/entities/y.md', '2026-01-02'),
          supersedes('/entities/z.md'),
        ]),
      );
      const diff = unifiedDiff('/x.md', text, after);
      expect({ file, removed: diff.split('\n').filter((l) => l.startsWith('-') && !l.startsWith('---')) }).toEqual({
        file,
        removed: [],
      });
      const read = readConcept('/x.md', after);
      if (read.kind !== 'concept') throw new Error(file);
      expect(read.concept.relations).toEqual([
        ...before.concept.relations,
        { predicate: 'authored_test', object: '/entities/y.md', objectPath: '/entities/y.md', date: '2026-01-02' },
      ]);
      expect(read.concept.supersedes).toEqual(['/entities/z.md']);
      expect(read.concept.body).toBe(before.concept.body);
      checked++;
    }
    expect(checked).toBeGreaterThan(50);
  },
);

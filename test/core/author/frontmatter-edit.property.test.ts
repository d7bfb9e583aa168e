// Property: whatever text an edit writes (quotes, colons, `#`, leading dashes or brackets, YAML 1.1 words,
// numbers, unicode), the reader gets back exactly that string, no other key changes, and nothing is injected.
import fc from 'fast-check';
import { editFrontmatter } from '../../../src/core/author/frontmatter-edit';
import { readConcept } from '../../../src/core/okf/read-concept';

const BASES = [
  '---\ntype: Person\ntitle: "X"   # c\nrelations:\n  - { predicate: knows, object: /b.md }\n---\nBody\n',
  '---\ntype: Person\nrelations:\n- predicate: knows\n  object: /b.md\n---\nBody\n',
  '---\ntype: Person\nrelations: [{predicate: knows, object: /b.md}]\nstatus: draft\n---\nBody\n',
  '---\ntype: Person\n---\nBody\n',
];

/** Single-line text built from the characters YAML treats specially. */
const tricky = fc
  .array(
    fc.constantFrom(
      'a',
      'Z',
      ' ',
      ':',
      '#',
      '-',
      '[',
      ']',
      '{',
      '}',
      ',',
      '"',
      "'",
      '\\',
      '&',
      '*',
      '!',
      '|',
      '>',
      '%',
      '@',
      '`',
      '?',
      'é',
      '日',
      '1',
      '0',
      '.',
      'yes',
      'on',
      'null',
      '~',
      '2020-01-01',
      '\t',
    ),
    { minLength: 1, maxLength: 12 },
  )
  .map((parts) => parts.join(''))
  .filter((s) => s.trim() === s && s.trim() !== '');

test('appended relations and set values read back exactly, and nothing else changes', () => {
  fc.assert(
    fc.property(fc.constantFrom(...BASES), tricky, tricky, tricky, (base, predicate, object, status) => {
      const before = readConcept('/a.md', base);
      if (before.kind !== 'concept') throw new Error('base');
      const outcome = editFrontmatter('/a.md', base, [
        {
          kind: 'append',
          key: 'relations',
          item: [
            ['predicate', predicate],
            ['object', object],
          ],
          newListStyle: 'block',
        },
        { kind: 'set', key: 'status', value: status },
      ]);
      if (outcome.kind !== 'edited') throw new Error(outcome.message);
      const after = readConcept('/a.md', outcome.text);
      if (after.kind !== 'concept') throw new Error(`unreadable:\n${outcome.text}`);
      expect(after.concept.relations.slice(0, -1)).toEqual(before.concept.relations);
      const added = after.concept.relations[after.concept.relations.length - 1];
      expect([added.predicate, added.object]).toEqual([predicate, object]);
      expect(after.concept.status).toBe(status);
      expect(after.concept.title).toBe(before.concept.title);
      expect(after.concept.body).toBe(before.concept.body);
      expect(Object.keys(after.concept.extra)).toEqual(Object.keys(before.concept.extra));
    }),
    { numRuns: 300, seed: 8 },
  );
});

// The sample bundle plus what a build meets in the wild: duplicate titles, unicode in paths and text, relations
// without a predicate or an object, empty and badly indented frontmatter, dangling links.
import { conceptFile, rawConcept, rel } from './builders';
import { sampleFiles } from './sample-bundle';

/** sampleFiles() and the odd cases above. */
export function oddFiles(): Record<string, string> {
  return {
    ...sampleFiles(),
    '/entities/mercury-planet.md': conceptFile({ type: 'Place', title: 'Mercury', tags: ['planet'] }, 'Closest.\n'),
    '/entities/mercury-element.md': conceptFile(
      { type: 'Concept', title: 'Mercury', aliases: ['Hg', 'quicksilver'] },
      'A metal; see [[Mercury]] and [the planet](./mercury-planet.md) and [gone](./nowhere.md).\n',
    ),
    '/entities/東京.md': conceptFile(
      {
        type: 'Place',
        title: '東京 Tōkyō',
        description: 'Ça marche: naïve café, emoji 🗼, combining é.',
        relations: [rel('located_in', '/entities/日本.md'), rel('named_after', 'the eastern capital')],
      },
      'Größte Stadt. Ελληνικά λέξεις. [[日本]]\n',
    ),
    '/entities/bad-relation.md': conceptFile(
      { type: 'Concept', title: 'Bad relation', relations: [{ predicate: 'x' }, { object: 'no predicate' }] },
      'Body.\n',
    ),
    '/entities/empty-frontmatter.md': rawConcept(''),
    // Escapes JSON and SQLite must agree on: quotes, backslashes, a tab, a newline, emoji, a control character,
    // half a surrogate pair, NUL; and links whose targets hold spaces, percent signs and non-Latin letters.
    '/entities/escapes.md': rawConcept(
      [
        'type: Concept',
        'title: Escapes',
        'relations:',
        '  - { predicate: "said", object: "a \\"quoted\\" back\\\\slash\\ttab\\nline 🚀", date: "2020-01-02" }',
        '  - { predicate: "links_to", object: "/entities/東京.md" }',
      ].join('\n'),
      'See [a b](./a%20b.md), [[東京]], [x](../up/ü.md) and [q](<./with space.md>).\n',
    ),
    '/entities/escapes-u.md': rawConcept(
      [
        'type: Concept',
        'title: Escapes written as \\u',
        'relations:',
        '  - { predicate: "ctl\\u0001", object: "half \\ud800 pair", source: "s" }',
        '  - { predicate: "nul", object: "a\\0b" }',
      ].join('\n'),
      'Body [[Escapes]].\n',
    ),
    '/entities/tabs.md': rawConcept('type: Concept\ntitle:\t"tab"\n\tbad: indent'),
  };
}

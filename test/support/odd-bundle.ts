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
    '/entities/tabs.md': rawConcept('type: Concept\ntitle:\t"tab"\n\tbad: indent'),
  };
}

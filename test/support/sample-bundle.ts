// A small bundle exercising every table of the index: concepts with relations (paths and literals), prose
// links, tags, aliases, diacritics, an invalid file, a file without frontmatter, reserved and hidden files.
import { conceptFile, rawConcept, rel } from './builders';

export function sampleFiles(): Record<string, string> {
  return {
    '/entities/ada-lovelace.md': conceptFile(
      {
        type: 'Person',
        title: 'Ada Lovelace',
        description: 'Wrote the first published program.',
        tags: ['mathematician', 'programming'],
        aliases: ['Augusta Ada King'],
        sources: [{ id: 'notes', resource: 'references/notes.md', title: 'Notes' }],
        relations: [
          rel('collaborated_with', '/entities/charles-babbage.md', { date: '1843', source: 'notes' }),
          rel('born_on', '1815-12-10'),
        ],
        generated: { by: 'agent/writer', at: '2026-01-01T00:00:00Z' },
        verified: { by: 'human:reviewer', at: '2026-01-02' },
      },
      'Ada annotated the [Analytical Engine](/entities/analytical-engine.md) with [[Charles Babbage]].\n',
    ),
    '/entities/charles-babbage.md': conceptFile(
      {
        type: 'Person',
        title: 'Charles Babbage',
        tags: ['inventor'],
        relations: [
          rel('collaborated_with', '/entities/ada-lovelace.md', { date: '1843' }),
          rel('designed', '/entities/analytical-engine'),
        ],
        verified: [{ by: 'agent/checker' }],
      },
      'Designed engines. See [Ada](./ada-lovelace.md).\n',
    ),
    '/entities/analytical-engine.md': conceptFile(
      { type: 'Product', title: 'Analytical Engine', status: 'superseded', superseded_by: '/entities/eniac.md' },
      'A mechanical computer.\n',
    ),
    '/entities/eniac.md': conceptFile(
      { type: 'Product', title: 'ENIAC', supersedes: ['/entities/analytical-engine.md'], stale_after: '2030-01-01' },
      'Electronic.\n',
    ),
    '/entities/kurt-godel.md': conceptFile(
      { type: 'Person', title: 'Kurt Gödel', tags: ['logic'], extra_key: { a: [1, 2] } },
      'Logician of incompleteness.\n',
    ),
    '/concepts/computing.md': conceptFile(
      { type: 'Concept', title: 'Computing', tags: [2024, 'history'] },
      'An overview.\n',
    ),
    '/entities/broken.md': rawConcept('type: Person\ntitle: [unclosed'),
    '/notes/plain.md': '# Just notes, no frontmatter\n',
    '/references/notes.md': '# Mirrored notes\n',
    '/index.md': rawConcept('type: Index\ntitle: Catalog'),
    '/entities/log.md': rawConcept('type: Log\ntitle: History'),
    '/.obsidian/workspace.md': rawConcept('type: Person\ntitle: Hidden'),
    '/wiki.db': 'not markdown',
  };
}

/** Concept paths of `sampleFiles()`, sorted. */
export const SAMPLE_CONCEPTS = [
  '/concepts/computing.md',
  '/entities/ada-lovelace.md',
  '/entities/analytical-engine.md',
  '/entities/charles-babbage.md',
  '/entities/eniac.md',
  '/entities/kurt-godel.md',
];

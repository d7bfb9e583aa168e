import { renderDirectoryIndexes } from '../../../src/core/generate/index-md';
import { records } from './records';

test(
  'one index per folder: sections by type, superseded annotated with the ' + 'successor, subdirectories with counts',
  () => {
    const concepts = records({
      '/entities/people/ada.md': {
        type: 'Person',
        title: 'Ada Lovelace',
        description: 'Wrote the first\npublished program.',
      },
      '/entities/people/alan.md': { type: 'Person', title: 'alan turing', description: 'Logician [and codebreaker].' },
      '/entities/old-org.md': {
        type: 'Organization',
        title: 'Old Org',
        status: 'superseded',
        superseded_by: '/entities/people/../new-org.md',
      },
      '/entities/new-org.md': { type: 'Organization', title: 'New Org', supersedes: ['/entities/old-org.md'] },
      '/entities/legacy.md': { type: 'Metric', title: 'Legacy metric', status: 'deprecated' },
      '/concepts/my idea.md': { type: 'Concept', title: 'My (big) idea' },
      '/top.md': { type: 'Concept', title: 'Top' },
    });
    const indexes = renderDirectoryIndexes(concepts);
    expect([...indexes.keys()]).toEqual([
      '/index.md',
      '/concepts/index.md',
      '/entities/index.md',
      '/entities/people/index.md',
    ]);
    expect(indexes.get('/index.md')).toBe(
      [
        '# Concept',
        '',
        '* [Top](top.md)',
        '',
        '# Subdirectories',
        '',
        '* [concepts](concepts/index.md) - 1 concept',
        '* [entities](entities/index.md) - 5 concepts',
      ].join('\n'),
    );
    expect(indexes.get('/concepts/index.md')).toBe(['# Concept', '', '* [My (big) idea](my%20idea.md)'].join('\n'));
    expect(indexes.get('/entities/index.md')).toBe(
      [
        '# Metric',
        '',
        '* [Legacy metric](legacy.md) (deprecated)',
        '',
        '# Organization',
        '',
        '* [New Org](new-org.md)',
        '* [Old Org](old-org.md) (superseded by [New Org](new-org.md))',
        '',
        '# Subdirectories',
        '',
        '* [people](people/index.md) - 2 concepts',
      ].join('\n'),
    );
    expect(indexes.get('/entities/people/index.md')).toBe(
      [
        '# Person',
        '',
        '* [Ada Lovelace](ada.md) - Wrote the first published program.',
        '* [alan turing](alan.md) - Logician \\[and codebreaker\\].',
      ].join('\n'),
    );
  },
);

test('a successor in another folder is linked relatively; a missing one is named', () => {
  const indexes = renderDirectoryIndexes(
    records({
      '/a/old.md': { type: 'Entity', title: 'Old', status: 'superseded', superseded_by: '/b/new.md' },
      '/b/new.md': { type: 'Entity', title: 'New' },
      '/a/gone.md': { type: 'Entity', title: 'Gone', status: 'superseded', superseded_by: '/b/missing.md' },
    }),
  );
  expect(indexes.get('/a/index.md')).toBe(
    [
      '# Entity',
      '',
      '* [Gone](gone.md) (superseded by /b/missing.md)',
      '* [Old](old.md) (superseded by [New](../b/new.md))',
    ].join('\n'),
  );
});

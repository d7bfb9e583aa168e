import { lintFixture, of } from './lint-fixture';

test('broken-target: missing and unreadable objects are warnings; a superseded concept is a valid target', async () => {
  const report = await lintFixture('lint-broken-target');
  expect(of(report, 'broken-target').map((f) => [f.severity, f.path, f.value, f.message, f.fix])).toEqual([
    [
      'warning',
      '/entities/subject.md',
      '/entities/not-written-yet.md',
      'Relation `knows` points at /entities/not-written-yet.md, which does not exist.',
      'create /entities/not-written-yet.md, or correct the path',
    ],
    [
      'warning',
      '/entities/subject.md',
      '/entities/unreadable.md',
      'Relation `mentions` points at /entities/unreadable.md, which exists ' +
        'but could not be read as a concept (see invalid-frontmatter).',
      'fix the frontmatter of /entities/unreadable.md, or point at a concept',
    ],
    [
      'warning',
      '/entities/subject.md',
      '/places/home-town.md',
      'Relation `located_in` points at /places/home-town.md, which does not exist.',
      'did you mean /entities/home-town.md?',
    ],
  ]);
});

import { lintFixture, of } from './lint-fixture';

test(
  'asymmetric-relation: no relation back, or not the declared inverse; ' +
    'literals, self and broken targets are skipped',
  async () => {
    const report = await lintFixture('lint-asymmetric-relation');
    expect(of(report, 'asymmetric-relation').map((f) => [f.severity, f.path, f.value, f.message, f.fix])).toEqual([
      [
        'error',
        '/entities/cofounder.md',
        'founded → /entities/company.md',
        '`founded` → /entities/company.md, but /entities/company.md has no ' +
          '`founded_by` back to /entities/cofounder.md (declared inverse; it ' +
          'relates back with `employs` instead).',
        'add `{ predicate: founded_by, object: /entities/cofounder.md }` to /entities/company.md',
      ],
      [
        'error',
        '/entities/cofounder.md',
        'knows → /entities/stranger.md',
        '`knows` → /entities/stranger.md, but /entities/stranger.md has no relation back to /entities/cofounder.md.',
        'add a relation to /entities/stranger.md with `object: ' +
          '/entities/cofounder.md` (declare the inverse of `knows` in ' +
          'okf-wiki.json to have it named here)',
      ],
    ]);
  },
);

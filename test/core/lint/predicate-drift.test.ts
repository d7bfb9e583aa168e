import { lintFixture, of } from './lint-fixture';

test(
  'predicate-drift: spelling, word form, typo and synonym variants point ' + 'at the majority form, per file',
  async () => {
    const report = await lintFixture('lint-predicate-drift');
    expect(of(report, 'predicate-drift').map((f) => [f.path, f.value, f.fix])).toEqual([
      [
        '/entities/a16z.md',
        'invested-in',
        'rename `invested-in` to `invested_in` (the majority form), or list ' +
          'them in okf-wiki.json `distinct` if they mean different things',
      ],
      [
        '/entities/bob.md',
        'investd_in',
        'rename `investd_in` to `invested_in` (the majority form), or list ' +
          'them in okf-wiki.json `distinct` if they mean different things',
      ],
      [
        '/entities/bob.md',
        'works_at',
        'rename `works_at` to `worked_at` (the majority form), or list them in ' +
          'okf-wiki.json `distinct` if they mean different things',
      ],
      [
        '/entities/sequoia.md',
        'backs',
        'rename `backs` to `invested_in` (the majority form), or list them in ' +
          'okf-wiki.json `distinct` if they mean different things',
      ],
      [
        '/entities/sequoia.md',
        'investedIn',
        'rename `investedIn` to `invested_in` (the majority form), or list ' +
          'them in okf-wiki.json `distinct` if they mean different things',
      ],
    ]);
    expect(of(report, 'predicate-drift').find((f) => f.value === 'backs')?.message).toBe(
      '`backs` looks like `invested_in` (a known synonym); in use: ' +
        '`invested_in` ×3, `backs` ×1, `investd_in` ×1, `invested-in` ×1, ' +
        '`investedIn` ×1.',
    );
    // born_on / born_in and built_by / built_at differ by one short word: different predicates, not drift.
    expect(of(report, 'predicate-drift').map((f) => f.value)).not.toEqual(
      expect.arrayContaining(['born_in', 'born_on', 'built_at', 'built_by']),
    );
  },
);

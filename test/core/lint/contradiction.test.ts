import { lintFixture, of } from './lint-fixture';

test(
  'contradiction: different objects from different sources, except ' + 'multi-valued, dated-apart and same-source ones',
  async () => {
    const report = await lintFixture('lint-contradiction');
    expect(of(report, 'contradiction').map((f) => [f.severity, f.path, f.value, f.message])).toEqual([
      [
        'warning',
        '/entities/alan-turing.md',
        'born_on',
        '`born_on` has 2 different objects from different sources: 1912-06-23 (bio-a); 1912-06-24 (bio-b).',
      ],
      [
        'warning',
        '/entities/alan-turing.md',
        'died_in',
        '`died_in` has 2 different objects from different sources: Wilmslow (bio-a); Manchester (unsourced).',
      ],
    ]);
  },
);

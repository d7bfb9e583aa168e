import { lintFixture, of } from './lint-fixture';
import type { FixtureName } from '../../support/fixtures';

const view = (check: string) => async (fixture: FixtureName) =>
  of(await lintFixture(fixture), check).map((f) => [f.severity, f.path, f.value, f.message]);

test(
  'dangling-supersession: superseded_by or a supersedes entry naming no ' + 'concept; `.md` may be left out',
  async () => {
    expect(await view('dangling-supersession')('lint-dangling-supersession')).toEqual([
      [
        'error',
        '/entities/new-policy.md',
        '/entities/vanished-policy.md',
        '`supersedes` lists /entities/vanished-policy.md, which does not exist.',
      ],
      [
        'error',
        '/entities/old-policy.md',
        '/entities/deleted-policy.md',
        '`superseded_by` points at /entities/deleted-policy.md, which does not exist.',
      ],
    ]);
  },
);

test('asymmetric-supersession: each direction without the other', async () => {
  expect(await view('asymmetric-supersession')('lint-asymmetric-supersession')).toEqual([
    [
      'error',
      '/entities/bush-presidency.md',
      '/entities/carter-presidency.md',
      '`supersedes` lists /entities/carter-presidency.md, but /entities/carter-presidency.md has no `superseded_by`.',
    ],
    [
      'error',
      '/entities/bush-presidency.md',
      '/entities/clinton-presidency.md',
      '`superseded_by: /entities/clinton-presidency.md`, but ' +
        '/entities/clinton-presidency.md does not list ' +
        '/entities/bush-presidency.md in `supersedes`.',
    ],
    [
      'error',
      '/entities/clinton-presidency.md',
      '/entities/reagan-presidency.md',
      '`supersedes` lists /entities/reagan-presidency.md, but ' +
        '/entities/reagan-presidency.md has `superseded_by: ' +
        '/entities/bush-presidency.md`.',
    ],
  ]);
});

test('supersession-cycle: each loop once, from its first path; a chain that ends is fine', async () => {
  expect(await view('supersession-cycle')('lint-supersession-cycle')).toEqual([
    [
      'error',
      '/entities/a.md',
      '/entities/a.md → /entities/b.md → /entities/c.md → /entities/a.md',
      '`superseded_by` loops: /entities/a.md → /entities/b.md → ' +
        '/entities/c.md → /entities/a.md; retrieval cannot find the current concept.',
    ],
    [
      'error',
      '/entities/e.md',
      '/entities/e.md → /entities/e.md',
      '`superseded_by` loops: /entities/e.md → /entities/e.md; retrieval cannot find the current concept.',
    ],
  ]);
});

test(
  'superseded-without-status: superseded_by needs status: superseded ' +
    '(reported once, not also as invalid-frontmatter)',
  async () => {
    const report = await lintFixture('lint-superseded-without-status');
    expect(of(report, 'superseded-without-status').map((f) => [f.severity, f.path, f.message])).toEqual([
      [
        'error',
        '/entities/legacy-margin.md',
        '`superseded_by: /entities/margin.md` is set but `status` is ' +
          '`deprecated`, so retrieval still treats it as current.',
      ],
      [
        'error',
        '/entities/older-margin.md',
        '`superseded_by: /entities/margin.md` is set but `status` is missing, so retrieval still treats it as current.',
      ],
    ]);
    expect(of(report, 'invalid-frontmatter')).toEqual([]);
  },
);

test('supersession-order: a superseded_at after today, and one before its predecessor’s (QA3 Q14)', async () => {
  // Reagan 1989 → Bush 1989-01-20 → Clinton is in order (a year holds its days); Nokia 2030 → Google 1990 is not.
  expect(await view('supersession-order')('lint-supersession-order')).toEqual([
    [
      'warning',
      '/entities/google.md',
      '1990-01-01',
      '`superseded_at: 1990-01-01` is before its predecessor /entities/nokia-labs.md was superseded (2030-01-01): ' +
        "the chain's dates run backwards.",
    ],
    [
      'warning',
      '/entities/nokia-labs.md',
      '2030-01-01',
      '`superseded_at: 2030-01-01` is after today (2026-06-15), but retrieval already sends its questions to ' +
        '/entities/google.md.',
    ],
  ]);
});

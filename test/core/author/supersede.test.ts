import { applyPlan } from '../../../src/core/author/apply-plan';
import { planSupersede } from '../../../src/core/author/supersede';
import { planDiff, type AuthorPlan, type ChangePlan } from '../../../src/core/author/types';
import { readConcept } from '../../../src/core/okf/read-concept';
import type { Concept } from '../../../src/core/types';
import { expectApproved } from './approve';
import { MemoryBundle } from '../../support/memory-bundle';

function changes(plan: AuthorPlan): ChangePlan {
  if (plan.kind !== 'change')
    throw new Error(`expected a change, got ${plan.kind}: ${plan.kind === 'refused' ? plan.message : plan.summary}`);
  return plan;
}

function concept(bundle: MemoryBundle, path: string): Concept {
  const read = readConcept(path, bundle.files.get(path)!);
  if (read.kind !== 'concept') throw new Error(path);
  return read.concept;
}

test(
  'supersede sets status, superseded_by and superseded_at on OLD and ' + 'appends OLD to NEW, in their own styles',
  async () => {
    const bundle = MemoryBundle.fromFixture('author-bundle');
    const plan = changes(
      await planSupersede(bundle, {
        old: 'entities/bush-41-presidency',
        new: 'entities/clinton-presidency',
        at: '1993-01-20',
      }),
    );
    expect(plan.summary).toBe(
      'Superseded /entities/bush-41-presidency.md by /entities/clinton-presidency.md as of 1993-01-20.',
    );
    expect(plan.notes).toEqual(['/entities/bush-41-presidency.md: `status: active` becomes `superseded`.']);
    expectApproved('supersede-bush-by-clinton', planDiff(plan));
    await applyPlan(plan, bundle, bundle);
    const old = concept(bundle, '/entities/bush-41-presidency.md');
    expect([old.status, old.supersededBy, old.supersededAt, old.supersedes]).toEqual([
      'superseded',
      '/entities/clinton-presidency.md',
      '1993-01-20',
      ['/entities/reagan-presidency.md'],
    ]);
    expect(concept(bundle, '/entities/clinton-presidency.md').supersedes).toEqual(['/entities/bush-41-presidency.md']);
    // Again: nothing to do.
    expect(
      (
        await planSupersede(bundle, {
          old: 'entities/bush-41-presidency',
          new: 'entities/clinton-presidency',
          at: '1993-01-20',
        })
      ).kind,
    ).toBe('unchanged');
  },
);

test(
  'without --at no superseded_at is written (readers fall back to the ' + 'successor’s generated.at, spec §7.7)',
  async () => {
    const bundle = MemoryBundle.fromFixture('author-bundle');
    const plan = changes(
      await planSupersede(bundle, { old: 'entities/clinton-presidency', new: 'entities/bush-43-presidency' }),
    );
    expectApproved('supersede-clinton-by-bush-43-no-date', planDiff(plan));
  },
);

test('a missing half is completed: OLD already points at NEW, NEW does not list OLD', async () => {
  const bundle = MemoryBundle.fromFixture('author-bundle');
  bundle.files.set(
    '/entities/bush-41-presidency.md',
    bundle.files.get('/entities/bush-41-presidency.md')!.replace(/^supersedes:\n.*\n/m, ''),
  );
  // reagan → bush-41 is recorded on reagan only.
  const plan = changes(
    await planSupersede(bundle, { old: 'entities/reagan-presidency', new: 'entities/bush-41-presidency' }),
  );
  expect(plan.changes.map((c) => c.path)).toEqual(['/entities/bush-41-presidency.md']);
  expect(plan.changes[0].diff).toContain('+supersedes: [/entities/reagan-presidency.md]\n');
});

describe('supersede refuses, naming the problem, and changes nothing', () => {
  test.each([
    [
      { old: 'entities/bush-41-presidency', new: 'entities/reagan-presidency' },
      'this would create a supersession cycle ' +
        '(/entities/bush-41-presidency.md → /entities/reagan-presidency.md → ' +
        '/entities/bush-41-presidency.md).',
    ],
    [
      { old: 'entities/reagan-presidency', new: 'entities/clinton-presidency' },
      '/entities/reagan-presidency.md is already superseded by ' +
        '/entities/bush-41-presidency.md; a concept has at most one ' +
        '`superseded_by` (spec §7.7).',
    ],
    [
      { old: 'entities/clinton-presidency', new: 'entities/clinton-presidency' },
      'a concept cannot supersede itself (/entities/clinton-presidency.md)',
    ],
    [{ old: 'entities/clinton-presidency', new: 'entities/nobody' }, 'new concept /entities/nobody.md does not exist'],
    [
      { old: 'entities/broken', new: 'entities/clinton-presidency' },
      'old concept /entities/broken.md cannot be edited until its frontmatter is fixed',
    ],
    [
      { old: 'entities/clinton-presidency', new: 'entities/bush-43-presidency', at: 'January 1993' },
      '--at "January 1993" is not an ISO 8601 date such as 1993-01-20',
    ],
    // QA3 Q14: a date after today, and dates that would run the chain backwards.
    [
      { old: 'entities/bush-41-presidency', new: 'entities/clinton-presidency', at: '1993-01-20', today: '1993-01-19' },
      '--at 1993-01-20 is after today (1993-01-19): /entities/bush-41-presidency.md is still current until then',
    ],
    [
      { old: 'entities/bush-41-presidency', new: 'entities/clinton-presidency', at: '1988' },
      '--at 1988 is before /entities/reagan-presidency.md was superseded by /entities/bush-41-presidency.md ' +
        "(1989-01-20): the chain's dates would run backwards",
    ],
    [
      { old: 'entities/clinton-presidency', new: 'entities/reagan-presidency', at: '1995-01-01' },
      '--at 1995-01-01 is after /entities/reagan-presidency.md was itself superseded (1989-01-20)',
    ],
  ])('%j', async (request, message) => {
    const bundle = MemoryBundle.fromFixture('author-bundle');
    const before = bundle.snapshot();
    const plan = await planSupersede(bundle, request);
    expect(plan.kind === 'refused' ? plan.message : plan.kind).toContain(message);
    expect(bundle.snapshot()).toEqual(before);
  });

  test('a longer loop is found by walking the chain: clinton → reagan → bush-41 → clinton', async () => {
    const bundle = MemoryBundle.fromFixture('author-bundle');
    await applyPlan(
      changes(await planSupersede(bundle, { old: 'entities/bush-41-presidency', new: 'entities/clinton-presidency' })),
      bundle,
      bundle,
    );
    const plan = await planSupersede(bundle, { old: 'entities/clinton-presidency', new: 'entities/reagan-presidency' });
    expect(plan).toEqual({
      kind: 'refused',
      operation: 'supersede',
      message:
        'this would create a supersession cycle ' +
        '(/entities/clinton-presidency.md → /entities/reagan-presidency.md → ' +
        '/entities/bush-41-presidency.md → /entities/clinton-presidency.md).',
    });
  });

  test('--at in the period of the predecessor’s date, or today itself, is in order (QA3 Q14)', async () => {
    const bundle = MemoryBundle.fromFixture('author-bundle');
    const request = { old: 'entities/bush-41-presidency', new: 'entities/clinton-presidency', today: '1989-01-20' };
    expect((await planSupersede(bundle, { ...request, at: '1989' })).kind).toBe('change');
    expect((await planSupersede(bundle, { ...request, at: '1989-01-20' })).kind).toBe('change');
  });
});

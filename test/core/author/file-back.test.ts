import { applyPlan } from '../../../src/core/author/apply-plan';
import { planFileBack, type FileBackRequest } from '../../../src/core/author/file-back';
import { slugify } from '../../../src/core/author/slug';
import { planDiff, type AuthorPlan, type ChangePlan } from '../../../src/core/author/types';
import { readConcept } from '../../../src/core/okf/read-concept';
import type { Clock } from '../../../src/core/types';
import { expectApproved } from './approve';
import { MemoryBundle } from '../../support/memory-bundle';

const clock: Clock = { now: () => '2026-11-30T12:34:56.789Z' };

function changes(plan: AuthorPlan): ChangePlan {
  if (plan.kind !== 'change')
    throw new Error(`expected a change, got ${plan.kind}: ${plan.kind === 'refused' ? plan.message : plan.summary}`);
  return plan;
}

const request: FileBackRequest = {
  title: 'Netscape’s founders: a comparison',
  description: 'How Marc Andreessen and Jim Clark split the work of founding Netscape.',
  body:
    '# Synthesis\n\n[Marc Andreessen](/entities/marc-andreessen.md) wrote ' +
    'the browser; Jim Clark brought the money.\n',
  by: 'agent:claude',
};

test(
  'file-back creates a Concept page with generated {by, at} under a safe ' + 'name, and the reader accepts it',
  async () => {
    const bundle = MemoryBundle.fromFixture('author-bundle');
    const plan = changes(await planFileBack(bundle, request, clock));
    expect(plan.summary).toBe(
      'Filed back "Netscape’s founders: a comparison" as /concepts/netscapes-founders-a-comparison.md.',
    );
    expectApproved('file-back-concept-page', planDiff(plan));
    expect(await applyPlan(plan, bundle, bundle)).toEqual({
      kind: 'applied',
      written: ['/concepts/netscapes-founders-a-comparison.md'],
    });
    const read = readConcept(
      '/concepts/netscapes-founders-a-comparison.md',
      bundle.files.get('/concepts/netscapes-founders-a-comparison.md')!,
    );
    expect(read.kind === 'concept' && read.diagnostics).toEqual([]);
    if (read.kind !== 'concept') throw new Error('not a concept');
    expect(read.concept).toMatchObject({
      type: 'Concept',
      title: 'Netscape’s founders: a comparison',
      generated: { by: 'agent:claude', at: '2026-11-30T12:34:56Z' },
      body: '\n' + request.body,
    });
  },
);

test('entity types go under entities/, and tags and quoting survive odd titles', async () => {
  const bundle = MemoryBundle.fromFixture('author-bundle');
  const plan = changes(
    await planFileBack(
      bundle,
      {
        ...request,
        title: 'yes: 1994',
        type: 'Person',
        tags: ['a, b', 'on'],
        description: undefined,
        by: 'human:alice',
      },
      clock,
    ),
  );
  expect(plan.changes[0].path).toBe('/entities/yes-1994.md');
  const read = readConcept(plan.changes[0].path, plan.changes[0].after);
  expect(read.kind === 'concept' && [read.concept.title, read.concept.tags, read.diagnostics]).toEqual([
    'yes: 1994',
    ['a, b', 'on'],
    [],
  ]);
});

test('file-back never overwrites a page (case-insensitively), and refuses unsafe input', async () => {
  const bundle = MemoryBundle.fromFixture('author-bundle');
  const before = bundle.snapshot();
  const refusal = async (override: Partial<FileBackRequest>) => {
    const plan = await planFileBack(bundle, { ...request, ...override }, clock);
    return plan.kind === 'refused' ? plan.message : plan.kind;
  };
  expect(await refusal({ title: 'NETSCAPE', type: 'Organization' })).toBe(
    'a page already exists at /entities/netscape.md; it was not overwritten. Choose another title, or edit that page.',
  );
  expect(await refusal({ title: '../../etc/passwd', folder: '../..' })).toBe(
    'folder "../.." is not a place for concept pages (outside the bundle, hidden, or references/)',
  );
  expect(await refusal({ folder: '.obsidian' })).toContain('is not a place for concept pages');
  expect(await refusal({ folder: 'references' })).toContain('is not a place for concept pages');
  expect(await refusal({ title: '!!!' })).toBe('title "!!!" has no letter or digit to name the file with');
  expect(await refusal({ title: 'two\nlines' })).toBe('the title must be one line');
  expect(await refusal({ body: '  \n' })).toBe('the body is empty; there is nothing to file back');
  expect(await refusal({ body: '---\ntype: X\n---\nbody\n' })).toBe(
    'the body starts with its own YAML frontmatter; pass only the markdown body',
  );
  expect(await refusal({ by: ' ' })).toBe(
    'the actor is empty; say who wrote the page, e.g. human:alice or agent:claude',
  );
  expect(bundle.snapshot()).toEqual(before);
});

test('a page created meanwhile is not overwritten when the plan is applied', async () => {
  const bundle = MemoryBundle.fromFixture('author-bundle');
  const plan = changes(await planFileBack(bundle, request, clock));
  bundle.files.set(plan.changes[0].path, 'someone else’s page\n');
  expect(await applyPlan(plan, bundle, bundle)).toEqual({
    kind: 'conflict',
    message:
      '/concepts/netscapes-founders-a-comparison.md was created since the preview; nothing was written. Preview again.',
  });
  expect(bundle.files.get(plan.changes[0].path)).toBe('someone else’s page\n');
});

test.each([
  ['Gödel’s Incompleteness: Theorems!', 'godels-incompleteness-theorems'],
  ['../../etc/passwd', 'etc-passwd'],
  ['.hidden', 'hidden'],
  ['index', 'index-page'],
  ['CON', 'con-page'],
  ['日本の歴史', '日本の歴史'],
  ['a/b\\c', 'a-b-c'],
  ['x'.repeat(100), 'x'.repeat(80)],
  ['word '.repeat(30), 'word-'.repeat(15) + 'word'],
  // Cut by UTF-8 bytes too (issue 12 point 14): 90 CJK characters are 270 bytes, over a file name's 255.
  ['漢'.repeat(90), '漢'.repeat(53)],
  ['歴史 '.repeat(40), '歴史-'.repeat(22) + '歴史'],
])('slugify(%j) = %j', (title, slug) => {
  expect(slugify(title)).toBe(slug);
});

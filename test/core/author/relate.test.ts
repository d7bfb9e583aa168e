import { applyPlan } from '../../../src/core/author/apply-plan';
import { planRelate, type RelateRequest } from '../../../src/core/author/relate';
import { planDiff, type AuthorPlan, type ChangePlan } from '../../../src/core/author/types';
import { parseBundleConfig } from '../../../src/core/config/bundle-config';
import { readConcept } from '../../../src/core/okf/read-concept';
import { expectApproved } from './approve';
import { MemoryBundle } from '../../support/memory-bundle';

const load = () => {
  const bundle = MemoryBundle.fromFixture('author-bundle');
  const { config } = parseBundleConfig(bundle.files.get('/okf-wiki.json')!);
  return { bundle, config };
};

function changes(plan: AuthorPlan): ChangePlan {
  if (plan.kind !== 'change')
    throw new Error(`expected a change, got ${plan.kind}: ${plan.kind === 'refused' ? plan.message : plan.summary}`);
  return plan;
}

function relationsOf(bundle: MemoryBundle, path: string) {
  const read = readConcept(path, bundle.files.get(path)!);
  if (read.kind !== 'concept') throw new Error(path);
  return read.concept.relations;
}

test(
  'relate adds the relation to the subject and the declared inverse to ' + 'the object, in their own styles',
  async () => {
    const { bundle, config } = load();
    const request: RelateRequest = {
      subject: 'entities/marc-andreessen',
      predicate: 'invested_in',
      object: '/entities/openai.md',
      date: '2019-03-01',
      source: 'tc-profile',
    };
    const plan = changes(await planRelate(bundle, request, config));
    expect(plan.summary).toBe(
      'Related /entities/marc-andreessen.md invested_in /entities/openai.md ' +
        '(2019-03-01), and /entities/openai.md backed_by ' +
        '/entities/marc-andreessen.md.',
    );
    expect(plan.notes).toEqual([]);
    expect(bundle.writes).toEqual([]);
    expectApproved('relate-invested-in', planDiff(plan));

    expect(await applyPlan(plan, bundle, bundle)).toEqual({
      kind: 'applied',
      written: ['/entities/marc-andreessen.md', '/entities/openai.md'],
    });
    expect(relationsOf(bundle, '/entities/marc-andreessen.md')).toContainEqual({
      predicate: 'invested_in',
      object: '/entities/openai.md',
      objectPath: '/entities/openai.md',
      date: '2019-03-01',
      source: 'tc-profile',
    });
    // The object does not cite tc-profile, so the inverse carries no source (it would point at nothing there).
    expect(relationsOf(bundle, '/entities/openai.md')).toEqual([
      {
        predicate: 'backed_by',
        object: '/entities/marc-andreessen.md',
        objectPath: '/entities/marc-andreessen.md',
        date: '2019-03-01',
      },
    ]);
    // Running it again is a no-op.
    const again = await planRelate(bundle, request, config);
    expect(again.kind).toBe('unchanged');
  },
);

test('relate is idempotent when both directions are already there', async () => {
  const { bundle, config } = load();
  const plan = await planRelate(
    bundle,
    { subject: '/entities/marc-andreessen.md', predicate: 'founded', object: 'entities/netscape' },
    config,
  );
  expect(plan).toEqual({
    kind: 'unchanged',
    operation: 'relate',
    summary:
      'Already related: /entities/marc-andreessen.md founded ' +
      '/entities/netscape.md, and /entities/netscape.md founded_by ' +
      '/entities/marc-andreessen.md.',
    notes: [],
  });
});

test('relate adds only the missing half of a one-sided relation', async () => {
  const { bundle, config } = load();
  bundle.files.set(
    '/entities/openai.md',
    bundle.files
      .get('/entities/openai.md')!
      .replace(
        'description: AI research company.\n',
        'description: AI research company.\nrelations:\n  - { predicate: ' +
          'founded_by, object: /entities/marc-andreessen.md }\n',
      ),
  );
  const plan = changes(
    await planRelate(
      bundle,
      { subject: 'entities/marc-andreessen', predicate: 'founded', object: 'entities/openai' },
      config,
    ),
  );
  expect(plan.changes.map((c) => c.path)).toEqual(['/entities/marc-andreessen.md']);
  expect(plan.notes).toEqual([
    '/entities/openai.md already holds `founded_by` → ' +
      '/entities/marc-andreessen.md; only the forward relation is added.',
  ]);
});

test('the source goes on the inverse too when the object cites the same source id', async () => {
  const { bundle, config } = load();
  const plan = changes(
    await planRelate(
      bundle,
      {
        subject: 'entities/netscape',
        predicate: 'backed_by',
        object: 'entities/marc-andreessen',
        source: 'tc-profile',
      },
      config,
    ),
  );
  expect(plan.changes[1].after).toContain(
    '  - { predicate: invested_in, object: /entities/netscape.md, source: tc-profile }\n',
  );
});

test('an undeclared source id is a note, not a refusal', async () => {
  const { bundle, config } = load();
  const plan = changes(
    await planRelate(
      bundle,
      { subject: 'entities/openai', predicate: 'founded_by', object: 'entities/laura-arrillaga', source: 'nowhere' },
      config,
    ),
  );
  expect(plan.notes).toEqual([
    '/entities/openai.md has no `sources[]` entry with id "nowhere"; add one so the fact stays traceable (spec §4.3).',
  ]);
});

describe('relate refuses, with a message naming the problem, and changes nothing', () => {
  test.each([
    [
      { predicate: 'advised' },
      'no inverse is declared for `advised`: pass --inverse PREDICATE (e.g. ' +
        '--inverse advised_by), or declare the pair in okf-wiki.json as ' +
        '"inverses": [["advised", "advised_by"]].',
    ],
    [
      { predicate: 'mentored' },
      'okf-wiki.json declares several inverses of `mentored` (`mentee_of`, `trained`); choose one with --inverse.',
    ],
    [
      { predicate: 'founded', inverse: 'started_by' },
      'okf-wiki.json declares the inverse of `founded` as `founded_by`, not ' +
        '`started_by`; lint would report the relation as asymmetric. Drop ' +
        '--inverse, or change the declaration.',
    ],
    [{ object: 'entities/nobody' }, 'object /entities/nobody.md does not exist'],
    [
      { object: 'concepts/netscape.md' },
      'object /concepts/netscape.md does not exist (did you mean /entities/netscape.md?)',
    ],
    [{ object: '../outside.md' }, 'object "../outside.md" is not a path inside the bundle'],
    [
      { object: 'AGENTS.md' },
      'object /AGENTS.md is not a concept file (index.md, log.md, AGENTS.md, ' +
        'timeline.md, hidden and non-markdown files are not concepts)',
    ],
    [
      { object: 'entities/broken' },
      'object /entities/broken.md cannot be edited until its frontmatter is fixed: YAML syntax error in frontmatter:',
    ],
    [
      { object: 'entities/marc-andreessen' },
      'subject and object are the same concept (/entities/marc-andreessen.md); a relation needs two concepts',
    ],
    [
      { predicate: 'born_on', object: '1971-07-16' },
      'object "1971-07-16" is a value, not a concept path: relate asserts a ' +
        'relation between two concepts (and its inverse).',
    ],
    [{ predicate: 'nickname', object: 'Pmarca the Great' }, 'object "Pmarca the Great" is a value, not a concept path'],
    [{ date: '4 April 1994' }, 'date "4 April 1994" is not an ISO 8601 date such as 2021-01-26'],
    [{ predicate: '  ' }, 'the predicate is empty; name it, e.g. `founded`'],
  ] as [Partial<RelateRequest>, string][])('%j', async (override, message) => {
    const { bundle, config } = load();
    const before = bundle.snapshot();
    const plan = await planRelate(
      bundle,
      { subject: 'entities/marc-andreessen', predicate: 'founded', object: 'entities/openai', ...override },
      config,
    );
    expect(plan.kind).toBe('refused');
    expect(plan.kind === 'refused' && plan.message).toContain(message);
    expect(bundle.snapshot()).toEqual(before);
  });

  test('when the object cannot take the inverse, the subject is not changed either (no half-write)', async () => {
    const { bundle, config } = load();
    bundle.files.set(
      '/entities/openai.md',
      '---\ntype: Organization\ntitle: OpenAI\nrelations: { founded_by: someone }\n---\nOpenAI.\n',
    );
    const before = bundle.snapshot();
    const plan = await planRelate(
      bundle,
      { subject: 'entities/marc-andreessen', predicate: 'founded', object: 'entities/openai' },
      config,
    );
    expect(plan).toEqual({
      kind: 'refused',
      operation: 'relate',
      message:
        'nothing was changed: /entities/openai.md: `relations` should be a list but holds a mapping; fix it first',
    });
    expect(bundle.snapshot()).toEqual(before);
  });
});

describe('applyPlan', () => {
  test('a file edited since the preview stops the whole plan before any write', async () => {
    const { bundle, config } = load();
    const plan = changes(
      await planRelate(
        bundle,
        { subject: 'entities/marc-andreessen', predicate: 'invested_in', object: 'entities/openai' },
        config,
      ),
    );
    bundle.files.set('/entities/openai.md', bundle.files.get('/entities/openai.md') + 'An edit made meanwhile.\n');
    const before = bundle.snapshot();
    expect(await applyPlan(plan, bundle, bundle)).toEqual({
      kind: 'conflict',
      message: '/entities/openai.md changed since the preview; nothing was written. Preview again.',
    });
    expect(bundle.snapshot()).toEqual(before);
  });

  test('a failed second write puts the first file back, so both stay byte-identical', async () => {
    const { bundle, config } = load();
    const plan = changes(
      await planRelate(
        bundle,
        { subject: 'entities/marc-andreessen', predicate: 'invested_in', object: 'entities/openai' },
        config,
      ),
    );
    const before = bundle.snapshot();
    bundle.failWrites.add('/entities/openai.md');
    expect(await applyPlan(plan, bundle, bundle)).toEqual({
      kind: 'failed',
      message: 'could not write /entities/openai.md: disk full; /entities/marc-andreessen.md put back as before',
    });
    expect(bundle.snapshot()).toEqual(before);
  });
});

test('an object written with a #heading names its page, with a note (QA3 Q19: it was /e/a.md#intro.md)', async () => {
  const { bundle, config } = load();
  const request = { subject: 'entities/marc-andreessen', predicate: 'invested_in', object: '/entities/openai.md#2019' };
  const plan = changes(await planRelate(bundle, request, config));
  expect(plan.summary).toContain('/entities/marc-andreessen.md invested_in /entities/openai.md,');
  expect(plan.notes).toContain(
    'object "/entities/openai.md#2019" names the page /entities/openai.md: a concept path cannot name a heading.',
  );
  expect(planDiff(plan)).not.toContain('#2019');
});

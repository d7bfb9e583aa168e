// After a concept moved, every relation object, superseded_by and supersedes naming its old path is rewritten to
// the new one, quotes and every other byte kept; literals and other keys are left alone (QA3 Q7).
import { planRetarget, retargetText } from '../../../src/core/author/retarget';
import { MemoryBundle } from '../../support/memory-bundle';

const moves = new Map([['/entities/ken-thompson.md', '/entities/kenneth-thompson.md']]);

const unix = [
  '---',
  'type: Software',
  'title: Unix # the OS',
  'relations:',
  '  - { predicate: created_by, object: /entities/ken-thompson.md }',
  "  - predicate: maintained_by\n    object: '/entities/ken-thompson'",
  '  - { predicate: named_after, object: entities/ken-thompson.md }',
  '  - { predicate: created_by, object: /entities/dennis-ritchie.md }',
  'supersedes: [/entities/ken-thompson.md]',
  'notes: /entities/ken-thompson.md',
  '---',
  'Body names /entities/ken-thompson.md and stays.',
  '',
].join('\n');

test('relation objects and supersession pointers follow the move; literals, other keys and the body do not', () => {
  const result = retargetText(unix, moves);
  expect(result?.count).toBe(3);
  expect(result?.text).toBe(
    unix
      .replace('object: /entities/ken-thompson.md }', 'object: /entities/kenneth-thompson.md }')
      .replace("object: '/entities/ken-thompson'", "object: '/entities/kenneth-thompson.md'")
      .replace('supersedes: [/entities/ken-thompson.md]', 'supersedes: [/entities/kenneth-thompson.md]'),
  );
  expect(retargetText('---\ntitle: x\n---\n', moves)).toEqual({ text: '---\ntitle: x\n---\n', count: 0 });
  expect(retargetText('---\ntitle: [x\n---\n', moves)).toBeNull();
});

test('the plan names each file once with its diff, as a relate edit; the moved file itself is skipped', async () => {
  const bundle = new MemoryBundle({
    '/entities/unix.md': unix,
    '/entities/go.md': '---\ntitle: Go\nsuperseded_by: "/entities/ken-thompson.md"\n---\n',
    '/entities/kenneth-thompson.md': '---\ntitle: Ken\n---\n',
  });
  const candidates = ['/entities/unix.md', '/entities/go.md', '/entities/kenneth-thompson.md', '/entities/unix.md'];
  const { plan, pointers } = await planRetarget(bundle, candidates, moves);
  expect(pointers).toBe(4);
  if (plan.kind !== 'change') throw new Error(plan.kind);
  expect(plan.operation).toBe('relate');
  expect(plan.changes.map((c) => c.path)).toEqual(['/entities/go.md', '/entities/unix.md']);
  expect(plan.changes[0].after).toBe('---\ntitle: Go\nsuperseded_by: "/entities/kenneth-thompson.md"\n---\n');
  expect(plan.changes[0].diff).toContain('+superseded_by: "/entities/kenneth-thompson.md"');
  expect(plan.summary).toBe(
    '4 relations and supersession pointers in 2 notes now name the moved /entities/kenneth-thompson.md',
  );
});

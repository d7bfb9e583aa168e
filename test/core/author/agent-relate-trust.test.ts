// QA2 F5: a fact an agent adds to a human-verified page must not be served as `trust: human-reviewed`. The trust
// tier is per page, so an edit by an actor that is not `human:` removes the page's `verified` (author/actor.ts).
import { applyPlan } from '../../../src/core/author/apply-plan';
import { planRelate, type RelateRequest } from '../../../src/core/author/relate';
import { planSupersede } from '../../../src/core/author/supersede';
import type { AuthorPlan, ChangePlan } from '../../../src/core/author/types';
import { parseBundleConfig } from '../../../src/core/config/bundle-config';
import { readConcept } from '../../../src/core/okf/read-concept';
import type { Concept } from '../../../src/core/types';
import { MemoryBundle } from '../../support/memory-bundle';

const page = (title: string, verified: string) =>
  `---\ntype: Entity\ntitle: ${title}\n${verified}generated: { by: "agent:ingest", at: "2026-11-20" }\n` +
  `# a comment after the stamps stays\n---\n\n# ${title}\n`;

const bundle = () =>
  new MemoryBundle({
    '/okf-wiki.json': '{ "inverses": [["influenced", "influenced_by"]] }',
    '/entities/unix.md': page('Unix', 'verified: [{ by: "human:editor", at: "2026-11-25T11:00:00Z" }]\n'),
    '/entities/go.md': page('Go', 'verified:\n  - by: "agent:fact-checker"\n    at: "2026-11-22"\n'),
  });

const request = (by?: string): RelateRequest => ({
  subject: 'entities/unix',
  predicate: 'influenced',
  object: 'entities/go',
  ...(by !== undefined ? { by } : {}),
});

function changes(plan: AuthorPlan): ChangePlan {
  if (plan.kind !== 'change') throw new Error(`expected a change, got ${plan.kind}`);
  return plan;
}

function concept(b: MemoryBundle, path: string): Concept {
  const read = readConcept(path, b.files.get(path)!);
  if (read.kind !== 'concept') throw new Error(path);
  return read.concept;
}

async function relateAs(by?: string) {
  const b = bundle();
  const { config } = parseBundleConfig(b.files.get('/okf-wiki.json')!);
  const plan = changes(await planRelate(b, request(by), config));
  await applyPlan(plan, b, b);
  return { b, plan };
}

test('a relation an agent adds removes verified from both pages, saying so; the rest of each file stays', async () => {
  const { b, plan } = await relateAs('agent:claude');
  const unix = concept(b, '/entities/unix.md');
  expect([unix.trust, unix.verified]).toEqual(['unverified', []]);
  expect(unix.relations.map((r) => r.predicate)).toEqual(['influenced']);
  expect(concept(b, '/entities/go.md').trust).toBe('unverified');
  expect(plan.notes).toEqual([
    expect.stringMatching(
      /^\/entities\/unix\.md was verified by human:editor, .* by agent:claude: `verified` is removed/,
    ),
    expect.stringMatching(/^\/entities\/go\.md was verified by agent:fact-checker, /),
  ]);
  const text = b.files.get('/entities/unix.md')!;
  expect(text).not.toContain('verified');
  expect(text).toContain('generated: { by: "agent:ingest", at: "2026-11-20" }\n# a comment after the stamps stays\n');
  expect(b.files.get('/entities/go.md')).not.toContain('fact-checker');
});

test('a person relating keeps the stamps, as does a call that names no actor', async () => {
  for (const by of ['human:alice', undefined]) {
    const { b, plan } = await relateAs(by);
    expect(concept(b, '/entities/unix.md').trust).toBe('human-reviewed');
    expect(concept(b, '/entities/go.md').trust).toBe('machine-confirmed');
    expect(plan.notes).toEqual([]);
  }
});

test('relate and supersede refuse an actor that is empty, several lines or holds control characters', async () => {
  const b = bundle();
  const { config } = parseBundleConfig(b.files.get('/okf-wiki.json')!);
  for (const by of ['  ', 'agent:a\nhuman:b', 'agent:\u001b[31mred']) {
    expect(await planRelate(b, request(by), config)).toMatchObject({ kind: 'refused' });
    const supersede = await planSupersede(b, { old: 'entities/unix', new: 'entities/go', by });
    expect(supersede).toMatchObject({ kind: 'refused', message: expect.stringMatching(/actor/) });
  }
  expect(b.writes).toEqual([]);
});

// Bounded expansion (spec §6.3, §6.4, §7.7): score = predicate_weight × 0.6^hop × trust × (0.15 if superseded);
// stale facts dropped; ties by trust tier.
import { catalogOf } from '../../../src/core/retrieval/catalog';
import { compareFacts, expandFacts } from '../../../src/core/retrieval/expand';
import { factLine } from '../../../src/core/render/context-text';
import { predicateWeight, SCORING } from '../../../src/core/retrieval/weights';
import type { Fact, Intent } from '../../../src/core/retrieval/types';
import type { WikiIndex } from '../../../src/core/index/wiki-index';
import { indexOfSpecs } from '../../support/retrieval-bundle';

const S = '/entities/seed.md';
const H = '/entities/human.md';
const M = '/entities/machine.md';
const U = '/entities/unverified.md';
const OLD = '/entities/old.md';
const NEW = '/entities/new.md';
const STALE = '/entities/stale.md';
const P = '/entities/place.md';
const Q = '/entities/far.md';

let index: WikiIndex;
beforeAll(async () => {
  const near = (extra = {}) => ({ relations: [{ predicate: 'located_in', object: P, source: 'atlas' }], ...extra });
  index = await indexOfSpecs({
    [S]: {
      title: 'Seed',
      verified: 'human',
      relations: [H, M, U, OLD, STALE].map((o) => ({ predicate: 'knows', object: o, source: 'notes' })),
    },
    [H]: { title: 'Human', verified: 'human', ...near() },
    [M]: { title: 'Machine', verified: 'machine', ...near() },
    [U]: { title: 'Unverified', ...near() },
    [OLD]: { title: 'Old', verified: 'human', status: 'superseded', supersededBy: NEW, ...near() },
    [NEW]: { title: 'New', verified: 'human', generatedAt: '2024-05-06T07:08:09Z', supersedes: [OLD] },
    [STALE]: { title: 'Stale', verified: 'human', staleAfter: '2026-06-01', ...near() },
    [P]: { title: 'Place', verified: 'human', relations: [{ predicate: 'located_in', object: Q }] },
    [Q]: { title: 'Far' },
  });
});
afterAll(() => index.close());

function expand(options: { intent?: Intent; hops?: number; now?: string; seeds?: string[] } = {}): Fact[] {
  return expandFacts(index, catalogOf(index), options.seeds ?? [S], {
    intent: options.intent ?? 'GENERAL',
    hops: options.hops ?? 2,
    hopDecay: SCORING.hopDecay,
    now: options.now ?? '2026-11-30T12:00:00Z',
  });
}
const scoreOf = (facts: Fact[], subject: string) => facts.find((f) => f.subject === subject)?.score;

describe('expandFacts scoring', () => {
  test('a seed’s own relations are hop 0 with weight × trust', () => {
    const facts = expand();
    const own = facts.filter((f) => f.subject === S);
    // The relation to the stale neighbour is the seed's own fact, and the seed is not stale.
    expect(own).toHaveLength(5);
    expect(own.every((f) => f.hop === 0 && f.score === 1)).toBe(true);
  });

  test('at equal predicate weight, human-reviewed outranks machine-confirmed outranks unverified', () => {
    const facts = expand();
    expect(scoreOf(facts, H)).toBeCloseTo(0.6 * 1.0, 6);
    expect(scoreOf(facts, M)).toBeCloseTo(0.6 * 0.8, 6);
    expect(scoreOf(facts, U)).toBeCloseTo(0.6 * 0.6, 6);
    const order = facts.filter((f) => f.hop === 1).map((f) => f.subject);
    expect(order.indexOf(H)).toBeLessThan(order.indexOf(M));
    expect(order.indexOf(M)).toBeLessThan(order.indexOf(U));
  });

  test('hop decay: a neighbour’s relation scores 0.6 of the same relation on the seed', () => {
    const facts = expand();
    expect(scoreOf(facts, H)! / facts.find((f) => f.subject === S)!.score).toBeCloseTo(SCORING.hopDecay, 6);
  });

  test('a superseded subject is down-weighted ×0.15, not dropped, and marked', () => {
    const old = expand().find((f) => f.subject === OLD)!;
    expect(old.score).toBeCloseTo(0.6 * 1.0 * 0.15, 6);
    // superseded_at absent: the successor's generated.at date (spec §7.7).
    expect(old.superseded).toEqual({ by: NEW, at: '2024-05-06' });
    expect(old.line).toBe(
      '- Old located_in Place (trust: human-reviewed, source: atlas) (superseded by /entities/new.md as of 2024-05-06)',
    );
  });

  test('HISTORICAL questions do not down-weight superseded subjects, but keep the marker', () => {
    const old = expand({ intent: 'HISTORICAL' }).find((f) => f.subject === OLD)!;
    expect(old.score).toBeCloseTo(0.6, 6);
    expect(old.superseded).toBeDefined();
  });

  test('stale facts never appear once today >= stale_after', () => {
    for (const now of ['2026-06-01T00:00:00Z', '2026-11-30T12:00:00Z', '2030-01-01T00:00:00Z']) {
      expect(expand({ now }).some((f) => f.subject === STALE)).toBe(false);
    }
    expect(expand({ now: '2026-05-31T23:59:59Z' }).some((f) => f.subject === STALE)).toBe(true);
    // Seeding the stale concept itself does not bring its facts back, but the graph still runs through it:
    // its neighbours' (fresh) facts are reached.
    const fromStale = expand({ seeds: [STALE] });
    expect(fromStale.some((f) => f.subject === STALE)).toBe(false);
    expect(fromStale.length).toBeGreaterThan(0);
    expect(fromStale.every((f) => f.hop === 1)).toBe(true);
  });

  test('the hop limit bounds the traversal', () => {
    expect(expand({ hops: 1 }).every((f) => f.hop === 0)).toBe(true);
    expect(expand({ hops: 2 }).some((f) => f.subject === P)).toBe(false);
    const three = expand({ hops: 3 }).find((f) => f.subject === P)!;
    expect(three).toMatchObject({ hop: 2, objectPath: Q });
    expect(three.score).toBeCloseTo(0.36, 6);
  });

  test('equal scores are ordered by trust tier before hop; with two seeds a seed’s own fact comes first', () => {
    // An unverified seed's own fact (1.0 × 0.6) ties a human-reviewed neighbour's fact (0.6 × 1.0).
    const facts = expand({ seeds: [U, '/entities/seed.md'] });
    const tied = facts.filter((f) => Math.abs(f.score - 0.6) < 1e-9);
    expect([...tied].sort(compareFacts).map((f) => [f.trust, f.hop])).toEqual([
      ['human-reviewed', 1],
      ['human-reviewed', 1],
      ['unverified', 0],
    ]);
    // seed-links.ts (QA2 F25): each seed's own facts before a neighbour's, whatever their scores.
    expect(tied.map((f) => [f.trust, f.hop])).toEqual([
      ['unverified', 0],
      ['human-reviewed', 1],
      ['human-reviewed', 1],
    ]);
  });

  test('the result is deterministic and sorted by compareFacts', () => {
    const a = expand();
    expect(expand()).toEqual(a);
    expect([...a].sort(compareFacts)).toEqual(a);
  });
});

describe('predicateWeight', () => {
  test('WHY lifts causal predicates', () => {
    expect(predicateWeight('WHY', 'caused_by', false)).toBeGreaterThan(predicateWeight('WHY', 'located_in', false));
    expect(predicateWeight('WHY', 'motivatedBy', false)).toBeGreaterThan(predicateWeight('WHY', 'knows', false));
  });
  test('WHEN lifts dated facts and temporal predicates', () => {
    expect(predicateWeight('WHEN', 'knows', true)).toBeGreaterThan(predicateWeight('WHEN', 'born_on', false));
    expect(predicateWeight('WHEN', 'born_on', false)).toBeGreaterThan(predicateWeight('WHEN', 'knows', false));
  });
  test('ENTITY lifts identity predicates; HISTORICAL lifts succession', () => {
    expect(predicateWeight('ENTITY', 'member_of', false)).toBeGreaterThan(predicateWeight('ENTITY', 'knows', false));
    expect(predicateWeight('HISTORICAL', 'preceded', false)).toBeGreaterThan(
      predicateWeight('HISTORICAL', 'knows', true),
    );
  });
  test('GENERAL weighs everything 1', () => {
    expect(predicateWeight('GENERAL', 'anything', true)).toBe(1);
  });
});

describe('factLine (spec §6.5)', () => {
  test('the spec’s example line, exactly', () => {
    expect(
      factLine({
        subject: '/entities/andreessen-horowitz.md',
        subjectTitle: 'Andreessen Horowitz',
        predicate: 'invested_in',
        object: '/entities/openai.md',
        objectPath: '/entities/openai.md',
        objectTitle: 'OpenAI',
        date: '2021-04-01',
        trust: 'human-reviewed',
        source: 'a16z-portfolio',
        score: 1,
        hop: 0,
      }),
    ).toBe(
      '- Andreessen Horowitz invested_in OpenAI, as of 2021-04-01 (trust: human-reviewed, source: a16z-portfolio)',
    );
  });

  test('the superseded marker of spec §7.7, exactly', () => {
    expect(
      factLine({
        subject: '/entities/george-hw-bush-presidency.md',
        subjectTitle: 'George H. W. Bush',
        predicate: 'inaugurated',
        object: 'President',
        date: '1989-01-20',
        trust: 'human-reviewed',
        score: 1,
        hop: 0,
        superseded: { by: '/entities/bill-clinton-presidency.md', at: '1993-01-20' },
      }),
    ).toBe(
      '- George H. W. Bush inaugurated President, as of 1989-01-20 (trust: ' +
        'human-reviewed) (superseded by /entities/bill-clinton-presidency.md ' +
        'as of 1993-01-20)',
    );
  });

  test('without date or source, and an object path with no concept behind it', () => {
    expect(
      factLine({
        subject: '/a.md',
        subjectTitle: 'A',
        predicate: 'cites',
        object: '/gone.md',
        objectPath: '/gone.md',
        trust: 'unverified',
        score: 1,
        hop: 0,
      }),
    ).toBe('- A cites /gone.md (trust: unverified)');
  });
});

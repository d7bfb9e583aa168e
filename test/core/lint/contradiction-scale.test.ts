// contradiction on large groups (issue 12 point 8): one subject and predicate with 20,000 relations took 69 s
// when every pair was compared. The findings must be exactly the pairwise definition's, at any size.
import fc from 'fast-check';
import { DEFAULT_BUNDLE_CONFIG } from '../../../src/core/config/bundle-config';
import { contradiction } from '../../../src/core/lint/contradiction';
import type { LintContext, LintEdge } from '../../../src/core/lint/context';

/** The check run on these relations alone (the only parts of the context it reads). */
function run(edges: readonly LintEdge[]) {
  return contradiction.run({ edges, config: DEFAULT_BUNDLE_CONFIG } as unknown as LintContext);
}

/** The definition, pair by pair: different folded objects, different sources, not both dated differently. */
function pairwise(edges: readonly LintEdge[]): boolean {
  const obj = (e: LintEdge) => (e.objectPath ?? (e.objectLiteral ?? '').trim().replace(/\s+/g, ' ')).toLowerCase();
  return edges.some((a, i) =>
    edges.some(
      (b, j) =>
        j > i &&
        obj(a) !== obj(b) &&
        (a.source ?? '') !== (b.source ?? '') &&
        !(a.date !== undefined && b.date !== undefined && a.date !== b.date),
    ),
  );
}

const edge = (ord: number, object: string, source?: string, date?: string): LintEdge => ({
  subject: '/entities/x.md',
  ord,
  predicate: 'located_in',
  objectLiteral: object,
  ...(source !== undefined ? { source } : {}),
  ...(date !== undefined ? { date } : {}),
});

test('20,000 relations of one source in one group: no finding (same source), and the check returns', () => {
  const edges = Array.from({ length: 20_000 }, (_v, i) => edge(i, `Place ${i}`, 'atlas'));
  expect(run(edges)).toEqual([]);
});

test('20,000 relations each dated apart, then one undated from another source: exactly one finding', () => {
  const edges = Array.from({ length: 20_000 }, (_v, i) =>
    edge(i, `Place ${i}`, `src-${i}`, `${1000 + (i % 1000)}-01-${String(1 + Math.floor(i / 1000)).padStart(2, '0')}`),
  );
  expect(run(edges)).toEqual([]);
  const findings = run([...edges, edge(20_000, 'Elsewhere', 'gazetteer')]);
  expect(findings).toHaveLength(1);
  expect(findings[0]).toMatchObject({ check: 'contradiction', path: '/entities/x.md', value: 'located_in' });
  expect(findings[0].message).toMatch(/^`located_in` has 20001 different objects from different sources: /);
});

test('the grouped test agrees with the pairwise definition on random groups', () => {
  const arbitraryEdge = fc.record({
    object: fc.constantFrom('A', 'a', 'B', ' b ', 'C'),
    source: fc.option(fc.constantFrom('s1', 's2', 's3'), { nil: undefined }),
    date: fc.option(fc.constantFrom('2019', '2020', '2021'), { nil: undefined }),
  });
  fc.assert(
    fc.property(fc.array(arbitraryEdge, { minLength: 2, maxLength: 8 }), (specs) => {
      const edges = specs.map((s, i) => edge(i, s.object, s.source, s.date));
      expect(run(edges).length === 1).toBe(pairwise(edges));
    }),
    { numRuns: 2000 },
  );
});

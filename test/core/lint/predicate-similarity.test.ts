import {
  canonicalPredicate,
  clusterPredicates,
  editDistance,
  isLikelyTypo,
  stemPredicate,
} from '../../../src/core/lint/predicate-similarity';

test('canonical form folds case and separators', () => {
  expect(['invested_in', 'invested-in', 'investedIn', 'Invested In', ' invested__in '].map(canonicalPredicate)).toEqual(
    Array(5).fill('invested_in'),
  );
});

test('word forms share a stem; short words are left alone', () => {
  expect(stemPredicate('worked_at')).toBe(stemPredicate('works_at'));
  expect(stemPredicate('created_by')).toBe(stemPredicate('creates_by'));
  expect(stemPredicate('born_on')).not.toBe(stemPredicate('born_in'));
  expect(stemPredicate('address_of')).toBe('address_of');
});

test('edit distance with adjacent swaps, bounded', () => {
  expect(editDistance('invested', 'invsted', 2)).toBe(1);
  expect(editDistance('invested', 'invetsed', 2)).toBe(1);
  expect(editDistance('abc', 'xyz123', 2)).toBe(3);
});

test('a one-word swap of short words is not a typo', () => {
  expect(isLikelyTypo('born_on', 'born_in')).toBe(false);
  expect(isLikelyTypo('built_by', 'built_at')).toBe(false);
  expect(isLikelyTypo('invested_in', 'investd_in')).toBe(true);
  expect(isLikelyTypo('ab', 'ac')).toBe(false);
});

test('clusters keep the majority form; declared inverses and distinct groups are not merged', () => {
  const counts = new Map([
    ['invested_in', 5],
    ['investedIn', 2],
    ['invented', 3],
    ['invested', 1],
    ['founded', 2],
    ['founded_by', 2],
  ]);
  expect(clusterPredicates(counts).map((c) => [c.keep, c.members.map((m) => m.predicate)])).toEqual([
    ['invented', ['invented', 'invested']],
    ['invested_in', ['invested_in', 'investedIn']],
  ]);
  expect(clusterPredicates(counts, { distinct: [['invented', 'invested']] }).map((c) => c.keep)).toEqual([
    'invested_in',
  ]);
});

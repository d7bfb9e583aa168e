// kthSmallest replaces sorting every score of a common word to find the cut of the best k: it must give the value the
// sort gave (a zero's sign aside, which every reader compares alike), duplicates and ties included.
import fc from 'fast-check';
import { kthSmallest } from '../../../src/core/index/bm25-phrases';

test('the k-th smallest is what sorting gives, for any k, with repeats, zeros and infinities', () => {
  const value = fc.oneof(
    fc.double({ noNaN: true }),
    fc.constantFrom(0, -0, -1e-6, -2.2e-6, -7.5, -7.5000000000000001, Infinity, -Infinity),
  );
  fc.assert(
    fc.property(fc.array(value, { minLength: 1, maxLength: 300 }), fc.nat(), (list, pick) => {
      const values = Float64Array.from(list);
      const k = 1 + (pick % values.length);
      const want = Float64Array.from(values).sort()[k - 1];
      const got = kthSmallest(values, k);
      expect(got === want).toBe(true);
    }),
    { numRuns: 4000, seed: 9 },
  );
});

// normalizedInto writes what normalize(decodeVector(blob)) gives, float for float, into a row of a matrix: the vector
// cache builds its matrix with it, and every similarity must stay the plain loop's to the last bit.
import fc from 'fast-check';
import { decodeVector, encodeVector, normalize, normalizedInto } from '../../../src/core/embed/vectors';

const float = fc.float({ noDefaultInfinity: true });

test('the same floats as normalize(decodeVector(...)), aligned or not, cut, short or zero', () => {
  fc.assert(
    fc.property(
      fc.array(float, { maxLength: 40 }),
      fc.integer({ min: 0, max: 3 }),
      fc.integer({ min: 0, max: 45 }),
      fc.boolean(),
      (values, shift, count, zero) => {
        const vector = zero ? new Float32Array(values.length) : Float32Array.from(values);
        // The blob at an offset of `shift` bytes in a larger buffer (SQLite may hand out any view).
        const blob = encodeVector(vector);
        const holder = new Uint8Array(blob.length + shift);
        holder.set(blob, shift);
        const bytes = holder.subarray(shift);
        const target = new Float32Array(count + 2).fill(7);
        const n = normalizedInto(bytes, target, 1, count);
        const want = normalize(decodeVector(bytes));
        expect(n).toBe(vector.length);
        const end = Math.min(n, count);
        for (let k = 0; k < end; k++) expect(Object.is(target[1 + k], want[k])).toBe(true);
        // Nothing written outside the row's first min(n, count) floats.
        expect(target[0]).toBe(7);
        for (let k = 1 + end; k < target.length; k++) expect(target[k]).toBe(7);
      },
    ),
    { numRuns: 300, seed: 4 },
  );
});
